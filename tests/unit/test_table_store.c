/* The table store: round trips, every kind of damaged file (found as
 * "not found", logged, set aside, and a later save works), every single
 * byte changed and every truncation of a valid file, kill -9 in the middle
 * of writes, a read-only directory and a full disk, and two stores (two
 * threads, two processes) saving and loading one key at once.  Everything
 * lives under a temporary directory removed at the end (GR_TEST_VERBOSE
 * set: how many temporary files each kill left). */
#define _GNU_SOURCE
#include "gr_test.h"
#include "gr_test_dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store/table_store.h"

/* ---- helpers ----------------------------------------------------------- */

typedef struct logbook {
    pthread_mutex_t mu;
    int lines;
    char last[1024];
} logbook;

static void log_line(void *ud, const char *line)
{
    logbook *b = ud;
    pthread_mutex_lock(&b->mu);
    b->lines++;
    snprintf(b->last, sizeof(b->last), "%s", line);
    pthread_mutex_unlock(&b->mu);
}

/* A value of heap h for a test table: deterministic, below `limit`. */
static uint64_t test_value(uint64_t h, uint64_t limit)
{
    uint64_t z = h * 0x9e3779b97f4a7c15ULL;
    z ^= z >> 29;
    z *= 0xbf58476d1ce4e5b9ULL;
    return (z ^ (z >> 32)) % limit;
}

/* A table of count values test_value(h, limit) (limit <= 256 with width
 * 1) in arena. */
static gr_tstore_table make_table(gr_arena *a, gr_tstore_kind kind, const char *key, uint64_t count,
                                  unsigned width, uint64_t limit)
{
    unsigned char *v = gr_arena_alloc(a, (size_t)(count * width));
    assert_non_null(v);
    uint64_t max = 0;
    for (uint64_t h = 0; h < count; h++) {
        uint64_t g = test_value(h, limit);
        max = g > max ? g : max;
        if (width == 1) {
            v[h] = (unsigned char)g;
        } else {
            v[2 * h] = (unsigned char)g;
            v[2 * h + 1] = (unsigned char)(g >> 8);
        }
    }
    return (gr_tstore_table){
        .kind = kind, .key = key, .count = count, .width = width, .values = v, .max_value = max};
}

static bool values_are(const gr_tstore_table *t, uint64_t limit)
{
    const unsigned char *v = t->values;
    for (uint64_t h = 0; h < t->count; h++) {
        uint64_t g = t->width == 1 ? v[h] : (uint64_t)v[2 * h] | (uint64_t)v[2 * h + 1] << 8;
        if (g != test_value(h, limit)) {
            return false;
        }
    }
    return true;
}

static void path_of(char *out, size_t cap, const char *dir, const char *name)
{
    snprintf(out, cap, "%s/%s", dir, name);
}

/* How many entries of dir begin with prefix / contain infix. */
static int count_entries(const char *dir, const char *prefix, const char *infix)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if ((prefix == NULL || strncmp(e->d_name, prefix, strlen(prefix)) == 0) &&
            (infix == NULL || strstr(e->d_name, infix) != NULL)) {
            n++;
        }
    }
    closedir(d);
    return n;
}

static void *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static void write_file(const char *path, const void *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* A store on a fresh directory (*dir), logging into *lb. */
static gr_tstore *open_store(char **dir, logbook *lb)
{
    *dir = gr_test_tmpdir("grundy-tstore");
    *lb = (logbook){PTHREAD_MUTEX_INITIALIZER, 0, ""};
    gr_tstore *s = NULL;
    assert_int_equal(gr_tstore_open(*dir, log_line, lb, &s), GR_OK);
    return s;
}

/* The end of a test: its arena, its store and its directory go. */
static void close_store(gr_tstore *s, gr_arena *a, char *dir)
{
    gr_arena_destroy(a);
    gr_tstore_close(s);
    gr_test_rmtree(dir);
}

/* Loads kind/key from s into *got (in a) and checks whether a table was
 * found: found starts as the opposite of want, so a load that leaves it
 * alone fails the test too. */
static void expect_load(gr_tstore *s, gr_tstore_kind kind, const char *key, gr_arena *a,
                        gr_tstore_table *got, bool want)
{
    bool found = !want;
    assert_int_equal(gr_tstore_load(s, kind, key, a, got, &found), GR_OK);
    assert_int_equal(found, want);
}

/* A store on an existing directory, with no log. */
static gr_tstore *open_quiet(const char *dir)
{
    gr_tstore *s = NULL;
    assert_int_equal(gr_tstore_open(dir, NULL, NULL, &s), GR_OK);
    return s;
}

/* The fixture of a test on one store: a fresh directory, its store
 * logging into lb, an arena; all gone after the test. */
typedef struct fixture {
    char *dir;
    logbook lb;
    gr_tstore *s;
    gr_arena *a;
} fixture;

static int fixture_setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));
    if (f == NULL) {
        return -1;
    }
    f->s = open_store(&f->dir, &f->lb);
    f->a = gr_arena_create(0);
    *state = f;
    return f->a != NULL ? 0 : -1;
}

