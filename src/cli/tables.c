/*
 * `grundy tables build | list | verify` (see tables.h).
 *
 * Tables are computed by the core as the daemon computes them (the
 * octal solver with its value bound, the subtraction solver) and written
 * with the daemon's store, under the canonical key ("kayles" and "0.77"
 * are one file), so the daemon on the same directory loads them as its
 * own.  An octal table is computed on a thread of its own while this one
 * prints its progress (values and values/s, one line rewritten with \r)
 * when standard error is a terminal.
 */
#include "cli/tables.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/args.h"
#include "grundy/octal.h"
#include "grundy/subtraction.h"
#include "store/table_convert.h"
#include "store/table_store.h"

enum { GR_TB_OK = 0, GR_TB_INPUT = 1, GR_TB_USAGE = 2 };

#define GR_TB_SUB_PREFIX "sub:"

static void gr_tb_usage(FILE *f)
{
    fprintf(f, "usage: grundy tables build CODE... --table-dir DIR [--max-values N]\n"
               "       grundy tables list --table-dir DIR\n"
               "       grundy tables verify --table-dir DIR [KEY...]\n"
               "\n"
               "The table store grundyd reads with --table-dir: solved tables kept as\n"
               "files (docs/octal.md, \"Table store\").\n"
               "\n"
               "  build   computes each table and saves it.  CODE is an octal or\n"
               "          hexadecimal code or a name (0.106, kayles, grundy), or\n"
               "          sub:1,3,4 (also --subtraction 1,3,4) for a subtraction set.\n"
               "          --max-values N: values an octal table may reach without a\n"
               "          confirmed period (K/M/G suffixes; default 2^25, as grundyd).\n"
               "  list    prints each table: key, kind, values, preperiod, period\n"
               "          (\"-\" when no period is confirmed), bytes of its file.\n"
               "  verify  computes each table (the KEYs given, else all) again to as\n"
               "          many values and compares; a damaged file is set aside.\n"
               "\n"
               "--table-dir defaults to $GRUNDYD_TABLE_DIR.\n"
               "exit status: 0 ok, 1 bad input or a table that differs, 2 usage or\n"
               "I/O error\n");
}

/* One table to build or verify, parsed. */
typedef struct gr_tb_target {
    gr_tstore_kind kind;
    const char *text; /* as given */
    gr_octal_code code;
    uint64_t *set;
    size_t set_len;
} gr_tb_target;

/* A computed table: the core's result and the store's view of it. */
typedef struct gr_tb_result {
    gr_tstore_table table;
    gr_octal_table octal;
    gr_sub_table sub;
} gr_tb_result;

/* The store's events go to standard error; ud counts them (verify fails
 * on a file the listing had to skip). */
static void gr_tb_log(void *ud, const char *line)
{
    ++*(unsigned *)ud;
    fprintf(stderr, "grundy: %s\n", line);
}

/* "1,3,4" into a[]; false on anything but decimal numbers and commas. */
static bool gr_tb_parse_set(const char *s, uint64_t **out, size_t *n)
{
    size_t cap = 1;
    for (const char *c = s; *c != '\0'; c++) {
        cap += *c == ',';
    }
    uint64_t *a = calloc(cap, sizeof(*a));
    if (a == NULL) {
        return false;
    }
    size_t len = 0;
    const char *c = s;
    for (;;) {
        if (*c < '0' || *c > '9') {
            free(a);
            return false;
        }
        errno = 0;
        char *end;
        unsigned long long v = strtoull(c, &end, 10);
        if (errno != 0) {
            free(a);
            return false;
        }
        a[len++] = v;
        if (*end == '\0') {
            break;
        }
        if (*end != ',') {
            free(a);
            return false;
        }
        c = end + 1;
    }
    *out = a;
    *n = len;
    return true;
}

/* Parses text as a table of kind (GR_TSTORE_OCTAL also takes "sub:SET").
 * GR_TB_OK, or GR_TB_INPUT with a message printed. */
