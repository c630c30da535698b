/*
 * An intrusive doubly linked list, after nginx's ngx_queue.h and Linux's
 * list.h: a struct that lives on a list embeds a gr_link, the list itself
 * is a gr_link used as a sentinel, and GR_LINK_ENTRY recovers the struct
 * from its link.  The list is circular through the sentinel, so linking
 * and unlinking never test for an empty list or an end; an empty list's
 * sentinel points at itself, and so does an unlinked element (unlinking
 * it again is harmless).  Nothing here allocates or locks: the owner of
 * the list does both.  Used by the arena's large chunks, the table cache's
 * LRU order, the parked sequence streams, the connection table and the
 * worker pool's clients (the core may be used by the JSON and HTTP
 * layers).
 */
#ifndef GR_LIST_H
#define GR_LIST_H

#include <stdbool.h>
#include <stddef.h>

typedef struct gr_link {
    struct gr_link *prev, *next;
} gr_link;

/* The struct of `type` whose `member` is the link l. */
#define GR_LINK_ENTRY(l, type, member) ((type *)(void *)((char *)(l)-offsetof(type, member)))

/* An empty list, or an element on none. */
static inline void gr_link_init(gr_link *l)
{
    l->prev = l->next = l;
}

static inline bool gr_link_empty(const gr_link *head)
{
    return head->next == head;
}

/* e first on the list (e on none). */
static inline void gr_link_push_front(gr_link *head, gr_link *e)
{
    e->prev = head;
    e->next = head->next;
    head->next->prev = e;
    head->next = e;
}

/* e last on the list (e on none). */
static inline void gr_link_push_back(gr_link *head, gr_link *e)
{
    e->prev = head->prev;
    e->next = head;
    head->prev->next = e;
    head->prev = e;
}

/* e off its list; it then points at itself. */
static inline void gr_link_unlink(gr_link *e)
{
    e->prev->next = e->next;
    e->next->prev = e->prev;
    e->prev = e->next = e;
}

/* Every element of `from`, in order, onto the end of `head`; `from` is
 * left empty. */
static inline void gr_link_splice_back(gr_link *head, gr_link *from)
{
    if (gr_link_empty(from)) {
        return;
    }
    from->next->prev = head->prev;
    head->prev->next = from->next;
    from->prev->next = head;
    head->prev = from->prev;
    gr_link_init(from);
}

/* The neighbours of e point at it again after its struct moved (a
 * realloc copied e's pointers; theirs still name the old address). */
static inline void gr_link_moved(gr_link *e)
{
    e->prev->next = e;
    e->next->prev = e;
}

#endif