static int fixture_teardown(void **state)
{
    fixture *f = *state;
    close_store(f->s, f->a, f->dir);
    free(f);
    return 0;
}

#define with_store(t) cmocka_unit_test_setup_teardown(t, fixture_setup, fixture_teardown)

/* ---- round trips ------------------------------------------------------- */

static void round_trip(gr_tstore *s, gr_tstore_kind kind, const char *key, uint64_t count,
                       unsigned width, uint64_t limit, bool periodic, uint64_t e, uint64_t p)
{
    gr_arena *a = gr_arena_create(0);
    gr_tstore_table t = make_table(a, kind, key, count, width, limit);
    t.periodic = periodic;
    t.preperiod = e;
    t.period = p;
    assert_int_equal(gr_tstore_save(s, &t), GR_OK);
    gr_tstore_table got;
    expect_load(s, kind, key, a, &got, true);
    assert_int_equal(got.kind, kind);
    assert_string_equal(got.key, key);
    assert_int_equal(got.count, count);
    assert_int_equal(got.width, width);
    assert_int_equal(got.max_value, t.max_value);
    assert_int_equal(got.periodic, periodic);
    assert_int_equal(got.preperiod, e);
    assert_int_equal(got.period, p);
    assert_memory_equal(got.values, t.values, (size_t)(count * width));
    /* the other kind of the same key is another table */
    gr_tstore_kind other = kind == GR_TSTORE_OCTAL ? GR_TSTORE_SUBTRACTION : GR_TSTORE_OCTAL;
    expect_load(s, other, key, a, &got, false);
    gr_arena_destroy(a);
}

static void test_round_trip(void **state)
{
    fixture *f = *state;
    gr_tstore *s = f->s;
    gr_arena *a = f->a;
    assert_true(gr_tstore_writable(s));
    round_trip(s, GR_TSTORE_OCTAL, "0.106", 5000, 1, 256, false, 0, 0);
    round_trip(s, GR_TSTORE_OCTAL, "0.56", 3000, 2, 40000, true, 1000, 1500);
    round_trip(s, GR_TSTORE_SUBTRACTION, "1,3,4", 700, 2, 3, true, 0, 7);
    round_trip(s, GR_TSTORE_OCTAL, "grundy", 1, 1, 1, false, 0, 0);
    /* keys that cannot be file names as they are: hashed names */
    round_trip(s, GR_TSTORE_OCTAL, "../../etc/passwd", 10, 1, 5, false, 0, 0);
    char longkey[3000];
    for (size_t i = 0; i + 1 < sizeof(longkey); i++) {
        longkey[i] = (char)('0' + i % 10);
    }
    longkey[sizeof(longkey) - 1] = '\0';
    round_trip(s, GR_TSTORE_SUBTRACTION, longkey, 100, 2, 300, false, 0, 0);
    assert_int_equal(count_entries(f->dir, NULL, "passwd"), 0);

    /* list: the headers, sorted by kind and key */
    gr_tstore_table *list = NULL;
    size_t n = 0;
    assert_int_equal(gr_tstore_list(s, a, &list, &n), GR_OK);
    assert_int_equal(n, 6);
    assert_string_equal(list[0].key, "../../etc/passwd");
    assert_string_equal(list[1].key, "0.106");
    assert_int_equal(list[1].count, 5000);
    assert_string_equal(list[2].key, "0.56");
    assert_true(list[2].periodic);
    assert_int_equal(list[2].period, 1500);
    assert_string_equal(list[3].key, "grundy");
    assert_int_equal(list[4].kind, GR_TSTORE_SUBTRACTION);
    assert_string_equal(list[4].key, longkey);
    assert_string_equal(list[5].key, "1,3,4");
    assert_null(list[5].values);
    assert_int_equal(f->lb.lines, 0);
}