static int gr_tb_parse_target(gr_tstore_kind kind, const char *text, gr_tb_target *t)
{
    memset(t, 0, sizeof(*t));
    t->text = text;
    if (kind == GR_TSTORE_OCTAL && strncmp(text, GR_TB_SUB_PREFIX, strlen(GR_TB_SUB_PREFIX)) == 0) {
        kind = GR_TSTORE_SUBTRACTION;
        text += strlen(GR_TB_SUB_PREFIX);
    }
    t->kind = kind;
    if (kind == GR_TSTORE_SUBTRACTION) {
        if (!gr_tb_parse_set(text, &t->set, &t->set_len)) {
            fprintf(stderr, "grundy: '%s' is not a subtraction set (numbers joined by commas)\n",
                    t->text);
            return GR_TB_INPUT;
        }
        return GR_TB_OK;
    }
    size_t bad = 0;
    gr_status st = gr_octal_parse(text, &t->code, &bad);
    if (st != GR_OK && gr_octal_d0_unplayable(text)) {
        fprintf(stderr,
                "grundy: '%s' is not an octal code: the digit before the point takes no token "
                "and must be 0, 4, 8 or C (a split into two or three heaps)\n",
                text);
        return GR_TB_INPUT;
    }
    if (st != GR_OK) {
        fprintf(stderr, "grundy: '%s' is not an octal code or game name (%s at byte %zu)\n", text,
                st == GR_ELIMIT ? "too many digits" : "invalid", bad);
        return GR_TB_INPUT;
    }
    return GR_TB_OK;
}

static double gr_tb_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct gr_tb_job {
    gr_arena *arena;
    const gr_octal_code *code;
    gr_octal_opts opts;
    _Atomic uint64_t progress;
    atomic_bool done;
    gr_status st;
    gr_octal_table *out;
} gr_tb_job;

static void *gr_tb_solve_thread(void *arg)
{
    gr_tb_job *job = arg;
    job->st = gr_octal_solve_opts(job->arena, job->code, &job->opts, job->out);
    atomic_store(&job->done, true);
    return NULL;
}

/* Solves an octal table, printing its progress on a terminal. */
static gr_status gr_tb_solve_octal(gr_arena *arena, const gr_octal_code *code, uint64_t max_values,
                                   const char *label, gr_octal_table *out)
{
    gr_tb_job job = {.arena = arena, .code = code, .out = out};
    job.opts.max_values = max_values;
    job.opts.progress = &job.progress;
    atomic_init(&job.progress, 0);
    atomic_init(&job.done, false);
    if (!isatty(STDERR_FILENO)) {
        gr_tb_solve_thread(&job);
        return job.st;
    }
    pthread_t th;
    if (pthread_create(&th, NULL, gr_tb_solve_thread, &job) != 0) {
        gr_tb_solve_thread(&job);
        return job.st;
    }
    double start = gr_tb_seconds();
    bool shown = false;
    while (!atomic_load(&job.done)) {
        struct timespec nap = {0, 200 * 1000000L};
        nanosleep(&nap, NULL);
        double secs = gr_tb_seconds() - start;
        uint64_t n = atomic_load_explicit(&job.progress, memory_order_relaxed);
        if (secs >= 0.5) {
            fprintf(stderr, "\r%s: %llu values, %.0f values/s   ", label, (unsigned long long)n,
                    (double)n / secs);
            shown = true;
        }
    }
    pthread_join(th, NULL);
    if (shown) {
        fprintf(stderr, "\r%*s\r", 70, "");
    }
    return job.st;
}

