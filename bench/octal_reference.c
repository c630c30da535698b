/*
 * An independent reference for the octal-game bench: the simplest correct
 * sparse-space program, sharing no code with grundyd.
 *
 *   octal_reference CODE MAX_VALUES [DUMP]
 *
 * CODE is "0.d1d2..." (octal digits) or "grundy".  Prints
 * "CODE computed N periodic P preperiod E period Q seconds S", and with
 * DUMP the first DUMP values, one line.  tests/api/test_octal_bench_ref.py
 * checks it against a naive mex.
 *
 * Method (Winning Ways ch. 4; Gangolli and Plambeck 1989): a value is
 * rare when parity(v & M) = 0, for the mask M (over values only, no heap
 * parity) that leaves the fewest rare heaps, chosen by trying every mask
 * at each doubling of the table.  A common option needs one rare heap in
 * its split, so walking the rare heaps finds all of them; a rare
 * candidate is looked for by scanning the remaining splits until it turns
 * up.  Periodicity: the least period of each suffix of the table from
 * the prefix function (Knuth-Morris-Pratt) of the reversed table, O(N) a
 * check; Guy-Smith accepts (p, e) when 2 max(e, 1) + 2p + t <= N.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int digit[70], t, grundy;
static uint16_t *g;
static uint32_t *rare, nrare, mask;
static unsigned char seen[1 << 16];

static int is_rare(unsigned v) { return !__builtin_parity(v & mask); }

static void choose_mask(uint64_t n, unsigned maxv)
{
    unsigned vals = 1;
    while (vals <= maxv) {
        vals *= 2;
    }
    static uint64_t hist[1 << 16];
    memset(hist, 0, sizeof(hist));
    for (uint64_t h = 1; h < n; h++) {
        hist[g[h]]++;
    }
    uint64_t best = UINT64_MAX;
    for (unsigned m = 1; m < vals; m++) {
        uint64_t c = 0;
        for (unsigned v = 0; v < vals; v++) {
            c += __builtin_parity(v & m) ? 0 : hist[v];
        }
        if (c < best) {
            best = c;
            mask = m;
        }
    }
    nrare = 0;
    for (uint64_t h = 1; h < n; h++) {
        if (is_rare(g[h])) {
            rare[nrare++] = (uint32_t)h;
        }
    }
}

/* least e (from the least p) confirmed on g[0..n), or 0 */
static int period(uint64_t n, uint64_t *e_out, uint64_t *p_out, uint32_t *pi)
{
    /* pi over r[i] = g[n-1-i] */
    pi[0] = 0;
    for (uint64_t i = 1; i < n; i++) {
        uint32_t k = pi[i - 1];
        while (k > 0 && g[n - 1 - i] != g[n - 1 - k]) {
            k = pi[k - 1];
        }
        if (g[n - 1 - i] == g[n - 1 - k]) {
            k++;
        }
        pi[i] = k;
    }
    /* suffix of length L has least period L - pi[L-1] (nondecreasing) */
    for (uint64_t L = 1; L <= n; L++) {
        uint64_t p = L - pi[L - 1], e = n - L;
        if (2 * (e > 0 ? e : 1) + 2 * p + (uint64_t)t <= n && L > p) {
            /* the least e for this p: the longest suffix of period p */
            uint64_t best = L;
            while (best < n && best + 1 - pi[best] == p) {
                best++;
            }
            *e_out = n - best;
            *p_out = p;
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s CODE MAX_VALUES [DUMP]\n", argv[0]);
        return 2;
    }
    grundy = strcmp(argv[1], "grundy") == 0;
    if (!grundy) {
        if (strncmp(argv[1], "0.", 2) != 0) {
            return 2;
        }
        for (const char *s = argv[1] + 2; *s; s++) {
            digit[++t] = *s - '0';
        }
        while (t > 0 && digit[t] == 0) {
            t--;
        }
    }
    uint64_t cap = strtoull(argv[2], NULL, 10);
    g = calloc(cap, sizeof(uint16_t));
    rare = calloc(cap, sizeof(uint32_t));
    uint32_t *pi = calloc(cap, sizeof(uint32_t));
    uint64_t *cursor = calloc(70, sizeof(uint64_t)), rem[70];
    if (g == NULL || rare == NULL || pi == NULL) {
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned maxv = 0;
    uint64_t n, e = 0, p = 0, next_check = 1;
    int periodic = 0, on = 0;
    for (n = 0; n < cap && !periodic; n++) {
        if (n >= 1024 && (n & (n - 1)) == 0) {
            choose_mask(n, maxv);
            on = nrare * 8 <= n;
        }
        unsigned vals = 1;
        while (vals <= maxv) {
            vals *= 2;
        }
        memset(seen, 0, 2 * vals);
        int nrem = 0;
        if (grundy && n >= 3) {
            rem[nrem++] = n;
        }
        for (int j = 1; j <= t && (uint64_t)j <= n; j++) {
            if ((digit[j] & 1) && (uint64_t)j == n) {
                seen[0] = 1;
            }
            if ((digit[j] & 2) && (uint64_t)j < n) {
                seen[g[n - j]] = 1;
            }
            if ((digit[j] & 4) && n - j >= 2) {
                rem[nrem++] = n - j;
            }
        }
        for (int i = 0; i < nrem; i++) {
            uint64_t c = rem[i], half = grundy ? (c - 1) / 2 : c / 2;
            cursor[i] = 1;
            if (!on) { /* every split */
                for (uint64_t a = 1; a <= half; a++) {
                    seen[g[a] ^ g[c - a]] = 1;
                }
                cursor[i] = half + 1;
                continue;
            }
            for (uint32_t k = 0; k < nrare && rare[k] < c; k++) {
                uint64_t r = rare[k];
                if (!(grundy && 2 * r == c)) {
                    seen[g[r] ^ g[c - r]] = 1;
                }
            }
        }
        unsigned v = 0;
        for (;;) {
            while (seen[v]) {
                v++;
            }
            if (!on || !is_rare(v)) {
                break; /* every pair that could give a common v was walked */
            }
            int found = 0;
            for (int i = 0; i < nrem && !found; i++) {
                uint64_t c = rem[i], half = grundy ? (c - 1) / 2 : c / 2;
                for (; cursor[i] <= half; cursor[i]++) {
                    unsigned x = g[cursor[i]] ^ g[c - cursor[i]];
                    seen[x] = 1;
                    if (x == v) {
                        found = 1;
                        cursor[i]++;
                        break;
                    }
                }
            }
            if (!found) {
                break;
            }
        }
        g[n] = (uint16_t)v;
        if (v > maxv) {
            maxv = v;
        }
        if (on && n >= 1 && is_rare(v)) {
            rare[nrare++] = (uint32_t)n;
        }
        if (!grundy && n + 1 >= next_check) {
            periodic = period(n + 1, &e, &p, pi);
            next_check = n + 1 < 2048 ? n + 2 : n + 1 + (n + 1) / 64;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%s computed %llu periodic %d preperiod %llu period %llu seconds %.3f\n", argv[1],
           (unsigned long long)n, periodic, (unsigned long long)e, (unsigned long long)p, s);
    if (argc > 3) {
        uint64_t d = strtoull(argv[3], NULL, 10);
        for (uint64_t i = 0; i < d && i < n; i++) {
            printf("%s%u", i ? "," : "", g[i]);
        }
        printf("\n");
    }
    return 0;
}