/* Malformed tables are a caller's bug, refused before anything is written. */
static void test_save_refuses_malformed(void **state)
{
    fixture *f = *state;
    gr_tstore *s = f->s;
    gr_arena *a = f->a;
    gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.7", 100, 1, 10);
    gr_tstore_table bad[5] = {t, t, t, t, t};
    bad[0].max_value = 3;   /* not the largest value */
    bad[1].periodic = true; /* period 0 */
    bad[2].width = 3;
    bad[3].key = "";
    bad[4].count = 0;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(gr_tstore_save(s, &bad[i]), GR_EINVAL);
    }
    assert_int_equal(count_entries(f->dir, "octal", NULL), 0);
}

/* ---- which table wins -------------------------------------------------- */

static void test_never_shrinks(void **state)
{
    fixture *f = *state;
    gr_tstore *s = f->s;
    gr_arena *a = f->a;
    gr_tstore_table got;
    gr_tstore_table big = make_table(a, GR_TSTORE_OCTAL, "0.6", 2000, 1, 100);
    gr_tstore_table small = make_table(a, GR_TSTORE_OCTAL, "0.6", 500, 1, 100);
    assert_int_equal(gr_tstore_save(s, &big), GR_OK);
    assert_int_equal(gr_tstore_save(s, &small), GR_OK);
    expect_load(s, GR_TSTORE_OCTAL, "0.6", a, &got, true);
    assert_int_equal(got.count, 2000);
    /* a confirmed table replaces an unconfirmed one, even a longer one */
    small.periodic = true;
    small.preperiod = 10;
    small.period = 20;
    assert_int_equal(gr_tstore_save(s, &small), GR_OK);
    expect_load(s, GR_TSTORE_OCTAL, "0.6", a, &got, true);
    assert_int_equal(got.count, 500);
    assert_true(got.periodic);
    /* ... and is never replaced by one */
    gr_tstore_table bigger = make_table(a, GR_TSTORE_OCTAL, "0.6", 4000, 1, 100);
    assert_int_equal(gr_tstore_save(s, &bigger), GR_OK);
    expect_load(s, GR_TSTORE_OCTAL, "0.6", a, &got, true);
    assert_int_equal(got.count, 500);
    assert_true(got.periodic);
    assert_true(values_are(&got, 100));
}

/* ---- damaged files ----------------------------------------------------- */

typedef enum {
    DAMAGE_PAYLOAD_BYTE,
    DAMAGE_HEADER_BYTE,
    DAMAGE_TRUNCATE,
    DAMAGE_WRONG_KEY,
    DAMAGE_EMPTY,
    DAMAGE_APPEND,
    DAMAGE_COUNT
} damage;

