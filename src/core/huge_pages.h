/*
 * A hint for the large tables of the core's searches (Domineering's 8 x 8
 * outcome table, the Hackenbush graph's DFS arrays): transparent huge
 * pages (src/core/huge_pages.c).
 */
#ifndef GR_HUGE_PAGES_H
#define GR_HUGE_PAGES_H

#include <stddef.h>

/* Asks the kernel for transparent huge pages on the whole 2 MiB pages
 * inside p[0, len), before its first touch, for an array of 4 MiB or more
 * (below, a page or none of it could be huge).  Only a hint: where it is
 * not available or refused nothing changes. */
void gr_huge_pages(void *p, size_t len);

#endif
