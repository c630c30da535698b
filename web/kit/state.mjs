export var MAX_DRAWN_EDGES = 3000;
/* The page models positions up to this many vertices (for drawing and playing);
 * larger ones are still analysed by grundyd, just not drawn here. */
export var MAX_MODEL_VERTICES = 200000;
export var SVG_NS = "http://www.w3.org/2000/svg";

/* The page's elements by id: typed `any` for the checker, since each is whatever element
 * index.html puts there (an input, a select, a button...). */
/** @type {(id: string) => any} */
export var $ = function (id) { return document.getElementById(id); };
export var gameSelect = $("game"), input = $("input"), analyzeBtn = $("analyze"), resultEl = $("result");
export var drawingPanel = $("drawing-panel"), drawingEl = $("drawing");
export var replyBtn = $("reply"), undoBtn = $("undo"), autoReply = $("auto-reply"), allMoves = $("all-moves");
export var statusEl = $("status");

/* The last good analysis: the game, the parsed request and the response. Moves are applied to it. */
/** @type {{[k: string]: any}} */
export var state = { seq: 0, side: 0, partizanList: 0, last: null, line: null, board: null, job: null, listToken: 0, redrawTimer: 0, svgIds: 0 };
