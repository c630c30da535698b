/*
 * The contract as a client sees it: types generated from api/openapi.yaml
 * by openapi-typescript (gen/grundyd.ts, made by run.sh), a client from
 * openapi-fetch typed by them, compiled by tsc with strict checks, sending
 * sums to a running grundyd (GRUNDYD_URL).
 *
 * The answers are checked against values computed here (Nim: the XOR;
 * take-1..K subtraction: n mod (K + 1); 1 x n Chomp: a heap of n - 1), and
 * the winning move is replayed: the sum after it must be worth 0, a
 * second-player win.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import createClient from "openapi-fetch";
import type { components, paths } from "./gen/grundyd.js";

type SumComponent = components["schemas"]["SumComponent"];
type SumRequest = components["schemas"]["SumRequest"];
type SumResponse = components["schemas"]["SumResponse"];

const url = process.env.GRUNDYD_URL;
if (url === undefined) {
  throw new Error("GRUNDYD_URL is not set");
}
const client = createClient<paths>({ baseUrl: url });

// The discriminator types each component by its game: the fields of
// another game, or a misspelt one, do not compile.
// @ts-expect-error -- "pile" is not a field of a nim component
const wrongField: SumComponent = { game: "nim", pile: [4] };
// @ts-expect-error -- max_take belongs to subtraction, not nim
const wrongGame: SumComponent = { game: "nim", piles: [4], max_take: 3 };
void wrongField;
void wrongGame;

/* A component's value, computed here. */
function value(c: SumComponent): number {
  if (c.game === "nim") {
    return c.piles.reduce<number>((x, p) => x ^ Number(p), 0);
  }
  if (c.game === "subtraction" && c.max_take !== undefined) {
    const k = Number(c.max_take) + 1;
    return c.piles.reduce<number>((x, p) => x ^ Number(p) % k, 0);
  }
  throw new Error(`no reference value for ${c.game}`);
}

/* The answer to a sum of impartial games under normal play: of the shapes
 * /v1/sum may answer (impartial, partizan, misère), the one with `grundy`. */
async function sum(body: SumRequest): Promise<SumResponse> {
  const { data, error, response } = await client.POST("/v1/sum", { body });
  assert.equal(error, undefined, JSON.stringify(error));
  assert.equal(response.status, 200);
  assert.ok(data !== undefined);
  assert.ok("grundy" in data && "component_grundy" in data, JSON.stringify(data));
  return data as unknown as SumResponse;
}

test("a typed sum of nim and subtraction, and its winning move replayed", async () => {
  const components: SumComponent[] = [
    { game: "nim", piles: [4, 9] },
    { game: "subtraction", piles: [5, 11], max_take: 3 },
    { game: "nim", piles: [6] },
  ];
  const want = components.reduce((x, c) => x ^ value(c), 0);
  assert.notEqual(want, 0); /* 4^9 ^ 1^3 ^ 6 = 9: a first-player win */
  const r = await sum({ components, all_winning_moves: true });
  assert.equal(r.grundy, want);
  assert.deepEqual(r.component_grundy, components.map(value));
  assert.equal(r.winner, "first");
  const moves = r.winning_moves ?? [];
  assert.ok(moves.length > 0);
  assert.equal(r.winning_move_count, moves.length);
  for (const m of moves) {
    const c = components[m.component];
    assert.ok(c !== undefined);
    assert.equal(m.game, c.game);
    /* both games' moves are {pile, from, to}: play it on a copy */
    const mv = m.move as { pile: number; from: number | string; to: number | string };
    const after: SumComponent[] = structuredClone(components);
    const played = after[m.component];
    if (played === undefined || (played.game !== "nim" && played.game !== "subtraction")) {
      throw new Error(`move in an unexpected component: ${JSON.stringify(m)}`);
    }
    assert.equal(Number(played.piles[mv.pile]), Number(mv.from));
    played.piles[mv.pile] = mv.to;
    assert.equal(after.reduce((x, y) => x ^ value(y), 0), 0);
    const back = await sum({ components: after });
    assert.equal(back.grundy, 0);
    assert.equal(back.winner, "second");
    assert.equal(back.winning_move, null);
  }
});

test("a problem comes back typed, with its pointer", async () => {
  const { data, error, response } = await client.POST("/v1/sum", {
    body: { components: [{ game: "nim", piles: [-1] } as unknown as SumComponent] },
  });
  assert.equal(data, undefined);
  assert.equal(response.status, 400);
  assert.ok(error !== undefined);
  assert.equal(error.type, "https://grundyd.dev/problems/invalid-input");
  assert.equal(error.pointer, "/components/0/piles/0");
});

// The games solved by search are typed components too.
// @ts-expect-error -- "vertices" is a node_kayles field, not a cram one
const wrongSearchGame: SumComponent = { game: "cram", vertices: 3 };
void wrongSearchGame;

test("typed search-game components: a 1 x n chomp is a Nim heap of n - 1", async () => {
  /* chomp 1 x n: n - 1; node_kayles on k isolated vertices: k mod 2;
   * cram 1 x 2: one domino, worth 1 */
  const components: SumComponent[] = [
    { game: "chomp", rows: 1, cols: 6 },
    { game: "node_kayles", vertices: 3 },
    { game: "cram", rows: 1, cols: 2 },
  ];
  const own = [5, 1, 1];
  const r = await sum({ components, all_moves: true });
  assert.deepEqual(r.component_grundy, own);
  assert.equal(r.grundy, 5 ^ 1 ^ 1);
  /* every move of every component: 5 squares, 3 vertices, 1 domino */
  assert.equal(r.move_count, 5 + 3 + 1);
  const chompMoves = (r.moves ?? []).filter((m) => m.move.game === "chomp");
  /* taking (col c, row 0) leaves a row of c squares, a heap of c - 1 */
  for (const m of chompMoves) {
    const mv = m.move.move as { col: number; row: number };
    assert.equal(mv.row, 0);
    assert.equal(m.grundy, (mv.col - 1) ^ 1 ^ 1);
  }
  assert.deepEqual(chompMoves.map((m) => (m.move.move as { col: number }).col), [1, 2, 3, 4, 5]);
});