/* Computes target's table (octal: up to max_values, 0 the default). */
static gr_status gr_tb_compute(gr_arena *arena, const gr_tb_target *target, uint64_t max_values,
                               gr_tb_result *r)
{
    memset(r, 0, sizeof(*r));
    if (target->kind == GR_TSTORE_OCTAL) {
        char *key = gr_arena_alloc(arena, GR_OCTAL_MAX_DIGITS + 3);
        if (key == NULL) {
            return GR_ENOMEM;
        }
        gr_octal_canonical(&target->code, key);
        gr_status st = gr_tb_solve_octal(arena, &target->code, max_values, key, &r->octal);
        if (st == GR_OK) {
            gr_tstore_of_octal(&r->octal, key, &r->table);
        }
        return st;
    }
    gr_sub_rules rules = {.max_take = 0, .set = target->set, .set_len = target->set_len};
    gr_status st = gr_sub_solve(arena, &rules, &r->sub);
    return st != GR_OK ? st : gr_tstore_of_sub(&r->sub, arena, &r->table);
}

static const char *gr_tb_kind_name(gr_tstore_kind kind)
{
    return kind == GR_TSTORE_SUBTRACTION ? "subtraction" : "octal";
}

static const char *gr_tb_status_text(gr_status st)
{
    switch (st) {
    case GR_ENOMEM:
        return "out of memory";
    case GR_ELIMIT:
        return "outside a limit (values too large, or the set too large)";
    case GR_EINVAL:
        return "invalid rules (an element 0?)";
    default:
        return "failed";
    }
}

static uint64_t gr_tb_stored_value(const gr_tstore_table *t, uint64_t h)
{
    const unsigned char *v = t->values;
    return t->width == 1 ? v[h] : (uint64_t)v[2 * h] | (uint64_t)v[2 * h + 1] << 8;
}

/* The options common to the three commands; the rest stays in args[]. */
typedef struct gr_tb_opts {
    const char *dir;
    uint64_t max_values;
    const char **args;
    gr_tstore_kind *arg_kind;
    int nargs;
} gr_tb_opts;

static int gr_tb_parse(int argc, char **argv, bool build, gr_tb_opts *o)
{
    o->dir = getenv("GRUNDYD_TABLE_DIR");
    o->max_values = 0;
    o->nargs = 0;
    o->args = calloc((size_t)argc, sizeof(*o->args));
    o->arg_kind = calloc((size_t)argc, sizeof(*o->arg_kind));
    if (o->args == NULL || o->arg_kind == NULL) {
        return GR_TB_USAGE;
    }
    bool options = true;
    for (int i = 2; i < argc; i++) {
        const char *v = NULL;
        if (!options || argv[i][0] != '-' || argv[i][1] == '\0') {
            o->arg_kind[o->nargs] = GR_TSTORE_OCTAL;
            o->args[o->nargs++] = argv[i];
        } else if (strcmp(argv[i], "--") == 0) {
            options = false;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            gr_tb_usage(stdout);
            return GR_TB_OK;
        } else if (gr_cli_flag_value(argc, argv, &i, "--table-dir", &v)) {
            if (v == NULL || *v == '\0') {
                return gr_cli_usage_error("%s needs a directory", "--table-dir");
            }
            o->dir = v;
        } else if (build && gr_cli_flag_value(argc, argv, &i, "--max-values", &v)) {
            size_t n = 0;
            if (v == NULL || !gr_cli_size(v, &n) || n < 1 || n > GR_OCTAL_VALUES_CEILING) {
                return gr_cli_usage_error("--max-values takes 1 to 2^30 values, not '%s'",
                                          v != NULL ? v : "");
            }
            o->max_values = n;
        } else if (build && gr_cli_flag_value(argc, argv, &i, "--subtraction", &v)) {
            if (v == NULL) {
                return gr_cli_usage_error("%s needs a set", "--subtraction");
            }
            o->arg_kind[o->nargs] = GR_TSTORE_SUBTRACTION;
            o->args[o->nargs++] = v;
        } else {
            return gr_cli_usage_error("unknown option '%s' (grundy tables --help)", argv[i]);
        }
    }
    if (o->dir == NULL || *o->dir == '\0') {
        return gr_cli_usage_error("%s", "no --table-dir given (nor GRUNDYD_TABLE_DIR)");
    }
    return -1;
}

static unsigned gr_tb_events;

