/*
 * Circular doubly linked lists with a sentinel head, for a struct that
 * carries `prev` and `next` pointers to its own type.  The sentinel is an
 * element of the same type, so insertion and removal never test for an
 * empty list, and an unlinked element points at itself (unlinking it
 * again is harmless).  GR_RING_DEFINE(name, type) defines the static
 * functions name_init, name_unlink and name_append for that type; the
 * connection table and the pool's client lists each instantiate it.
 */
#ifndef GR_RING_H
#define GR_RING_H

#define GR_RING_DEFINE(name, type)                                                                 \
    static inline void name##_init(type *head)                                                     \
    {                                                                                              \
        head->prev = head->next = head;                                                            \
    }                                                                                              \
    static inline void name##_unlink(type *e)                                                      \
    {                                                                                              \
        e->prev->next = e->next;                                                                   \
        e->next->prev = e->prev;                                                                   \
        e->prev = e->next = e;                                                                     \
    }                                                                                              \
    static inline void name##_append(type *head, type *e)                                          \
    {                                                                                              \
        e->prev = head->prev;                                                                      \
        e->next = head;                                                                            \
        head->prev->next = e;                                                                      \
        head->prev = e;                                                                            \
    }

#endif
