/**
 * The table page (`/t/{id}`): sits the player down from the link's fragment (`#seat=2&token=...`,
 * kept in localStorage and removed from the address bar), keeps a WebSocket to `/ws/tables/{id}`
 * (reconnecting with backoff and sending how many log lines it has), and draws every `state` frame.
 * @module table
 */
import { api, announce, clear, el, setTitle } from "./dom.js";
import { loadPack } from "./cards.js";
import { bringHandIntoView, logWords, renderTable, renderLog, roundWord, tickKept } from "./render.js";
import { cardWords, makeNamer } from "./words.js";
import { openRules, wireDialogs } from "./rules.js";
import { TableSocket } from "./socket.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

/** Everything the page knows. */
const page = {
  seat: /** @type {number|null} */ (null),
  token: /** @type {string|null} */ (null),
  info: null,
  pack: null,
  computerKinds: [],
  defaultPlayer: /** @type {string|null} */ (null),
  /** What each computer player is (the game's `player_notes`), for the choice's tooltips. */
  playerNotes: {},
  frame: null,
  /** How to show the game's extras: said once, in the welcome (the same in every view of a game). */
  extraFields: null,
  version: 0,
  log: [],
  firstState: true,
  showLast: false,
  busy: false,
  busyTimer: 0,
  lastTurn: null,
  /** The hint for the position at `version`, once the server has worked it out. */
  hint: /** @type {{version: number, action: string, reason: string}|null} */ (null),
  hinting: false,
  /** By seat, when anyone but the creator may hand a kept seat over (`Date.now()`'s clock): from the
   * seats' `kept_for`, seconds counted by the server when it sent them (its clock may not be this one). */
  keptUntil: /** @type {Object<number, number>} */ ({}),
  /** The seat this browser held before the link it was opened with: `{seat, token}`, or null. */
  held: /** @type {{seat: number|null, token: string}|null} */ (null),
  socket: /** @type {TableSocket|null} */ (null),
};

// --- the seat's secret -------------------------------------------------------------------------------

const storeKey = `parlour.seat.${tableId}`;

/** Take `#seat=..&token=..` from the fragment into localStorage, and out of the address bar. */
function readCredentials() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token")) {
    const creds = { seat: hash.has("seat") ? Number(hash.get("seat")) : null, token: hash.get("token") };
    // the seat this browser held, kept until the link's secret is known good: a mistyped or replaced
    // link unseated the person who opened it, who then watched their own table
    const held = savedCredentials();
    page.held = held && held.token !== creds.token ? held : null;
    try {
      localStorage.setItem(storeKey, JSON.stringify(creds));
    } catch {
      /* private mode: the token lives only in this page */
    }
    history.replaceState(null, "", location.pathname + location.search);
    return creds;
  }
  return savedCredentials() || { seat: null, token: null };
}

/** The seat and secret this browser keeps for the table, or null. */
function savedCredentials() {
  try {
    const saved = JSON.parse(localStorage.getItem(storeKey) || "null");
    if (saved && typeof saved.token === "string") return saved;
  } catch {
    /* nothing saved */
  }
  return null;
}

/** The links of the friends' seats this browser made the table with (lobby.js `keepFriendsLinks`),
 * by seat: `{1: "http://.../t/id#seat=1&token=..."}`. */
function friendsLinks() {
  try {
    const links = JSON.parse(localStorage.getItem(`parlour.links.${tableId}`) || "null");
    return links && typeof links === "object" ? links : {};
  } catch {
    return {};
  }
}

/** Sit down again at the seat this browser held before a link whose secret is no seat's. */
function backToHeldSeat() {
  const held = page.held;
  page.held = null;
  try {
    localStorage.setItem(storeKey, JSON.stringify(held));
  } catch {
    /* the token lives only in this page */
  }
  page.token = held.token;
  page.seat = held.seat;
}

function forgetCredentials() {
  try {
    localStorage.removeItem(storeKey);
  } catch {
    /* ignore */
  }
  page.token = null;
  page.seat = null;
}

// --- drawing -----------------------------------------------------------------------------------------

