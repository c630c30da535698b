/*
 * A ruleset component of /v1/sum searched as a position
 * (include/grundy/sum_position.h, src/core/sum_position_pg.c) instead of
 * valued: its position read by the ruleset's own reader, its moves
 * written as its endpoint writes them.
 *
 * The adapters' gr_ruleset tables are private to their files (clobber.c,
 * ...), so the rows below name the same public readers, rules and move
 * writers again (a game whose writer is not public has its few lines
 * here); a ruleset missing here is valued as before.  Exporting the
 * adapters' own tables (one lookup by name in ruleset.c) would replace
 * these rows.
 */
#include "games/sum_partizan_pos.h"

#include <string.h>

#include "games/line_games.h"
#include "grundy/graph_games.h"
#include "grundy/grid_games.h"
#include "grundy/strip_games.h"

static gr_status gr_psrs_amazons_read(gr_jctx *c, const cJSON *const *f, const char *ptr,
                                      uint8_t *pos, size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_grid_board(c, f[0], gr_jp_key(c, ptr, "board"), "LR#.", pos, len);
}

static gr_status gr_psrs_tf_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                                 size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_strip(c, f[0], gr_jp_key(c, ptr, "strip"), "TF.", pos, len);
}

static gr_status gr_psrs_td_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                                 size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_strip(c, f[0], gr_jp_key(c, ptr, "dominoes"), "brg", pos, len);
}

static gr_status gr_psrs_col_read(gr_jctx *c, const cJSON *const *f, const char *ptr,
                                  uint8_t *pos, size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_colouring_graph(c, &gr_pg_col, f, ptr, pos, len);
}

static gr_status gr_psrs_snort_read(gr_jctx *c, const cJSON *const *f, const char *ptr,
                                    uint8_t *pos, size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_colouring_graph(c, &gr_pg_snort, f, ptr, pos, len);
}

/* {"cell": [r, c]} (NoGo's) */
static cJSON *gr_psrs_cell_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx, (void)impartial;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "cell", gr_jw_cell(c, m->w[0], m->w[1]));
    return o;
}

/* {"from", "to", "arrow"} (Amazons') */
static cJSON *gr_psrs_arrow_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    cJSON *o = gr_jw_from_to(c, ctx, m, impartial);
    gr_jw_set(c, o, "arrow", gr_jw_cell(c, m->w[4], m->w[5]));
    return o;
}

/* {"from": i, "to": j} (Toads and Frogs') */
static cJSON *gr_psrs_strip_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx, (void)impartial;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "from", gr_jw_u64(c, (uint64_t)m->w[0]));
    gr_jw_set(c, o, "to", gr_jw_u64(c, (uint64_t)m->w[1]));
    return o;
}

/* {"domino": i, "direction"} (Toppling Dominoes') */
static cJSON *gr_psrs_topple_move(gr_jctx *c, const void *ctx, const gr_pg_move *m,
                                  bool impartial)
{
    (void)ctx, (void)impartial;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "domino", gr_jw_u64(c, (uint64_t)m->w[0]));
    gr_jw_set(c, o, "direction", gr_jw_str(c, m->w[1] == GR_TD_LEFT ? "left" : "right"));
    return o;
}

#define GR_PSRS_GRAPH {{"vertices", true}, {"edges", false}, {"colors", false}}

static const gr_ruleset gr_psrs_rows[] = {
    {"clobber", &gr_pg_clobber, {{"board", true}}, gr_json_stones_board, gr_jw_from_to},
    {"konane", &gr_pg_konane, {{"board", true}}, gr_json_stones_board, gr_jw_from_to},
    {"nogo", &gr_pg_nogo, {{"board", true}}, gr_json_stones_board, gr_psrs_cell_move},
    {"amazons", &gr_pg_amazons, {{"board", true}}, gr_psrs_amazons_read, gr_psrs_arrow_move},
    {"toads_and_frogs", &gr_pg_toads_frogs, {{"strip", true}}, gr_psrs_tf_read,
     gr_psrs_strip_move},
    {"toppling_dominoes", &gr_pg_toppling_dominoes, {{"dominoes", true}}, gr_psrs_td_read,
     gr_psrs_topple_move},
    {"col", &gr_pg_col, GR_PSRS_GRAPH, gr_psrs_col_read, gr_jw_colouring_move},
    {"snort", &gr_pg_snort, GR_PSRS_GRAPH, gr_psrs_snort_read, gr_jw_colouring_move},
};

