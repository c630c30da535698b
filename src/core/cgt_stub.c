/* Placeholder bodies of include/grundy/cgt.h, replaced by cgt_*.c. */
#include "grundy/cgt.h"

gr_status gr_cgt_store_new(gr_arena *a, gr_cgt_store **out) { (void)a; *out = NULL; return GR_EINTERNAL; }
gr_arena *gr_cgt_store_arena(const gr_cgt_store *s) { (void)s; return NULL; }
size_t gr_cgt_store_count(const gr_cgt_store *s) { (void)s; return 0; }
gr_cgt gr_cgt_zero(const gr_cgt_store *s) { (void)s; return 0; }
gr_status gr_cgt_integer(gr_cgt_store *s, int64_t n, gr_cgt *out) { (void)s; (void)n; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_number(gr_cgt_store *s, gr_dyadic d, gr_cgt *out) { (void)s; (void)d; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_nimber(gr_cgt_store *s, uint64_t n, gr_cgt *out) { (void)s; (void)n; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_up(gr_cgt_store *s, gr_cgt *out) { (void)s; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_make(gr_cgt_store *s, const gr_cgt *left, size_t nl, const gr_cgt *right, size_t nr, gr_cgt *out) { (void)s; (void)left; (void)nl; (void)right; (void)nr; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_add(gr_cgt_store *s, gr_cgt a, gr_cgt b, gr_cgt *out) { (void)s; (void)a; (void)b; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_neg(gr_cgt_store *s, gr_cgt a, gr_cgt *out) { (void)s; (void)a; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_sub(gr_cgt_store *s, gr_cgt a, gr_cgt b, gr_cgt *out) { (void)s; (void)a; (void)b; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_leq(gr_cgt_store *s, gr_cgt a, gr_cgt b, bool *out) { (void)s; (void)a; (void)b; (void)out; return GR_EINTERNAL; }
gr_status gr_cgt_outcome_of(gr_cgt_store *s, gr_cgt g, gr_cgt_outcome *out) { (void)s; (void)g; (void)out; return GR_EINTERNAL; }
char gr_cgt_outcome_letter(gr_cgt_outcome o) { return "PNLR"[o & 3]; }
void gr_cgt_options(const gr_cgt_store *s, gr_cgt g, const gr_cgt **left, size_t *nl, const gr_cgt **right, size_t *nr) { (void)s; (void)g; *left = *right = NULL; *nl = *nr = 0; }
bool gr_cgt_is_number(const gr_cgt_store *s, gr_cgt g, gr_dyadic *value) { (void)s; (void)g; (void)value; return false; }
unsigned gr_cgt_depth(const gr_cgt_store *s, gr_cgt g) { (void)s; (void)g; return 0; }
gr_status gr_cgt_stops(gr_cgt_store *s, gr_cgt g, gr_dyadic *l, gr_dyadic *r) { (void)s; (void)g; (void)l; (void)r; return GR_EINTERNAL; }
gr_status gr_cgt_mean_temp(gr_cgt_store *s, gr_cgt g, gr_dyadic *m, gr_dyadic *t) { (void)s; (void)g; (void)m; (void)t; return GR_EINTERNAL; }
gr_status gr_cgt_print(const gr_cgt_store *s, gr_cgt g, gr_buf *out) { (void)s; (void)g; (void)out; return GR_EINTERNAL; }
void gr_dyadic_print(gr_dyadic d, gr_buf *out) { (void)d; (void)out; }