static int gr_tb_open(const gr_tb_opts *o, gr_tstore **s)
{
    if (gr_tstore_open(o->dir, gr_tb_log, &gr_tb_events, s) != GR_OK) {
        fprintf(stderr, "grundy: --table-dir %s: not a directory\n", o->dir);
        return GR_TB_USAGE;
    }
    return -1;
}

static int gr_tb_build(const gr_tb_opts *o, gr_tstore *s)
{
    if (o->nargs == 0) {
        return gr_cli_usage_error("%s", "tables build: no CODE given");
    }
    gr_tb_target *targets = calloc((size_t)o->nargs, sizeof(*targets));
    if (targets == NULL) {
        return GR_TB_USAGE;
    }
    int rc = GR_TB_OK;
    /* every input is checked before any work */
    for (int i = 0; i < o->nargs && rc == GR_TB_OK; i++) {
        rc = gr_tb_parse_target(o->arg_kind[i], o->args[i], &targets[i]);
    }
    if (rc == GR_TB_OK && !gr_tstore_writable(s)) {
        fprintf(stderr, "grundy: %s: tables cannot be saved there\n", o->dir);
        rc = GR_TB_USAGE;
    }
    for (int i = 0; i < o->nargs && rc == GR_TB_OK; i++) {
        gr_arena *arena = gr_arena_create(0);
        if (arena == NULL) {
            rc = GR_TB_USAGE;
            break;
        }
        gr_tb_result r;
        gr_status st = gr_tb_compute(arena, &targets[i], o->max_values, &r);
        if (st != GR_OK) {
            fprintf(stderr, "grundy: %s: %s\n", targets[i].text, gr_tb_status_text(st));
            rc = st == GR_ENOMEM ? GR_TB_USAGE : GR_TB_INPUT;
        } else if (gr_tstore_save(s, &r.table) != GR_OK || !gr_tstore_writable(s)) {
            fprintf(stderr, "grundy: %s: not saved\n", r.table.key);
            rc = GR_TB_USAGE;
        } else {
            const gr_tstore_table *t = &r.table;
            /* what the store holds now: ours, or a longer one kept */
            gr_tstore_table kept;
            bool found = false;
            gr_tstore_load(s, t->kind, t->key, arena, &kept, &found);
            printf("%s %s: %llu values, ", gr_tb_kind_name(t->kind), t->key,
                   (unsigned long long)t->count);
            if (t->periodic) {
                printf("preperiod %llu, period %llu", (unsigned long long)t->preperiod,
                       (unsigned long long)t->period);
            } else {
                printf("no period confirmed");
            }
            if (found && (kept.count != t->count || kept.periodic != t->periodic)) {
                printf("; the store keeps its table of %llu values\n",
                       (unsigned long long)kept.count);
            } else {
                printf("; saved, %llu bytes\n", (unsigned long long)gr_tstore_file_bytes(t));
            }
            fflush(stdout);
        }
        gr_arena_destroy(arena);
    }
    for (int i = 0; i < o->nargs; i++) {
        free(targets[i].set);
    }
    free(targets);
    return rc;
}

static int gr_tb_list(const gr_tb_opts *o, gr_tstore *s)
{
    if (o->nargs != 0) {
        return gr_cli_usage_error("tables list: unexpected argument '%s'", o->args[0]);
    }
    gr_arena *arena = gr_arena_create(0);
    gr_tstore_table *list = NULL;
    size_t n = 0;
    if (arena == NULL || gr_tstore_list(s, arena, &list, &n) != GR_OK) {
        fprintf(stderr, "grundy: %s: cannot list the tables\n", o->dir);
        gr_arena_destroy(arena);
        return GR_TB_USAGE;
    }
    printf("%-20s %-11s %10s %10s %10s %12s\n", "KEY", "KIND", "VALUES", "PREPERIOD", "PERIOD",
           "BYTES");
    for (size_t i = 0; i < n; i++) {
        const gr_tstore_table *t = &list[i];
        char e[24] = "-", p[24] = "-";
        if (t->periodic) {
            snprintf(e, sizeof(e), "%llu", (unsigned long long)t->preperiod);
            snprintf(p, sizeof(p), "%llu", (unsigned long long)t->period);
        }
        printf("%-20s %-11s %10llu %10s %10s %12llu\n", t->key, gr_tb_kind_name(t->kind),
               (unsigned long long)t->count, e, p, (unsigned long long)gr_tstore_file_bytes(t));
    }
    gr_arena_destroy(arena);
    return GR_TB_OK;
}

