/*
 * Partizan games played in a row, as rulesets of the engine of
 * include/grundy/pgame.h (docs/partizan.md, "Rulesets"):
 *
 *   Toads and Frogs    'T' toads (Left's), 'F' frogs (Right's), '.' empty.
 *                      A toad moves one square right into an empty
 *                      square, or jumps right over exactly one frog into
 *                      the empty square beyond; frogs move left likewise,
 *                      jumping one toad.  Move {from, to}.
 *   Toppling Dominoes  'b' blue (Left's), 'r' red (Right's), 'g' green
 *                      (either's).  A player topples one of their dominoes
 *                      to the left or to the right: it and every domino on
 *                      that side of it are removed.  Move {domino,
 *                      direction}, direction GR_TD_LEFT or GR_TD_RIGHT.
 *
 * A position is the row itself, one character a square or domino (at most
 * GR_PG_MAX_POS).  Indices in move records are those of the position the
 * moves were asked of.
 *
 * Toads and Frogs falls apart where no move can ever cross: between a part
 * with no toad on the left and a part with no frog on the right, and in
 * the middle of a block TTFF, which never moves (src/core/toads_frogs.c).
 * Both games are normalised under their mirror image with the colours
 * swapped (the negative), Toppling Dominoes also under the mirror image
 * alone (the same game).
 */
#ifndef GRUNDY_STRIP_GAMES_H
#define GRUNDY_STRIP_GAMES_H

#include "grundy/pgame.h"

enum { GR_TD_LEFT = 0, GR_TD_RIGHT = 1 };

extern const gr_pg_rules gr_pg_toads_frogs;
extern const gr_pg_rules gr_pg_toppling_dominoes;

#endif
