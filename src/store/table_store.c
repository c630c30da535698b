/*
 * The table store's I/O (see table_store.h; the format is table_file.c's).
 *
 * Writing.  A table is written to a temporary file of a name no other
 * writer uses (".tmp-<pid>-<tid>-<n>-<host>-<name>"), fsynced, renamed
 * over its name and the directory fsynced: rename is atomic, so a reader
 * opens the old file or the new one, and a writer killed at any point
 * leaves at worst a temporary file, which no reader looks at.  The rename
 * is made under an advisory lock (flock on ".grt.lock"), after looking
 * once more at the file it replaces, so that of two writers the one with
 * more values wins whatever their order (a checkpoint never shrinks a
 * table); without the lock (a file system that has none) the rename still
 * happens, and the worst case is a smaller valid table.
 *
 * Temporary files left by a writer that died are removed when a store is
 * opened: at once when the name says this host and a process that no
 * longer exists, otherwise when the file is older than a minute (a write
 * of the largest table takes well under that, and its file's time moves
 * with every write).
 *
 * Reading.  Everything is checked before it is trusted: the fixed header
 * (lengths bounded before any allocation), the file's size against the
 * header, the header's checksum, the key, the payload's checksum and its
 * largest value.  A file that fails is renamed aside, unless the name
 * meanwhile holds another file (a writer replaced it: that one is judged
 * on its own next time).
 */
#include "store/table_store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "store/table_file.h"

/* Values are written as the caller holds them (uint8 / uint16 arrays of
 * the core) and the format is little-endian. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the table store's files are little-endian: convert the values on this host"
#endif

#define GR_TSTORE_LOCK ".grt.lock"
#define GR_TSTORE_TMP ".tmp-"
#define GR_TSTORE_STALE_SECONDS 60
#define GR_TSTORE_LINE 1024

struct gr_tstore {
    char *dir;
    int dirfd;
    gr_tstore_log_fn log;
    void *ud;
    char host[17]; /* 16 hex digits of this host's name hash */
    atomic_bool writable;
    atomic_bool logged_unwritable;
};

/* Temporary names must differ between the threads of a process and
 * between stores of one process on one directory. */
static _Atomic unsigned long gr_tstore_seq;

static void gr_tstore_logf(gr_tstore *s, const char *fmt, ...)
{
    char line[GR_TSTORE_LINE];
    int n = snprintf(line, sizeof(line), "table store %s: ", s->dir);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < sizeof(line)) {
        vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    }
    va_end(ap);
    if (s->log != NULL) {
        s->log(s->ud, line);
    } else {
        fprintf(stderr, "%s\n", line);
    }
}

static bool gr_tstore_unwritable_errno(int e)
{
    return e == EROFS || e == EACCES || e == EPERM || e == ENOSPC || e == EDQUOT;
}

/* The directory refused a write: log it once, stop writing. */
static void gr_tstore_mark_unwritable(gr_tstore *s, const char *what, int e)
{
    atomic_store(&s->writable, false);
    if (!atomic_exchange(&s->logged_unwritable, true)) {
        gr_tstore_logf(s, "%s: %s; tables are no longer saved (the service goes on without)", what,
                       strerror(e));
    }
}

static int gr_tstore_mkdirs(const char *dir)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n >= sizeof(path)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] == '/' || path[i] == '\0') {
            char c = path[i];
            path[i] = '\0';
            if (mkdir(path, 0755) != 0 && errno != EEXIST) {
                return -1;
            }
            path[i] = c;
        }
    }
    return 0;
}

/* A stream over the directory's entries of its own: a dup() would share
 * the read position with every other thread's listing. */
static DIR *gr_tstore_opendir(gr_tstore *s)
{
    int fd = openat(s->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (d == NULL && fd >= 0) {
        close(fd);
    }
    return d;
}

static uint64_t gr_tstore_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec;
}

