/*
 * libFuzzer harness of the request-head check (src/http/head.c), the code
 * that reads a connection's first request head as raw bytes.  Beyond "no
 * crash, no UB", it checks the verdict's invariants: an accepted head ends
 * with its blank line inside the input, and judging just that head again
 * gives the same verdict and length (the check must not depend on the
 * bytes after the head, which belong to the body).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http/head.h"

#define LIMIT ((size_t)15 << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_head_result r;
    gr_head_check((const char *)data, size, LIMIT, &r);
    if (r.verdict == GR_HEAD_OK) {
        if (r.head_len == 0 || r.head_len > size || data[r.head_len - 1] != '\n') {
            abort();
        }
        gr_head_result again;
        gr_head_check((const char *)data, r.head_len, LIMIT, &again);
        if (again.verdict != GR_HEAD_OK || again.head_len != r.head_len) {
            abort();
        }
    } else if (r.verdict != GR_HEAD_INCOMPLETE && r.why == NULL) {
        abort(); /* every refusal says why */
    }
    (void)gr_head_target_has_ctl((const char *)data, size);
    return 0;
}