static void test_damaged_files(void **state)
{
    (void)state;
    for (int d = 0; d < DAMAGE_COUNT; d++) {
        char *dir;
        logbook lb;
        gr_tstore *s = open_store(&dir, &lb);
        gr_arena *a = gr_arena_create(0);
        gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.137", 4096, 2, 1000);
        assert_int_equal(gr_tstore_save(s, &t), GR_OK);
        char path[1024];
        path_of(path, sizeof(path), dir, "octal-0.137.grt");
        size_t len;
        unsigned char *bytes = read_file(path, &len);
        assert_int_equal(len, gr_tstore_file_bytes(&t));
        switch ((damage)d) {
        case DAMAGE_PAYLOAD_BYTE:
            bytes[len - 1000] ^= 0x10;
            write_file(path, bytes, len);
            break;
        case DAMAGE_HEADER_BYTE:
            bytes[25] ^= 0x01; /* the count's second byte */
            write_file(path, bytes, len);
            break;
        case DAMAGE_TRUNCATE:
            write_file(path, bytes, len / 2);
            break;
        case DAMAGE_WRONG_KEY: {
            /* a valid file of another key under this key's name */
            gr_tstore_table other = make_table(a, GR_TSTORE_OCTAL, "0.07", 100, 1, 5);
            assert_int_equal(gr_tstore_save(s, &other), GR_OK);
            char from[1024];
            path_of(from, sizeof(from), dir, "octal-0.07.grt");
            assert_int_equal(rename(from, path), 0);
            break;
        }
        case DAMAGE_EMPTY:
            write_file(path, bytes, 0);
            break;
        case DAMAGE_APPEND: {
            unsigned char *more = realloc(bytes, len + 1);
            assert_non_null(more);
            bytes = more;
            bytes[len] = 0;
            write_file(path, bytes, len + 1);
            break;
        }
        default:
            break;
        }
        free(bytes);
        gr_tstore_table got;
        expect_load(s, GR_TSTORE_OCTAL, "0.137", a, &got, false);
        assert_int_equal(lb.lines, 1);
        assert_non_null(strstr(lb.last, "set aside"));
        /* set aside: gone from its name, kept beside it for a look */
        assert_int_equal(access(path, F_OK), -1);
        assert_int_equal(count_entries(dir, "octal-0.137.grt.bad-", NULL), 1);
        /* the next load finds nothing and says nothing */
        expect_load(s, GR_TSTORE_OCTAL, "0.137", a, &got, false);
        assert_int_equal(lb.lines, 1);
        /* a list ignores the file set aside */
        gr_tstore_table *list;
        size_t n;
        assert_int_equal(gr_tstore_list(s, a, &list, &n), GR_OK);
        assert_int_equal(n, 0);
        /* a later save works */
        assert_int_equal(gr_tstore_save(s, &t), GR_OK);
        expect_load(s, GR_TSTORE_OCTAL, "0.137", a, &got, true);
        assert_true(values_are(&got, 1000));
        assert_int_equal(got.count, 4096);
        close_store(s, a, dir);
    }
}

/* Every single byte of a valid file changed (three ways), every
 * truncation and a few random multi-byte changes: each variant is "not
 * found", never a crash and never a table.  One-byte changes are caught
 * for certain (FNV-1a's steps are bijections of its state, and the
 * header's checksum covers every header byte but its own, which a change
 * makes disagree). */
/* Whether the file written as bytes[0..len-1] at path loads as the table
 * "0.106" of s (a is reset first: thousands of variants load into it). */
static bool variant_loads(gr_tstore *s, gr_arena *a, const char *path, const void *bytes,
                          size_t len)
{
    write_file(path, bytes, len);
    gr_tstore_table got;
    bool found = true;
    gr_arena_reset(a);
    assert_int_equal(gr_tstore_load(s, GR_TSTORE_OCTAL, "0.106", a, &got, &found), GR_OK);
    return found;
}

static void test_every_byte_and_truncation(void **state)
{
    fixture *f = *state;
    gr_tstore *s = f->s;
    gr_arena *a = f->a;
    gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.106", 150, 2, 300);
    t.periodic = true;
    t.preperiod = 20;
    t.period = 30;
    assert_int_equal(gr_tstore_save(s, &t), GR_OK);
    char path[1024];
    path_of(path, sizeof(path), f->dir, "octal-0.106.grt");
    size_t len;
    unsigned char *good = read_file(path, &len);
    unsigned char *bytes = malloc(len);
    assert_non_null(bytes);
    static const unsigned char flips[] = {0x01, 0x80, 0xff};
    int variants = 0;
    for (size_t i = 0; i < len; i++) {
        for (size_t x = 0; x < sizeof(flips); x++) {
            memcpy(bytes, good, len);
            bytes[i] ^= flips[x];
            if (variant_loads(s, a, path, bytes, len)) {
                fail_msg("byte %zu ^ 0x%02x was loaded as valid", i, flips[x]);
            }
            variants++;
        }
    }
    for (size_t n = 0; n < len; n++) {
        if (variant_loads(s, a, path, good, n)) {
            fail_msg("truncation to %zu bytes was loaded as valid", n);
        }
        variants++;
    }
    gr_test_rng rng = {20261201};
    for (int r = 0; r < 2000; r++) {
        memcpy(bytes, good, len);
        int k = 2 + (int)gr_test_below(&rng, 6);
        for (int j = 0; j < k; j++) {
            bytes[gr_test_below(&rng, len)] = (unsigned char)gr_test_next(&rng);
        }
        if (memcmp(bytes, good, len) == 0) {
            continue;
        }
        if (variant_loads(s, a, path, bytes, len)) {
            fail_msg("random change %d (seed 20261201) was loaded as valid", r);
        }
        variants++;
    }
    /* each variant logged once */
    assert_int_equal(f->lb.lines, variants);
    /* and the good bytes still load */
    write_file(path, good, len);
    gr_tstore_table got;
    expect_load(s, GR_TSTORE_OCTAL, "0.106", a, &got, true);
    assert_true(values_are(&got, 300));
    free(bytes);
    free(good);
}