/* Removes the temporary files of writers that died (see the top). */
static void gr_tstore_clean(gr_tstore *s)
{
    DIR *d = gr_tstore_opendir(s);
    if (d == NULL) {
        return;
    }
    uint64_t now = gr_tstore_now();
    pid_t self = getpid();
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, GR_TSTORE_TMP, strlen(GR_TSTORE_TMP)) != 0) {
            continue;
        }
        long pid = 0;
        char host[17] = {0};
        bool dead = false;
        if (sscanf(e->d_name + strlen(GR_TSTORE_TMP), "%ld-%*u-%*u-%16[0-9a-f]-", &pid, host) ==
                2 &&
            strcmp(host, s->host) == 0 && pid > 0 && pid != self) {
            dead = kill((pid_t)pid, 0) != 0 && errno == ESRCH;
        }
        struct stat st;
        if (!dead && (fstatat(s->dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
                      (uint64_t)st.st_mtime + GR_TSTORE_STALE_SECONDS > now)) {
            continue;
        }
        unlinkat(s->dirfd, e->d_name, 0);
    }
    closedir(d);
}

gr_status gr_tstore_open(const char *dir, gr_tstore_log_fn log, void *ud, gr_tstore **out)
{
    *out = NULL;
    if (dir == NULL || *dir == '\0') {
        return GR_EINVAL;
    }
    gr_tstore *s = calloc(1, sizeof(*s));
    if (s == NULL || (s->dir = strdup(dir)) == NULL) {
        free(s);
        return GR_ENOMEM;
    }
    s->log = log;
    s->ud = ud;
    char host[256] = {0};
    gethostname(host, sizeof(host) - 1);
    snprintf(s->host, sizeof(s->host), "%016llx",
             (unsigned long long)gr_tfile_fnv(GR_FNV_OFFSET, host, strlen(host)));
    int made = gr_tstore_mkdirs(dir);
    int made_errno = errno;
    s->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (s->dirfd < 0) {
        int e = errno;
        if (e == ENOTDIR || (e == ENOENT && made == 0)) {
            free(s->dir);
            free(s);
            return GR_EINVAL;
        }
        /* missing and cannot be made (read-only parent): an empty store */
        atomic_store(&s->writable, false);
        atomic_store(&s->logged_unwritable, true);
        gr_tstore_logf(s, "cannot open: %s; tables are not kept",
                       strerror(made != 0 ? made_errno : e));
        *out = s;
        return GR_OK;
    }
    atomic_store(&s->writable, true);
    if (faccessat(s->dirfd, ".", W_OK, AT_EACCESS) != 0) {
        gr_tstore_mark_unwritable(s, "not writable", errno);
    } else {
        gr_tstore_clean(s);
        gr_tlease_sweep(s, (uint64_t)GR_TSTORE_STALE_SECONDS * 1000u);
    }
    *out = s;
    return GR_OK;
}

void gr_tstore_close(gr_tstore *s)
{
    if (s == NULL) {
        return;
    }
    if (s->dirfd >= 0) {
        close(s->dirfd);
    }
    free(s->dir);
    free(s);
}

int gr_tstore_dir_fd(const gr_tstore *s)
{
    return s->dirfd;
}

bool gr_tstore_writable(const gr_tstore *s)
{
    return atomic_load(&s->writable);
}

uint64_t gr_tstore_file_bytes(const gr_tstore_table *t)
{
    return gr_tfile_header_len(strlen(t->key)) + t->count * t->width;
}

/* Reads exactly n bytes at off; 0, or -1 with errno (0 at end of file). */
static int gr_tstore_pread(int fd, void *buf, size_t n, uint64_t off)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t r = pread(fd, p, n, (off_t)off);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            if (r == 0) {
                errno = 0;
            }
            return -1;
        }
        p += r;
        n -= (size_t)r;
        off += (uint64_t)r;
    }
    return 0;
}

