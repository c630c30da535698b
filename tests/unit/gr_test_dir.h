/* Temporary directories for the unit tests that write files: made under
 * $TMPDIR (or /tmp), removed with everything below them.  nftw needs
 * _GNU_SOURCE (or _XOPEN_SOURCE 500) defined before the first include of
 * the test file. */
#ifndef GR_TEST_DIR_H
#define GR_TEST_DIR_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"

/* A new empty directory named after stem; free it with gr_test_rmtree. */
static inline char *gr_test_tmpdir(const char *stem)
{
    const char *base = getenv("TMPDIR");
    char tmpl[512];
    snprintf(tmpl, sizeof(tmpl), "%s/%s-XXXXXX", base != NULL && *base != '\0' ? base : "/tmp",
             stem);
    char *d = mkdtemp(tmpl);
    assert_non_null(d);
    d = strdup(d);
    assert_non_null(d);
    return d;
}

static inline int gr_test_rm_entry(const char *path, const struct stat *st, int flag,
                                   struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Removes dir and all it holds, and frees the name. */
static inline void gr_test_rmtree(char *dir)
{
    nftw(dir, gr_test_rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(dir);
}

#endif