/* ---- kill -9 during writes --------------------------------------------- */

#define KILL_LIMIT 60000u

/* The child: saves ever longer tables of one key until killed. */
static void saver_child(const char *dir, int ready_fd)
{
    gr_tstore *s = NULL;
    if (gr_tstore_open(dir, NULL, NULL, &s) != GR_OK) {
        _exit(3);
    }
    gr_arena *a = gr_arena_create(0);
    const uint64_t max = (uint64_t)1 << 21; /* 4 MiB at width 2 */
    gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.376", max, 2, KILL_LIMIT);
    if (write(ready_fd, "r", 1) != 1) {
        _exit(4);
    }
    for (uint64_t count = max / 2;; count += 4099) {
        t.count = count <= max ? count : max;
        /* the largest value of the prefix: recomputed, it must be exact */
        const unsigned char *v = t.values;
        uint64_t m = 0;
        for (uint64_t h = 0; h < t.count; h++) {
            uint64_t g = (uint64_t)v[2 * h] | (uint64_t)v[2 * h + 1] << 8;
            m = g > m ? g : m;
        }
        t.max_value = m;
        if (gr_tstore_save(s, &t) != GR_OK) {
            _exit(5);
        }
    }
}

static void test_kill_during_write(void **state)
{
    (void)state;
    char *dir = gr_test_tmpdir("grundy-tstore");
    /* kill points spread over a save's phases (write, fsync, rename),
     * whatever the machine's speed: the test checks the files, not times */
    static const unsigned delays_us[] = {0, 1000, 5000, 15000, 40000, 90000, 200000, 400000};
    for (size_t k = 0; k < sizeof(delays_us) / sizeof(delays_us[0]); k++) {
        int p[2];
        assert_int_equal(pipe(p), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(p[0]);
            saver_child(dir, p[1]);
            _exit(0);
        }
        close(p[1]);
        char c;
        assert_int_equal(read(p[0], &c, 1), 1);
        close(p[0]);
        usleep(delays_us[k]);
        kill(pid, SIGKILL);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));

        if (getenv("GR_TEST_VERBOSE") != NULL) {
            fprintf(stderr, "kill %zu: %d temporary file(s) left\n", k,
                    count_entries(dir, ".tmp-", NULL));
        }
        /* every file there either loads valid or is not found */
        logbook lb = {PTHREAD_MUTEX_INITIALIZER, 0, ""};
        gr_tstore *s = NULL;
        assert_int_equal(gr_tstore_open(dir, log_line, &lb, &s), GR_OK);
        /* the dead writer's temporary file is gone (same host, dead pid) */
        assert_int_equal(count_entries(dir, ".tmp-", NULL), 0);
        gr_arena *a = gr_arena_create(0);
        gr_tstore_table got;
        bool found = false;
        assert_int_equal(gr_tstore_load(s, GR_TSTORE_OCTAL, "0.376", a, &got, &found), GR_OK);
        if (found) {
            assert_true(values_are(&got, KILL_LIMIT));
            assert_true(got.count >= ((uint64_t)1 << 20));
        }
        assert_int_equal(lb.lines, 0); /* nothing was found damaged */
        assert_int_equal(count_entries(dir, NULL, ".bad-"), 0);
        gr_arena_destroy(a);
        gr_tstore_close(s);
    }
    gr_test_rmtree(dir);
}

/* ---- read-only directory, full disk ------------------------------------ */

/* The checks below run in a child in a mount namespace of its own, where
 * a read-only bind mount of the directory and a tiny tmpfs can be made
 * whether or not the test runs as root (root ignores a directory's mode
 * bits, so chmod 0555 would test nothing then): as root the child
 * unshares the mount namespace, otherwise a user namespace with it.  The
 * child reports by exit status: 0 passed, 77 no namespace here (then,
 * as a non-root user, the mode bits are used instead), other: the line
 * of the check that failed. */