static int gr_tstore_write_all(int fd, const void *buf, size_t n)
{
    const unsigned char *p = buf;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            if (w == 0) {
                errno = EIO;
            }
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A file's header read and checked, up to (not including) the payload.
 * NULL when it passes (header in arena when header != NULL), else why. */
/* The table a file's head describes, with these values (NULL: not read). */
static gr_tstore_table gr_tstore_described(const gr_tfile_head *h, gr_tstore_kind kind,
                                           const char *key, const void *values)
{
    return (gr_tstore_table){
        .kind = kind,
        .key = key,
        .count = h->count,
        .width = h->width,
        .values = values,
        .max_value = h->max_value,
        .periodic = (h->flags & 1u) != 0,
        .preperiod = h->preperiod,
        .period = h->period,
    };
}

static const char *gr_tstore_read_head(int fd, gr_arena *arena, gr_tfile_head *h,
                                       unsigned char **header)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        return "not a regular file";
    }
    if (st.st_size == 0) {
        return "empty file";
    }
    if ((uint64_t)st.st_size < GR_TFILE_FIXED) {
        return "truncated header";
    }
    unsigned char fixed[GR_TFILE_FIXED];
    if (gr_tstore_pread(fd, fixed, sizeof(fixed), 0) != 0) {
        return "unreadable header";
    }
    const char *why = gr_tfile_decode(fixed, h);
    if (why != NULL) {
        return why;
    }
    if ((uint64_t)st.st_size != (uint64_t)h->header_len + h->payload_len) {
        return (uint64_t)st.st_size < (uint64_t)h->header_len + h->payload_len
                   ? "truncated (shorter than its header says)"
                   : "longer than its header says";
    }
    unsigned char *hb = gr_arena_alloc(arena, h->header_len);
    if (hb == NULL) {
        return NULL; /* *header stays NULL: the caller reports memory */
    }
    memcpy(hb, fixed, sizeof(fixed));
    if (gr_tstore_pread(fd, hb + GR_TFILE_FIXED, h->header_len - GR_TFILE_FIXED, GR_TFILE_FIXED) !=
        0) {
        return "unreadable header";
    }
    why = gr_tfile_check_header(h, hb);
    if (why != NULL) {
        return why;
    }
    *header = hb;
    return NULL;
}

/* Renames a file that failed its check aside, if the name still holds
 * the file that was read (fd). */
static void gr_tstore_set_aside(gr_tstore *s, int fd, const char *name, const char *why)
{
    struct stat mine, now;
    if (fstat(fd, &mine) != 0 || fstatat(s->dirfd, name, &now, 0) != 0 ||
        mine.st_dev != now.st_dev || mine.st_ino != now.st_ino) {
        /* replaced or set aside meanwhile: a new file is judged next time */
        gr_tstore_logf(s, "%s: %s; ignored (the name holds another file now)", name, why);
        return;
    }
    char aside[GR_TFILE_NAME_MAX + 40];
    struct tm tm;
    time_t t = time(NULL);
    gmtime_r(&t, &tm);
    char stamp[32];
    strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
    snprintf(aside, sizeof(aside), "%s.bad-%s", name, stamp);
    if (renameat(s->dirfd, name, s->dirfd, aside) == 0) {
        gr_tstore_logf(s, "%s: %s; set aside as %s, the table will be computed again", name, why,
                       aside);
    } else {
        gr_tstore_logf(s, "%s: %s; cannot set it aside (%s), ignored", name, why, strerror(errno));
    }
}

gr_status gr_tstore_load(gr_tstore *s, gr_tstore_kind kind, const char *key, gr_arena *arena,
                         gr_tstore_table *out, bool *found)
{
    *found = false;
    memset(out, 0, sizeof(*out));
    if (s->dirfd < 0 || key == NULL || *key == '\0') {
        return GR_OK;
    }
    char name[GR_TFILE_NAME_MAX];
    gr_tfile_name(kind, key, name);
    int fd = openat(s->dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno != ENOENT) {
            gr_tstore_logf(s, "%s: %s; ignored", name, strerror(errno));
        }
        return GR_OK;
    }
    gr_tfile_head h;
    unsigned char *header = NULL;
    const char *why = gr_tstore_read_head(fd, arena, &h, &header);
    gr_status st = GR_OK;
    if (why == NULL && header == NULL) {
        st = GR_ENOMEM;
    } else if (why == NULL) {
        size_t key_len = strlen(key);
        if (h.kind != (uint32_t)kind) {
            why = "kind differs from the name's";
        } else if (h.key_len != key_len || memcmp(header + GR_TFILE_FIXED, key, key_len) != 0) {
            why = "key differs from the one asked for";
        }
    }
    void *values = NULL;
    char *key_copy = NULL;
    if (why == NULL && st == GR_OK) {
        /* payload_len <= 2^31 (checked in decode) */
        values = gr_arena_alloc(arena, (size_t)h.payload_len);
        key_copy = gr_arena_strdup(arena, key);
        if (values == NULL || key_copy == NULL) {
            st = GR_ENOMEM;
        } else if (gr_tstore_pread(fd, values, (size_t)h.payload_len, h.header_len) != 0) {
            why = "unreadable payload";
        } else {
            why = gr_tfile_check_payload(&h, values);
        }
    }
    if (why != NULL) {
        gr_tstore_set_aside(s, fd, name, why);
    } else if (st == GR_OK) {
        *out = gr_tstore_described(&h, kind, key_copy, values);
        *found = true;
    }
    close(fd);
    return st;
}