/* Compares a stored table with one computed again: NULL when they agree,
 * else what differs (in buf). */
static const char *gr_tb_compare(const gr_tstore_table *stored, const gr_tb_result *r, char *buf,
                                 size_t cap)
{
    const gr_tstore_table *t = &r->table;
    if (stored->periodic &&
        (!t->periodic || t->preperiod != stored->preperiod || t->period != stored->period)) {
        snprintf(buf, cap, "the file's period is not the one computed");
        return buf;
    }
    if (!t->periodic && t->count < stored->count) {
        snprintf(buf, cap, "only %llu values computed again", (unsigned long long)t->count);
        return buf;
    }
    for (uint64_t h = 0; h < stored->count; h++) {
        uint64_t g = 0;
        gr_status st = stored->kind == GR_TSTORE_OCTAL ? gr_octal_grundy(&r->octal, h, &g)
                                                       : gr_sub_grundy(&r->sub, h, &g);
        uint64_t mine = gr_tb_stored_value(stored, h);
        if (st != GR_OK || g != mine) {
            snprintf(buf, cap, "heap %llu: %llu in the file, %llu computed", (unsigned long long)h,
                     (unsigned long long)mine, (unsigned long long)g);
            return buf;
        }
    }
    return NULL;
}

static int gr_tb_u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* A subtraction set's key as the store has it: ascending, distinct
 * ("4,1,3,1" is "1,3,4"), in arena; NULL when out of memory. */
static char *gr_tb_set_text(gr_arena *arena, const gr_tb_target *t)
{
    uint64_t *s = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, t->set_len);
    char *key = gr_arena_alloc(arena, t->set_len * 21 + 1);
    if (s == NULL || key == NULL) {
        return NULL;
    }
    memcpy(s, t->set, t->set_len * sizeof(*s));
    qsort(s, t->set_len, sizeof(*s), gr_tb_u64_cmp);
    size_t n = 0;
    for (size_t i = 0; i < t->set_len; i++) {
        if (i == 0 || s[i] != s[i - 1]) {
            n += (size_t)sprintf(key + n, n == 0 ? "%llu" : ",%llu", (unsigned long long)s[i]);
        }
    }
    key[n] = '\0';
    return key;
}

/* NULL when the core would take the loaded table (its key, its period
 * checked on its values), else why not. */
static const char *gr_tb_usable(const gr_tstore_table *t, gr_arena *arena)
{
    const char *why = NULL;
    gr_octal_table octal;
    gr_sub_table sub;
    gr_status st = t->kind == GR_TSTORE_OCTAL ? gr_tstore_to_octal(t, arena, &octal, &why)
                                              : gr_tstore_to_sub(t, arena, &sub, &why);
    return st == GR_EINVAL ? why : st != GR_OK ? "out of memory" : NULL;
}