const gr_ruleset *gr_psum_rs_find(const char *name)
{
    for (size_t i = 0; i < sizeof(gr_psrs_rows) / sizeof(gr_psrs_rows[0]); i++) {
        if (strcmp(gr_psrs_rows[i].name, name) == 0) {
            return &gr_psrs_rows[i];
        }
    }
    return NULL;
}

gr_status gr_psum_rs_read(gr_jctx *c, const gr_ruleset *rs, const cJSON *obj, const char *ptr,
                          gr_psum_rspos *out)
{
    const cJSON *f[GR_RULESET_FIELDS] = {NULL};
    gr_jfield fields[GR_RULESET_FIELDS];
    size_t n = 0;
    for (; n < GR_RULESET_FIELDS && rs->fields[n].name != NULL; n++) {
        fields[n] = (gr_jfield){rs->fields[n].name, rs->fields[n].required, &f[n]};
    }
    gr_status st = gr_json_pgame_object(c, obj, ptr, fields, n);
    if (st != GR_OK) {
        return st;
    }
    *out = (gr_psum_rspos){rs, NULL, GR_ARENA_ARRAY_UNINIT(c->arena, uint8_t, GR_PG_MAX_POS), 0};
    if (out->pos == NULL) {
        return gr_json_oom(c);
    }
    return rs->read(c, f, ptr, out->pos, &out->len, &out->ctx);
}

gr_status gr_psum_rs_moves(gr_jctx *c, gr_sum_pos *pos, const gr_psum_rspos *rp, int side,
                           cJSON ***moves, gr_cgt **after, size_t **nafter, size_t *n)
{
    gr_pg_move *m;
    gr_status st = gr_sum_pos_ruleset_moves(pos, rp->rs->rules, rp->ctx, rp->pos, rp->len,
                                            side == 0, &m, after, nafter, n);
    if (st != GR_OK) {
        return st; /* the caller says which failure */
    }
    if ((*moves = GR_ARENA_ARRAY(c->arena, cJSON *, *n + 1)) == NULL) {
        return gr_json_oom(c);
    }
    for (size_t k = 0; k < *n; k++) {
        (*moves)[k] = rp->rs->move(c, rp->ctx, &m[k], false);
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* A ruleset's component is first valued within this share of the node
 * budget; past it, it is searched as a position (sum_position_pg.c). */
#ifndef GR_PSUM_RS_SHARE
#define GR_PSUM_RS_SHARE 64
#endif

gr_status gr_psum_analyse(gr_jctx *c, gr_cgt_store *s, gr_sum_pos *pos, const cJSON *it,
                                 const char *ptr, gr_psum_part *p)
{
    const gr_ruleset *rs = gr_psum_rs_find(p->name);
    if (rs == NULL) {
        return p->pg->analyse(c, it, ptr, s, &p->state, &p->value);
    }
    uint64_t saved = c->max_search_nodes, budget = gr_json_search_opts(c).max_nodes;
    gr_problem before = c->problem;
    c->max_search_nodes = budget / GR_PSUM_RS_SHARE > 0 ? budget / GR_PSUM_RS_SHARE : 1;
    gr_status st = p->pg->analyse(c, it, ptr, s, &p->state, &p->value);
    c->max_search_nodes = saved;
    if (st != GR_ELIMIT) {
        return st;
    }
    c->problem = before; /* not a failure: the component is searched instead */
    if ((st = gr_psum_rs_read(c, rs, it, ptr, &p->rpos)) != GR_OK) {
        return st;
    }
    p->position = true;
    p->value = gr_cgt_zero(s);
    if ((p->h = GR_ARENA_ARRAY(c->arena, gr_cgt, GR_PSUM_POS_MAX)) == NULL) {
        return gr_json_oom(c);
    }
    st = gr_sum_pos_ruleset(pos, rs->rules, p->rpos.ctx, p->rpos.pos, p->rpos.len, p->h, &p->nh);
    return st != GR_OK ? gr_psum_failed(c, st, ptr) : GR_OK;
}