void gr_tstore_reject(gr_tstore *s, gr_tstore_kind kind, const char *key, const char *why)
{
    char name[GR_TFILE_NAME_MAX];
    gr_tfile_name(kind, key, name);
    int fd = s->dirfd < 0 ? -1 : openat(s->dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
        gr_tstore_set_aside(s, fd, name, why);
        close(fd);
    }
}

/* The header of the file now at name, checked (not its payload): what a
 * save compares with.  false when there is none that passes. */
static bool gr_tstore_existing(gr_tstore *s, const char *name, gr_tfile_head *h)
{
    int fd = openat(s->dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        return false;
    }
    gr_arena *a = gr_arena_create(0);
    unsigned char *header = NULL;
    bool ok = a != NULL && gr_tstore_read_head(fd, a, h, &header) == NULL && header != NULL;
    gr_arena_destroy(a);
    close(fd);
    return ok;
}

/* Whether t should replace the file whose header is h: a confirmed
 * table beats an unconfirmed one, else more values beat fewer. */
static bool gr_tstore_better(const gr_tstore_table *t, const gr_tfile_head *h)
{
    bool old_periodic = (h->flags & 1u) != 0;
    if (t->periodic != old_periodic) {
        return t->periodic;
    }
    return t->count > h->count;
}

static gr_status gr_tstore_io_error(gr_tstore *s, const char *what, const char *name, int e)
{
    if (gr_tstore_unwritable_errno(e)) {
        gr_tstore_mark_unwritable(s, what, e);
        return GR_OK;
    }
    gr_tstore_logf(s, "%s %s: %s; not saved", what, name, strerror(e));
    return GR_EINTERNAL;
}

