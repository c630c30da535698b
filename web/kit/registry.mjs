/* ---- The games: one module per family (web/games/<name>.mjs) registers itself here. --------
 * main.mjs loads every module the daemon serves under /web/games/ (GET /web/games/ lists
 * them), so a family enters the page in one file: its entry here and nothing else.
 *
 * An entry:
 *   id: its name in a sum and in the URL; label: the game select's words; order: its place
 *     in the select; path: its endpoint; example: a request; help: a line about the request;
 *   hint: a line under the drawing (how to play on it);
 *   key(move): the move's name, the same for a move from the list and one a click on the
 *     drawing makes (the list's moves may carry more fields), for the Map from move to list
 *     index;
 *   apply(req, move): the request after move (req is a copy the hook may change), or null;
 *   describe(move, names): the move in words, in the request's numbers; names.vn(v),
 *     names.en(e): the drawing's (stable) names of vertex v and edge e (ids kept from the
 *     first position), names.ids: them all; names.drawn(json, name): "json (drawn as name)"
 *     where they differ;
 *   delay(req): a move that makes a lost game last, for the engine's reply with no win;
 *   ids(req), idsAfter(req, move, ids): the stable names of the first position's vertices
 *     ({v}) or edges ({e}), and those left after a move;
 *   draw(req, resp, steppers): the drawing of the position (an element), its controls
 *     appended to steppers; part(req, resp, i): the drawing of component i of a sum;
 *   allMoves: false when the endpoint cannot list every move (all_moves);
 *   large(req): true when the position is too large to list every move (only the winning
 *     ones are asked for);
 *   drawn: false when the page has no drawing for it;
 *   partizan, players: the two sides' names when they differ (["Left", "Right"]); by
 *     default "Player A" (who moves first) and "Player B";
 *   anyMove(req, side), sideMoves(req, side): partizan families: a legal move of side (0 Left,
 *     1 Right) and all of them;
 *   misere: the family takes "misere": true;
 *   request(req, text): the text to send for the parsed request req typed as text, when the
 *     family adds options of its own (the others get all_moves / all_winning_moves);
 *   theory: its section of docs/theory.md (GET /docs/theory), what its numbers mean. */

/** @typedef {{[k: string]: any}} Json */
/**
 * @typedef {object} Family
 * @property {string} id
 * @property {string} label
 * @property {number} order
 * @property {keyof import("./api_types").Requests} path
 * @property {Json} example
 * @property {string} help
 * @property {string} [hint]
 * @property {(m: any) => string} key
 * @property {(req: any, move: any) => any} [apply]
 * @property {(move: any, names: {vn: (v: number) => any, en: (e: number) => any, ids: any, drawn: (json: any, name: any) => string}) => string} [describe]
 * @property {(req: any) => any} [delay]
 * @property {(req: any, text: string) => string} [request]
 * @property {(req: any) => any} [ids]
 * @property {(req: any, move: any, ids: any) => any} [idsAfter]
 * @property {(req: any, resp: any, steppers: HTMLElement) => (Element | null)} [draw]
 * @property {(req: any, resp: any, i: number) => (Element | null)} [part]
 * @property {(req: any, side: number) => any} [anyMove]
 * @property {(req: any, side: number) => any[]} [sideMoves]
 * @property {(req: any) => boolean} [large]
 * @property {boolean | string} [allMoves]
 * @property {boolean} [drawn]
 * @property {boolean} [partizan]
 * @property {string[]} [players]
 * @property {boolean} [misere]
 * @property {string} [theory]
 */

/** @type {{[id: string]: Family}} */
export var GAMES = {};
/** @type {{[id: string]: boolean}} */
export var DRAWN = {};

/** @param {Family} family */
export function register(family) {
  GAMES[family.id] = family;
  DRAWN[family.id] = family.drawn !== false;
}

/** The families in the select's order. */
export function families() {
  return Object.keys(GAMES).map(function (k) { return GAMES[k]; })
    .sort(function (a, b) { return a.order - b.order; });
}