#define CHILD_CHECK(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "check failed at line %d: %s\n", __LINE__, #cond);                     \
            _exit(__LINE__ % 200 + 1);                                                             \
        }                                                                                          \
    } while (0)

static void readonly_checks(const char *ro, const char *full)
{
    logbook lb = {PTHREAD_MUTEX_INITIALIZER, 0, ""};
    gr_tstore *s = NULL;
    CHILD_CHECK(gr_tstore_open(ro, log_line, &lb, &s) == GR_OK);
    CHILD_CHECK(!gr_tstore_writable(s));
    CHILD_CHECK(lb.lines == 1);
    gr_arena *a = gr_arena_create(0);
    /* what is there still loads */
    gr_tstore_table got;
    bool found = false;
    CHILD_CHECK(gr_tstore_load(s, GR_TSTORE_OCTAL, "0.77", a, &got, &found) == GR_OK);
    CHILD_CHECK(found && values_are(&got, 50) && got.count == 1000);
    /* saves are GR_OK, write nothing and log nothing more */
    gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.4", 100, 1, 7);
    CHILD_CHECK(gr_tstore_save(s, &t) == GR_OK);
    CHILD_CHECK(gr_tstore_save(s, &t) == GR_OK);
    CHILD_CHECK(!gr_tstore_writable(s));
    CHILD_CHECK(lb.lines == 1);
    /* a damaged file that cannot be set aside: not found, logged, no crash */
    CHILD_CHECK(gr_tstore_load(s, GR_TSTORE_OCTAL, "0.6", a, &got, &found) == GR_OK);
    CHILD_CHECK(!found);
    CHILD_CHECK(lb.lines == 2);
    gr_tstore_close(s);

    /* a full disk: the first save that meets it logs once and stops saving */
    logbook lf = {PTHREAD_MUTEX_INITIALIZER, 0, ""};
    CHILD_CHECK(gr_tstore_open(full, log_line, &lf, &s) == GR_OK);
    CHILD_CHECK(gr_tstore_writable(s));
    gr_tstore_table small = make_table(a, GR_TSTORE_OCTAL, "0.4", 100, 1, 7);
    CHILD_CHECK(gr_tstore_save(s, &small) == GR_OK);
    CHILD_CHECK(gr_tstore_writable(s));
    gr_tstore_table huge = make_table(a, GR_TSTORE_OCTAL, "0.5", 1u << 20, 2, 1000);
    CHILD_CHECK(gr_tstore_save(s, &huge) == GR_OK);
    CHILD_CHECK(!gr_tstore_writable(s));
    CHILD_CHECK(lf.lines == 1);
    CHILD_CHECK(gr_tstore_save(s, &huge) == GR_OK);
    CHILD_CHECK(lf.lines == 1);
    CHILD_CHECK(count_entries(full, ".tmp-", NULL) == 0); /* the partial file was removed */
    CHILD_CHECK(gr_tstore_load(s, GR_TSTORE_OCTAL, "0.4", a, &got, &found) == GR_OK);
    CHILD_CHECK(found && got.count == 100);
    gr_tstore_close(s);
    gr_arena_destroy(a);
}

static int write_proc(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY);
    if (fd < 0) {
        return -1;
    }
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

static void readonly_child(const char *ro, const char *full)
{
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (uid == 0) {
        if (unshare(CLONE_NEWNS) != 0) {
            _exit(77);
        }
    } else {
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
            _exit(77);
        }
        char map[64];
        write_proc("/proc/self/setgroups", "deny");
        snprintf(map, sizeof(map), "0 %u 1", (unsigned)uid);
        if (write_proc("/proc/self/uid_map", map) != 0) {
            _exit(77);
        }
        snprintf(map, sizeof(map), "0 %u 1", (unsigned)gid);
        write_proc("/proc/self/gid_map", map);
    }
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount(ro, ro, NULL, MS_BIND, NULL) != 0 ||
        mount(NULL, ro, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0 ||
        mount("tmpfs", full, "tmpfs", 0, "size=256k") != 0) {
        _exit(77);
    }
    readonly_checks(ro, full);
    _exit(0);
}