static int gr_tb_verify_one(gr_tstore *s, const gr_tb_target *target)
{
    gr_arena *arena = gr_arena_create(0);
    if (arena == NULL) {
        return GR_TB_USAGE;
    }
    char key[GR_OCTAL_MAX_DIGITS + 3];
    const char *name = key;
    if (target->kind == GR_TSTORE_OCTAL) {
        gr_octal_canonical(&target->code, key);
    } else if ((name = gr_tb_set_text(arena, target)) == NULL) {
        gr_arena_destroy(arena);
        return GR_TB_USAGE;
    }
    const char *kind = gr_tb_kind_name(target->kind);
    int rc = GR_TB_OK;
    gr_tstore_table stored;
    bool found = false;
    gr_tb_result r;
    char why[160];
    const char *differs = NULL;
    gr_status st = gr_tstore_load(s, target->kind, name, arena, &stored, &found);
    if (st != GR_OK) {
        fprintf(stderr, "grundy: %s %s: %s\n", kind, name, gr_tb_status_text(st));
        rc = GR_TB_USAGE;
    } else if (!found) {
        printf("FAILED %s %s: no valid file (missing, or damaged and set aside)\n", kind, name);
        rc = GR_TB_INPUT;
    } else if ((differs = gr_tb_usable(&stored, arena)) != NULL) {
        printf("FAILED %s %s: %s\n", kind, name, differs);
        rc = GR_TB_INPUT;
    } else if ((st = gr_tb_compute(arena, target, stored.count, &r)) != GR_OK) {
        fprintf(stderr, "grundy: %s %s: %s\n", kind, name, gr_tb_status_text(st));
        rc = st == GR_ENOMEM ? GR_TB_USAGE : GR_TB_INPUT;
    } else if ((differs = gr_tb_compare(&stored, &r, why, sizeof(why))) != NULL) {
        printf("FAILED %s %s: %s\n", kind, name, differs);
        rc = GR_TB_INPUT;
    } else {
        printf("ok %s %s: %llu values\n", kind, name, (unsigned long long)stored.count);
    }
    fflush(stdout);
    gr_arena_destroy(arena);
    return rc;
}

static int gr_tb_verify(const gr_tb_opts *o, gr_tstore *s)
{
    gr_arena *arena = gr_arena_create(0);
    if (arena == NULL) {
        return GR_TB_USAGE;
    }
    /* the KEYs given, else every table the store lists */
    size_t n = (size_t)o->nargs;
    gr_tstore_table *list = NULL;
    unsigned before = gr_tb_events;
    if (n == 0 && gr_tstore_list(s, arena, &list, &n) != GR_OK) {
        fprintf(stderr, "grundy: %s: cannot list the tables\n", o->dir);
        gr_arena_destroy(arena);
        return GR_TB_USAGE;
    }
    int rc = GR_TB_OK;
    if (gr_tb_events != before) {
        /* files whose headers failed (logged above) are differences too */
        printf("FAILED: %u damaged file(s), not read\n", gr_tb_events - before);
        rc = GR_TB_INPUT;
    }
    for (size_t i = 0; i < n; i++) {
        gr_tb_target target;
        int prc = o->nargs > 0 ? gr_tb_parse_target(o->arg_kind[i], o->args[i], &target)
                               : gr_tb_parse_target(list[i].kind, list[i].key, &target);
        int one = prc != GR_TB_OK ? prc : gr_tb_verify_one(s, &target);
        if (one > rc) {
            rc = one;
        }
        if (prc == GR_TB_OK) {
            free(target.set);
        }
    }
    gr_arena_destroy(arena);
    return rc;
}

int gr_cli_tables(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        gr_tb_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? GR_TB_USAGE : GR_TB_OK;
    }
    const char *cmd = argv[1];
    bool build = strcmp(cmd, "build") == 0;
    if (!build && strcmp(cmd, "list") != 0 && strcmp(cmd, "verify") != 0) {
        return gr_cli_usage_error("unknown tables command '%s' (build, list, verify)", cmd);
    }
    gr_tb_opts o;
    int rc = gr_tb_parse(argc, argv, build, &o);
    gr_tstore *s = NULL;
    if (rc < 0) {
        rc = gr_tb_open(&o, &s);
    }
    if (rc < 0) {
        rc = build                      ? gr_tb_build(&o, s)
             : strcmp(cmd, "list") == 0 ? gr_tb_list(&o, s)
                                        : gr_tb_verify(&o, s);
    }
    gr_tstore_close(s);
    free(o.args);
    free(o.arg_kind);
    return rc;
}