function draw() {
  const frame = page.frame;
  if (!frame || !page.pack) return;
  const view = frame.view;
  const root = $("table");
  const namer = renderTable(
    root,
    {
      view,
      actions: frame.actions,
      info: page.info,
      pack: page.pack,
      showLast: page.showLast,
      computerKinds: page.computerKinds,
      defaultPlayer: page.defaultPlayer,
      playerNotes: page.playerNotes,
      canReplace: page.seat !== null && !!page.token,
      canAgain: page.seat !== null && !!page.token,
      replayHref: `/replay/${encodeURIComponent(tableId)}`,
      friendsLinks: page.seat !== null ? friendsLinks() : {},
      keptUntil: page.keptUntil,
      nextHref: page.seat === null && page.info && page.info.next_id ? `/t/${encodeURIComponent(page.info.next_id)}` : null,
      busy: page.busy,
      hint: page.hint && page.hint.version === frame.version ? page.hint : null,
      hinting: page.hinting,
      extraFields: page.extraFields,
    },
    {
      act,
      replace,
      toggleLast,
      again,
      hint: askHint,
    },
  );
  renderLog($("log"), page.log, namer, Math.min($("log").children.length, page.log.length));
  const list = $("log");
  list.scrollTop = list.scrollHeight;
  const mine = view.seat !== null && view.to_move === view.seat && !view.outcome;
  document.title = `${mine ? "▶ your turn — " : ""}${(page.info && page.info.title) || view.game} — parlour`;
  const turnKey = `${frame.version}:${view.to_move}`;
  if (mine && page.lastTurn !== turnKey) {
    announce($("turn-status"), "Your turn.");
    // (a dock below the board, on a short phone, is scrolled into sight, once a decision: the hand was
    // a scroll away)
    bringHandIntoView(root);
  }
  page.lastTurn = turnKey;
  drawSeatLine(namer);
}

/** The table as the server sent it: when each kept seat may be handed over, in this browser's clock. */
function setInfo(info) {
  if (!info) return;
  page.info = info;
  const moment = Date.now();
  page.keptUntil = {};
  for (const s of info.seats || []) if (s.kept_for > 0) page.keptUntil[s.seat] = moment + s.kept_for * 1000;
}

function drawSeatLine(namer) {
  const line = $("seat-line");
  if (page.seat === null) line.textContent = "watching";
  else line.textContent = `you are ${namer.plain(page.seat)}`;
}

/** At the end of a hand, a banner with how it scored (the new lines up to and with `hand_end`). */
function handBanner(newLines, namer, word) {
  const ends = newLines.map((l, i) => (l.hand_end ? i : -1)).filter((i) => i >= 0);
  if (!ends.length) return;
  const last = ends[ends.length - 1];
  const start = ends.length > 1 ? ends[ends.length - 2] + 1 : 0;
  const scoring = newLines.slice(start, last + 1).filter((l) => l.hand_end || /score|point|wins|won|pays|takes the|bonus/i.test(l.text)).slice(-8);
  const box = $("hand-banner");
  clear(box);
  const ok = el("button.primary", { type: "button", text: "Go on", onclick: () => clear(box) });
  box.append(
    el(
      "section.banner",
      { "aria-labelledby": "hand-banner-title" },
      el("h2", { id: "hand-banner-title", text: `The ${word} is over` }),
      // the log's lines in the log's words, begun with a capital: "hand 1: you & Computer 3 take 6 tricks"
      // stood under "The hand is over" where the log said "Hand 1: ..."
      el("ul", {}, scoring.map((l) => el("li", { text: logWords(l.text, namer), class: l.hand_end ? "hand-end" : "" }))),
      el("div.buttons", {}, ok),
    ),
  );
}

// --- what the player does ------------------------------------------------------------------------------

function act(text) {
  if (!page.socket || !page.socket.isOpen()) {
    announce($("notice"), "Not connected to the table: wait a moment and try again.", "error");
    return;
  }
  announce($("notice"), "");
  page.socket.send({ type: "act", action: text, version: page.version });
  // back to the trick: one who looked at the last trick and played went on seeing it, not the card
  // just played (and, once the trick was gathered, another trick under the same words)
  page.showLast = false;
  setBusy(true);
}

/** Ask the server for a hint: the strong computer player's move for this seat, and why. */
function askHint() {
  if (!page.socket || !page.socket.isOpen() || page.hinting) return;
  page.hinting = true;
  page.socket.send({ type: "hint" });
  draw();
}

function setBusy(busy) {
  page.busy = busy;
  clearTimeout(page.busyTimer);
  if (busy) page.busyTimer = setTimeout(() => setBusy(false), 8000);
  draw();
}

function toggleLast() {
  page.showLast = !page.showLast;
  draw();
}

function again() {
  if (!page.socket || !page.socket.isOpen()) return;
  page.socket.send({ type: "again" });
  announce($("notice"), "Setting up a new table…", "info");
}