static void test_readonly_and_full(void **state)
{
    (void)state;
    char *dir = gr_test_tmpdir("grundy-tstore");
    char ro[1024], full[1024];
    path_of(ro, sizeof(ro), dir, "ro");
    path_of(full, sizeof(full), dir, "full");
    assert_int_equal(mkdir(ro, 0755), 0);
    assert_int_equal(mkdir(full, 0755), 0);
    /* what the read-only directory holds: a good table and a damaged one */
    gr_tstore *s = open_quiet(ro);
    gr_arena *a = gr_arena_create(0);
    gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.77", 1000, 1, 50);
    assert_int_equal(gr_tstore_save(s, &t), GR_OK);
    gr_tstore_table bad = make_table(a, GR_TSTORE_OCTAL, "0.6", 1000, 1, 50);
    assert_int_equal(gr_tstore_save(s, &bad), GR_OK);
    gr_tstore_close(s);
    char path[1100];
    path_of(path, sizeof(path), ro, "octal-0.6.grt");
    size_t len;
    unsigned char *bytes = read_file(path, &len);
    bytes[len - 1] ^= 1;
    write_file(path, bytes, len);
    free(bytes);

    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        readonly_child(ro, full);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    int code = WEXITSTATUS(status);
    if (code == 77 && geteuid() != 0) {
        /* no namespaces for this user: the mode bits stop a non-root user */
        assert_int_equal(chmod(ro, 0555), 0);
        logbook lb = {PTHREAD_MUTEX_INITIALIZER, 0, ""};
        assert_int_equal(gr_tstore_open(ro, log_line, &lb, &s), GR_OK);
        assert_false(gr_tstore_writable(s));
        assert_int_equal(gr_tstore_save(s, &t), GR_OK);
        assert_int_equal(lb.lines, 1);
        gr_tstore_close(s);
        chmod(ro, 0755);
    } else if (code == 77) {
        gr_arena_destroy(a);
        gr_test_rmtree(dir);
        skip(); /* root without CAP_SYS_ADMIN and without user namespaces */
    } else {
        assert_int_equal(code, 0);
    }
    /* outside the namespace the directory was never written */
    assert_int_equal(count_entries(ro, "octal-0.4", NULL), 0);
    gr_arena_destroy(a);
    gr_test_rmtree(dir);
}

/* A directory that cannot be created is an empty, unwritable store. */
static void test_missing_parent(void **state)
{
    (void)state;
    logbook lb = {PTHREAD_MUTEX_INITIALIZER, 0, ""};
    gr_tstore *s = NULL;
    /* /proc refuses new directories, as root too */
    assert_int_equal(gr_tstore_open("/proc/grundy-tables", log_line, &lb, &s), GR_OK);
    assert_false(gr_tstore_writable(s));
    assert_int_equal(lb.lines, 1);
    gr_arena *a = gr_arena_create(0);
    gr_tstore_table t = make_table(a, GR_TSTORE_OCTAL, "0.4", 10, 1, 3);
    assert_int_equal(gr_tstore_save(s, &t), GR_OK);
    gr_tstore_table got;
    expect_load(s, GR_TSTORE_OCTAL, "0.4", a, &got, false);
    assert_int_equal(lb.lines, 1);
    gr_arena_destroy(a);
    gr_tstore_close(s);
    /* a file where the directory should be is a configuration error */
    char *dir = gr_test_tmpdir("grundy-tstore");
    char file[1024];
    path_of(file, sizeof(file), dir, "file");
    write_file(file, "x", 1);
    assert_int_equal(gr_tstore_open(file, log_line, &lb, &s), GR_EINVAL);
    assert_null(s);
    /* a missing directory is made, parents too */
    char deep[1100];
    path_of(deep, sizeof(deep), dir, "a/b/c");
    assert_int_equal(gr_tstore_open(deep, log_line, &lb, &s), GR_OK);
    assert_true(gr_tstore_writable(s));
    gr_tstore_close(s);
    gr_test_rmtree(dir);
}

/* Temporary files: a live writer's are kept, stale ones removed. */
static void test_temp_files_cleaned(void **state)
{
    (void)state;
    char *dir = gr_test_tmpdir("grundy-tstore");
    char p[1100];
    /* a writer of another host, recent: kept */
    path_of(p, sizeof(p), dir, ".tmp-1-1-1-0123456789abcdef-octal-0.7.grt");
    write_file(p, "x", 1);
    /* another host's, two minutes old: removed */
    path_of(p, sizeof(p), dir, ".tmp-2-2-2-0123456789abcdef-octal-0.7.grt");
    write_file(p, "x", 1);
    struct timespec old[2] = {{time(NULL) - 120, 0}, {time(NULL) - 120, 0}};
    assert_int_equal(utimensat(AT_FDCWD, p, old, 0), 0);
    /* this process's own (a live pid of this host): kept */
    gr_tstore_close(open_quiet(dir));
    assert_int_equal(count_entries(dir, ".tmp-1-", NULL), 1);
    assert_int_equal(count_entries(dir, ".tmp-2-", NULL), 0);
    gr_test_rmtree(dir);
}

