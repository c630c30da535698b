/* Static files linked into the daemon at build time (see Makefile). Each is
 * followed by a NUL so it can also be used as a C string. */
    .section .rodata
    .balign 16
    .globl gr_embed_openapi
    .globl gr_embed_openapi_end
gr_embed_openapi:
    .incbin "api/openapi.yaml"
gr_embed_openapi_end:
    .byte 0
    .balign 16
    .globl gr_embed_index
    .globl gr_embed_index_end
gr_embed_index:
    .incbin "web/index.html"
gr_embed_index_end:
    .byte 0
    .section .note.GNU-stack,"",@progbits