/** A seat's owner as "Ann's" or "Seat 3's", for the notices about handing a seat over. */
function whose(seat) {
  return `${makeNamer(null, page.info, null).plain(seat)}'s`;
}

async function replace(seat, player) {
  const owner = whose(seat); // (before the table's news renames the seat "Ann (heuristic)")
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/computer`, { json: { player }, token: page.token });
    // (the seat by its name: it said "takes seat 2", numbered from 0)
    announce($("notice"), `A computer player (${player}) takes ${owner} seat.`, "info");
  } catch (error) {
    announce($("notice"), `Could not hand ${owner} seat to a computer player: ${error.message}`, "error");
  }
}

// --- messages from the server ------------------------------------------------------------------------

const ERROR_WORDS = {
  illegal: "That is not allowed",
  not_your_turn: "It is not your turn",
  stale: "The table moved on before your move arrived: nothing was played. Look again and choose",
  spectator: "You are watching this table, not playing at it",
  malformed: "That is not an action of this game",
  bad_message: "The server did not understand a message",
  unknown_token: "This seat's link is not valid (any more)",
  unstored: "Not stored",
  unread: "Not loaded",
};

/**
 * A refusal in the table's words for cards: "you hold 7S, 4S" as "you hold 7♠, 4♠", as the hand, the
 * log and the buttons write them (a refused typed move showed the engine's codes). What is quoted stays
 * as typed: what the person typed ('ZZ'), or how to type a move ('bank 10').
 * @param {string} text
 */
function refusalWords(text) {
  if (!page.pack) return text;
  // the cards outside the suits by their names, as the log writes them ("XXI is not one of your
  // turned-up cards" read as "Tarock XXI is not ...")
  return String(text)
    .split(/((?<!\p{L})'[^']*'(?!\p{L}))/u)
    .map((part, i) => (i % 2 ? part : cardWords(part, page.pack)))
    .join("");
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      page.held = null; // the link's secret is good: its seat is this browser's now
      setInfo(msg.table);
      page.extraFields = msg.extra_fields || null;
      if (msg.seat === null || msg.seat === undefined) {
        if (page.token) announce($("notice"), "This link does not sit you at the table: you are watching.", "info");
        page.seat = null;
      } else {
        page.seat = msg.seat;
      }
      // a spectator's "Leave table" promised a seat it never had
      $("leave").title =
        page.seat === null
          ? "Back to the lobby. You are watching: this page's address lets you watch again"
          : "Back to the lobby. A seat stays yours: this page's link sits you down again";
      setup();
      break;
    case "state": {
      const from = msg.log_from || 0;
      if (from > page.log.length) {
        // a gap: ask for everything again
        page.log = [];
        page.socket.resync();
        return;
      }
      const before = page.log.length;
      page.log = page.log.slice(0, from).concat(msg.log || []);
      if (from < before) clear($("log"));
      page.frame = msg;
      page.version = msg.version;
      page.busy = false;
      clearTimeout(page.busyTimer);
      const fresh = page.firstState ? [] : page.log.slice(Math.min(before, from));
      page.firstState = false;
      draw();
      if (msg.view.outcome) clear($("hand-banner"));
      // no banner after each of Lansquenet's deals, a few moves long, their result on the table and in
      // the log: it came every few moves and pushed the board under the dock
      else if (fresh.length && !page.briefRounds) handBanner(fresh, makeNamer(msg.view.seat, page.info, page.pack), roundWord(msg.view));
      break;
    }
    case "hint":
      page.hinting = false;
      page.hint = { version: msg.version, action: String(msg.action), reason: String(msg.reason || "") };
      draw();
      break;
    case "ack":
      page.version = Math.max(page.version, msg.version || 0);
      break;
    case "error": {
      page.hinting = false;
      const words = ERROR_WORDS[msg.code] || "Refused";
      // a move that came too late is said once, in a player's words: the server's reason said it again,
      // with the protocol's version numbers ("version 3, your action was for 2")
      const reason = msg.message && msg.code !== "stale" ? `: ${refusalWords(msg.message)}` : "";
      announce($("notice"), `${words}${reason}`, "error");
      if (page.busy) setBusy(false);
      if (msg.code === "unknown_token") {
        if (page.held) {
          backToHeldSeat();
          announce($("notice"), `${words}: ${refusalWords(msg.message)}. You are back at your own seat.`, "error");
        } else forgetCredentials();
        page.socket.setToken(page.token);
        page.socket.resync();
      }
      break;
    }
    case "table":
      setInfo(msg.table);
      draw();
      break;
    case "next":
      goTo(msg.link || `/t/${encodeURIComponent(msg.id)}`);
      break;
    case "pong":
      break;
    default:
      break;
  }
}

function goTo(link) {
  const url = new URL(link, location.href);
  const samePage = url.pathname === location.pathname;
  location.assign(url.href);
  if (samePage) location.reload();
}

function onStatus(state, detail) {
  const conn = $("conn");
  const words = { open: "connected", connecting: "connecting…", waiting: `reconnecting in ${detail} s…`, closed: "disconnected" };
  conn.textContent = words[state] || state;
  conn.className = `conn ${state === "open" ? "ok" : state === "closed" ? "down" : "wait"}`;
  if (state === "closed" && detail) announce($("notice"), detail, "error");
}

// --- start ---------------------------------------------------------------------------------------------

let setUp = false;

/** Once the table is known: its title, pack and computer players. */
async function setup() {
  if (setUp || !page.info) return;
  setUp = true;
  setTitle($("game-title"), page.info.title || page.info.game);
  try {
    page.pack = await loadPack(page.info.pack);
  } catch {
    page.pack = null;
  }
  try {
    const games = await api("/api/games");
    const game = games.find((g) => g.name === page.info.game);
    page.computerKinds = (game && game.computer_players) || [];
    page.defaultPlayer = (game && game.default_player) || null;
    page.playerNotes = (game && game.player_notes) || {};
    page.briefRounds = !!(game && game.brief_rounds);
    // (a deal that ended before the games were known had its banner: Lansquenet's computer players
    // can end one while the page still loads, and its "The deal is over" stayed until pressed)
    if (page.briefRounds) clear($("hand-banner"));
  } catch {
    page.computerKinds = [];
  }
  draw();
}

function keys(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const t = event.target;
  if (t && (t.closest("input, textarea, select, [contenteditable]") || t.closest("dialog[open]"))) return;
  if (event.key === "l" || event.key === "L") {
    if (page.frame && page.frame.view.last_trick) toggleLast();
    event.preventDefault();
  } else if (event.key === "?") {
    $("help-dialog").showModal();
    event.preventDefault();
  } else if (event.key === "r") {
    if (page.info) openRules($("rules-dialog"), $("rules-body"), page.info.game);
    event.preventDefault();
  } else if (event.key === "h") {
    // a seat with no hand plays from its own zones (Open Tarock's stacks, whose turned-up cards are its
    // hand): "h" went nowhere there
    const card =
      document.querySelector("#hand button.card-button") ||
      document.querySelector(".dock button.card-button") ||
      document.querySelector("#hand .card-slot");
    if (card) card.focus();
    event.preventDefault();
  } else if (event.key === "H") {
    askHint();
    event.preventDefault();
  } else if (event.key === "a") {
    const box = $("type-action");
    if (box) box.focus();
    event.preventDefault();
  }
}

function start() {
  if (!tableId) {
    announce($("notice"), "No table here.", "error");
    return;
  }
  const creds = readCredentials();
  page.token = creds.token;
  page.seat = creds.seat;
  wireDialogs([$("rules-dialog"), $("help-dialog")]);
  $("rules-button").addEventListener("click", () => page.info && openRules($("rules-dialog"), $("rules-body"), page.info.game));
  $("help-button").addEventListener("click", () => $("help-dialog").showModal());
  document.addEventListener("keydown", keys);
  // "Skip to your hand" where there is no hand (Open Tarock's stacks): to one's first playable card
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    const card = document.getElementById("hand") ? null : document.querySelector(".dock button.card-button");
    if (!card) return;
    event.preventDefault();
    card.focus();
  });
  api(`/api/tables/${encodeURIComponent(tableId)}`)
    .then((info) => {
      if (!page.info) setInfo(info);
      setup();
    })
    // (a database refusing to read it is not a table not found: the socket's words say so, and it tries again)
    .catch((error) => error.status !== 503 && announce($("notice"), `This table cannot be found: ${error.message}`, "error"));
  page.socket = new TableSocket(`/ws/tables/${encodeURIComponent(tableId)}`, {
    token: page.token,
    seen: () => page.log.length,
    onMessage,
    onStatus,
  });
  page.socket.connect();
  // a kept seat's words count down, and its button is enabled when the time comes, with no reload
  setInterval(() => {
    if (tickKept($("table"))) draw();
  }, 1000);
}

start();