/* ---- two stores on one directory --------------------------------------- */

typedef struct racer {
    const char *dir;
    int parity;
    int loads_found;
    int failures;
} racer;

#define RACE_ROUNDS 60
#define RACE_LIMIT 700u

static void *race(void *arg)
{
    racer *r = arg;
    gr_tstore *s = NULL;
    if (gr_tstore_open(r->dir, NULL, NULL, &s) != GR_OK) {
        r->failures++;
        return NULL;
    }
    gr_arena *a = gr_arena_create(0);
    gr_arena *scratch = gr_arena_create(0);
    uint64_t seen = 0;
    for (int i = 0; i < RACE_ROUNDS; i++) {
        gr_arena_reset(scratch);
        uint64_t count = 1000 + 20 * (uint64_t)i + (uint64_t)r->parity;
        gr_tstore_table t = make_table(scratch, GR_TSTORE_OCTAL, "0.16", count, 2, RACE_LIMIT);
        if (gr_tstore_save(s, &t) != GR_OK) {
            r->failures++;
        }
        gr_tstore_table got;
        bool found = false;
        gr_arena_reset(a);
        if (gr_tstore_load(s, GR_TSTORE_OCTAL, "0.16", a, &got, &found) != GR_OK || !found) {
            r->failures++;
            continue;
        }
        r->loads_found++;
        /* the right values, and never fewer than seen before or saved */
        if (!values_are(&got, RACE_LIMIT) || got.count < seen || got.count < count) {
            r->failures++;
        }
        seen = got.count;
    }
    gr_arena_destroy(scratch);
    gr_arena_destroy(a);
    gr_tstore_close(s);
    return NULL;
}

/* What two racers leave in dir (removed after): the longest table, its
 * values right, no temporary file. */
static void race_outcome(char *dir)
{
    gr_tstore *s = open_quiet(dir);
    gr_arena *a = gr_arena_create(0);
    gr_tstore_table got;
    expect_load(s, GR_TSTORE_OCTAL, "0.16", a, &got, true);
    assert_int_equal(got.count, 1000 + 20 * (RACE_ROUNDS - 1) + 1);
    assert_true(values_are(&got, RACE_LIMIT));
    assert_int_equal(count_entries(dir, ".tmp-", NULL), 0);
    close_store(s, a, dir);
}

static void test_two_stores_one_directory(void **state)
{
    (void)state;
    char *dir = gr_test_tmpdir("grundy-tstore");
    racer r[2] = {{dir, 0, 0, 0}, {dir, 1, 0, 0}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pthread_create(&th[i], NULL, race, &r[i]), 0);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(th[i], NULL);
        assert_int_equal(r[i].failures, 0);
        assert_int_equal(r[i].loads_found, RACE_ROUNDS);
    }
    race_outcome(dir);
}

/* The same race between two processes (two replicas on one volume). */
static void test_two_processes_one_directory(void **state)
{
    (void)state;
    char *dir = gr_test_tmpdir("grundy-tstore");
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        racer child = {dir, 1, 0, 0};
        race(&child);
        _exit(child.failures == 0 && child.loads_found == RACE_ROUNDS ? 0 : 1);
    }
    racer mine = {dir, 0, 0, 0};
    race(&mine);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_int_equal(mine.failures, 0);
    race_outcome(dir);
}

GR_TEST_MAIN(with_store(test_round_trip), with_store(test_save_refuses_malformed),
             with_store(test_never_shrinks), cmocka_unit_test(test_damaged_files),
             with_store(test_every_byte_and_truncation), cmocka_unit_test(test_kill_during_write),
             cmocka_unit_test(test_readonly_and_full), cmocka_unit_test(test_missing_parent),
             cmocka_unit_test(test_temp_files_cleaned),
             cmocka_unit_test(test_two_stores_one_directory),
             cmocka_unit_test(test_two_processes_one_directory))
