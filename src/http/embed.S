/* Static files linked into the daemon at build time: the OpenAPI document,
 * the playground (web/, subdirectories included) and the docs (docs/*.md).
 * The Makefile writes $(BUILD)/embed_files.inc, one GR_EMBED line a file
 * (its URL path, its file), so a file added under web/ or docs/ is served
 * with no edit here.
 *
 * gr_embed_files is a table of {name, data, length} triples, each an offset
 * from gr_embed_files (offsets, not pointers: the table needs no relocation
 * in a position-independent executable), ended by a zero name.  The names
 * and the bytes sit in subsections 1 and 2 of the same section, so every
 * offset is known when this file is assembled.  Each file is followed by a
 * NUL so it can also be read as a C string.  Read by http/static.c. */
    .macro GR_EMBED url, path
    .section .rodata.gr_embed,"a"
    .subsection 1
9:  .asciz "\url"
    .subsection 2
    .balign 16
7:  .incbin "\path"
8:  .byte 0
    .subsection 0
    .quad 9b - gr_embed_files, 7b - gr_embed_files, 8b - 7b
    .endm

    .section .rodata.gr_embed,"a"
    .balign 16
    .globl gr_embed_files
gr_embed_files:
#include "embed_files.inc"
    .quad 0, 0, 0
    .section .note.GNU-stack,"",@progbits
