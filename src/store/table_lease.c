/*
 * Leases of growing tables (docs/octal.md, "Replicas"): replicas on one
 * store directory hand each growing table to one of them.  The owner of
 * a table's lease grows it and writes its checkpoints; the others answer
 * from those checkpoints (re-reading the store) instead of searching the
 * same values again.  A lease is a small file ".lease-NAME" (NAME the
 * table's file name) holding its owner and the time it expires; the owner
 * renews it while it grows, so a replica that died or stopped growing
 * loses it once it expires, and the next replica to ask takes it over.
 *
 * Reading and writing a lease is done under the store's advisory lock
 * (the flock of ".grt.lock" that orders renames), so two replicas never
 * both take one; the file is written in place (a few bytes) and a torn or
 * unreadable one counts as expired.  A store that cannot be written has
 * no leases: every replica grows for itself, as without sharing.
 */
#include "store/table_store.h"

#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "store/table_file.h"

#define GR_TLEASE_PREFIX ".lease-"
#define GR_TLEASE_TEXT 160

static uint64_t gr_tlease_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts); /* shared by replicas on other hosts */
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void gr_tlease_name(gr_tstore_kind kind, const char *key, char *out)
{
    char name[GR_TFILE_NAME_MAX];
    gr_tfile_name(kind, key, name);
    snprintf(out, GR_TFILE_NAME_MAX + sizeof(GR_TLEASE_PREFIX), "%s%s", GR_TLEASE_PREFIX, name);
}

/* The store's lock (flock of .grt.lock), or -1 without one. */
static int gr_tlease_lock(int dirfd)
{
    int lock = openat(dirfd, ".grt.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock >= 0 && flock(lock, LOCK_EX) != 0) {
        close(lock);
        return -1;
    }
    return lock;
}

/* The lease file's owner and expiry; false when missing or unreadable. */
static bool gr_tlease_read(int dirfd, const char *name, char *owner, uint64_t *expires)
{
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return false;
    }
    char text[GR_TLEASE_TEXT + 1];
    ssize_t n = read(fd, text, GR_TLEASE_TEXT);
    close(fd);
    if (n <= 0) {
        return false;
    }
    text[n] = '\0';
    return sscanf(text, "%" SCNu64 " %127s", expires, owner) == 2;
}

gr_tlease_state gr_tlease_take(gr_tstore *s, gr_tstore_kind kind, const char *key,
                               const char *owner, uint64_t ttl_ms)
{
    int dirfd = gr_tstore_dir_fd(s);
    if (dirfd < 0 || !gr_tstore_writable(s)) {
        return GR_TLEASE_NONE;
    }
    char name[GR_TFILE_NAME_MAX + sizeof(GR_TLEASE_PREFIX)];
    gr_tlease_name(kind, key, name);
    int lock = gr_tlease_lock(dirfd);
    char held[128] = {0};
    uint64_t expires = 0, now = gr_tlease_now_ms();
    gr_tlease_state out = GR_TLEASE_MINE;
    if (gr_tlease_read(dirfd, name, held, &expires) && expires > now && strcmp(held, owner) != 0) {
        out = GR_TLEASE_OTHER; /* live, and another's */
    } else {
        char text[GR_TLEASE_TEXT];
        int len = snprintf(text, sizeof(text), "%" PRIu64 " %.127s\n", now + ttl_ms, owner);
        int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (fd < 0 || write(fd, text, (size_t)len) != len) {
            out = GR_TLEASE_NONE; /* no lease to be had: grow without one */
        }
        if (fd >= 0) {
            close(fd);
        }
    }
    if (lock >= 0) {
        close(lock);
    }
    return out;
}

void gr_tlease_drop(gr_tstore *s, gr_tstore_kind kind, const char *key, const char *owner)
{
    int dirfd = gr_tstore_dir_fd(s);
    if (dirfd < 0) {
        return;
    }
    char name[GR_TFILE_NAME_MAX + sizeof(GR_TLEASE_PREFIX)];
    gr_tlease_name(kind, key, name);
    int lock = gr_tlease_lock(dirfd);
    char held[128] = {0};
    uint64_t expires = 0;
    if (gr_tlease_read(dirfd, name, held, &expires) && strcmp(held, owner) == 0) {
        unlinkat(dirfd, name, 0);
    }
    if (lock >= 0) {
        close(lock);
    }
}

/* Leases left by replicas that died (killed, or their host gone) would
 * stay for ever: nobody renews them, and only their owner drops them.  A
 * lease that expired more than grace_ms ago is nobody's, so the store
 * removes it when it opens -- under the lock, so that a replica taking
 * it over at that moment keeps what it wrote. */
void gr_tlease_sweep(gr_tstore *s, uint64_t grace_ms)
{
    int dirfd = gr_tstore_dir_fd(s);
    int dup_fd = dirfd >= 0 ? dup(dirfd) : -1;
    DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
    if (d == NULL) {
        if (dup_fd >= 0) {
            close(dup_fd);
        }
        return;
    }
    int lock = gr_tlease_lock(dirfd);
    uint64_t now = gr_tlease_now_ms();
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strncmp(e->d_name, GR_TLEASE_PREFIX, strlen(GR_TLEASE_PREFIX)) != 0) {
            continue;
        }
        char held[128] = {0};
        uint64_t expires = 0;
        bool known = gr_tlease_read(dirfd, e->d_name, held, &expires);
        if (!known || expires + grace_ms < now) {
            unlinkat(dirfd, e->d_name, 0);
        }
    }
    if (lock >= 0) {
        close(lock);
    }
    closedir(d);
}