gr_status gr_tstore_save(gr_tstore *s, const gr_tstore_table *t)
{
    const char *bad = gr_tfile_check_table(t);
    if (bad != NULL) {
        gr_tstore_logf(s, "refused a table to save (%s): a bug", bad);
        return GR_EINVAL;
    }
    if (!atomic_load(&s->writable) || s->dirfd < 0) {
        return GR_OK;
    }
    char name[GR_TFILE_NAME_MAX];
    gr_tfile_name(t->kind, t->key, name);
    gr_tfile_head old;
    if (gr_tstore_existing(s, name, &old) && !gr_tstore_better(t, &old)) {
        return GR_OK; /* the file holds as much already */
    }
    size_t header_len = gr_tfile_header_len(strlen(t->key));
    unsigned char *header = malloc(header_len);
    if (header == NULL) {
        return GR_ENOMEM;
    }
    size_t payload_len = (size_t)(t->count * t->width);
    gr_tfile_encode(t, gr_tfile_fnv(GR_FNV_OFFSET, t->values, payload_len), header);

    char tmp[GR_TFILE_NAME_MAX + 96];
    snprintf(tmp, sizeof(tmp), GR_TSTORE_TMP "%ld-%ld-%lu-%s-%s", (long)getpid(),
             (long)syscall(SYS_gettid), atomic_fetch_add(&gr_tstore_seq, 1) + 1, s->host, name);
    int fd = openat(s->dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        int e = errno;
        free(header);
        return gr_tstore_io_error(s, "creating", tmp, e);
    }
    int rc = gr_tstore_write_all(fd, header, header_len);
    if (rc == 0) {
        rc = gr_tstore_write_all(fd, t->values, payload_len);
    }
    if (rc == 0) {
        rc = fsync(fd);
    }
    int e = errno;
    free(header);
    if (close(fd) != 0 && rc == 0) {
        rc = -1;
        e = errno;
    }
    if (rc != 0) {
        unlinkat(s->dirfd, tmp, 0);
        return gr_tstore_io_error(s, "writing", tmp, e);
    }

    /* Under the lock, look again: another writer may have put a larger
     * table there meanwhile. */
    int lock = openat(s->dirfd, GR_TSTORE_LOCK, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock >= 0 && flock(lock, LOCK_EX) != 0) {
        close(lock);
        lock = -1;
    }
    bool replace = !gr_tstore_existing(s, name, &old) || gr_tstore_better(t, &old);
    rc = replace ? renameat(s->dirfd, tmp, s->dirfd, name) : 0;
    e = errno;
    if (lock >= 0) {
        close(lock); /* releases the flock */
    }
    if (!replace || rc != 0) {
        unlinkat(s->dirfd, tmp, 0);
        return rc != 0 ? gr_tstore_io_error(s, "renaming", tmp, e) : GR_OK;
    }
    /* The rename itself is durable once the directory is. */
    if (fsync(s->dirfd) != 0 && errno != EINVAL) {
        return gr_tstore_io_error(s, "syncing the directory of", name, errno);
    }
    return GR_OK;
}

static int gr_tstore_cmp(const void *a, const void *b)
{
    const gr_tstore_table *x = a, *y = b;
    if (x->kind != y->kind) {
        return x->kind < y->kind ? -1 : 1;
    }
    return strcmp(x->key, y->key);
}

gr_status gr_tstore_list(gr_tstore *s, gr_arena *arena, gr_tstore_table **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (s->dirfd < 0) {
        return GR_OK;
    }
    DIR *d = gr_tstore_opendir(s);
    if (d == NULL) {
        return GR_EINTERNAL;
    }
    gr_tstore_table *list = NULL;
    size_t cap = 0, len = 0;
    gr_status st = GR_OK;
    struct dirent *e;
    while (st == GR_OK && (e = readdir(d)) != NULL) {
        if (!gr_tfile_is_table_name(e->d_name)) {
            continue;
        }
        int tf = openat(s->dirfd, e->d_name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (tf < 0) {
            continue;
        }
        gr_tfile_head h;
        unsigned char *header = NULL;
        const char *why = gr_tstore_read_head(tf, arena, &h, &header);
        close(tf);
        char expect[GR_TFILE_NAME_MAX];
        char *key = NULL;
        if (why == NULL && header != NULL) {
            key = gr_arena_alloc(arena, (size_t)h.key_len + 1);
            if (key != NULL) {
                memcpy(key, header + GR_TFILE_FIXED, h.key_len);
                key[h.key_len] = '\0';
                gr_tfile_name((gr_tstore_kind)h.kind, key, expect);
                if (strcmp(expect, e->d_name) != 0) {
                    why = "its name is not its key's";
                }
            }
        }
        if (why != NULL) {
            gr_tstore_logf(s, "%s: %s; skipped", e->d_name, why);
            continue;
        }
        if (header == NULL || key == NULL) {
            st = GR_ENOMEM;
            break;
        }
        gr_tstore_table *grown = gr_arena_grow(arena, list, &cap, len + 1, sizeof(*list), 16);
        if (grown == NULL) {
            st = GR_ENOMEM;
            break;
        }
        list = grown;
        list[len++] = gr_tstore_described(&h, (gr_tstore_kind)h.kind, key, NULL);
    }
    closedir(d);
    if (st != GR_OK) {
        return st;
    }
    if (len > 1) {
        qsort(list, len, sizeof(*list), gr_tstore_cmp);
    }
    *out = list;
    *n = len;
    return GR_OK;
}
