/*
 * Transparent huge pages for a large array read at random (a search's
 * table): with 4 KiB pages nearly every such read also misses the TLB
 * (tens of MB are thousands of pages) and every page is a fault of its
 * own; with 2 MiB pages neither.  The kernel backs only whole aligned
 * 2 MiB pages with a huge one, so the hint covers just those.
 */
#include "core/huge_pages.h"

#include <stdint.h>
#include <sys/mman.h>

void gr_huge_pages(void *p, size_t len)
{
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (p == NULL || len < 2 * huge) {
        return;
    }
    uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1), e = ((uintptr_t)p + len) & ~(huge - 1);
    if (e > a) {
        (void)madvise((void *)a, e - a, MADV_HUGEPAGE);
    }
#else
    (void)p;
    (void)len;
#endif
}
