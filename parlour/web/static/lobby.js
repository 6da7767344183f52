/**
 * The lobby (`/`): every game with its players and options, a create-table form generated from the
 * game's options, the seat links of a new table, and the public tables to join, watch or replay.
 * @module lobby
 */
import { api, announce, clear, el } from "./dom.js";
import { humanize, seatWords } from "./words.js";

const $ = (id) => document.getElementById(id);
const REFRESH = 4000;
const NAME_KEY = "parlour.name";
/** The most of this browser's private tables the lobby asks the server about at each refresh. */
const MINE_MOST = 8;

/** @type {Object[]} */
let games = [];
let chosen = null;

// --- games ---------------------------------------------------------------------------------------------

/** The players of a game as `{min, max}` whatever form the API gives. */
function playersOf(game) {
  const p = game.players;
  if (typeof p === "number") return { min: p, max: p };
  if (Array.isArray(p)) return { min: p[0], max: p[1] };
  if (p && typeof p === "object") return { min: p.min, max: p.max };
  return { min: 2, max: 2 };
}

function playersWords(game) {
  const { min, max } = playersOf(game);
  return min === max ? `${min} players` : `${min}–${max} players`;
}

function drawGames() {
  const list = clear($("games"));
  for (const game of games) {
    const button = el(
      "button.game-item",
      {
        type: "button",
        "aria-pressed": chosen === game ? "true" : "false",
        // the game's internal name ("bishops-whist") is for URLs, the API and the command line: the
        // item read "4 players · apology" under its title
        dataset: { game: game.name },
        onclick: () => choose(game),
      },
      el("span.title", { text: game.title }),
      el("span.meta", { text: playersWords(game) }),
      el("span.summary", { text: game.summary || "" }),
    );
    list.append(el("li", {}, button));
  }
}

function choose(game) {
  chosen = game;
  drawGames();
  drawForm(game);
  $("create-panel").hidden = false;
  $("create-title").textContent = `New table: ${game.title}`;
  $("create-panel").scrollIntoView({ block: "nearest", behavior: "smooth" });
}

// --- the create form -----------------------------------------------------------------------------------

/**
 * An option's note in the form's words: the options it names as their fields are labelled ("see
 * thrown_in" beside a field labelled "thrown in"), without the backquotes of a terminal's help
 * ("started the bank `rounds` times").
 * @param {string} text
 * @param {Set<string>} names - the game's option names
 */
function noteWords(text, names) {
  return String(text)
    // "with length=banks:", a terminal's way to say it, as the form would: "when length is banks:"
    .replace(/\bwith ([a-z_]+)=([\w-]+)/g, (whole, name, value) => (names.has(name) ? `when ${humanize(name)} is ${value}` : whole))
    .replace(/`([^`]+)`/g, (whole, word) => (names.has(word) ? humanize(word) : word))
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (word) => (names.has(word) ? humanize(word) : word));
}

/** The input for one option, by its type, bounded by its minimum and maximum. */
function optionField(option, names = new Set()) {
  const id = `opt-${option.name}`;
  let input;
  if (option.choices && option.choices.length && option.type !== "bool") {
    input = el(
      "select",
      { id, name: option.name },
      option.choices.map((c) => el("option", { value: String(c), text: String(c), selected: c === option.default ? true : null })),
    );
  } else if (option.type === "bool") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: !!option.default });
  } else if (option.type === "int" || option.type === "float") {
    input = el("input", {
      id,
      name: option.name,
      type: "number",
      required: true,
      step: option.type === "int" ? "1" : "any",
      min: option.minimum !== null && option.minimum !== undefined ? String(option.minimum) : null,
      max: option.maximum !== null && option.maximum !== undefined ? String(option.maximum) : null,
      value: String(option.default),
      inputmode: option.type === "int" ? "numeric" : "decimal",
    });
  } else {
    input = el("input", { id, name: option.name, type: "text", value: option.default === null ? "" : String(option.default), maxlength: "200" });
  }
  input.dataset.type = option.type;
  const bounds = [];
  if (option.minimum !== null && option.minimum !== undefined) bounds.push(`from ${option.minimum}`);
  if (option.maximum !== null && option.maximum !== undefined) bounds.push(`to ${option.maximum}`);
  const hint = `${noteWords(option.description || "", names)}${bounds.length ? ` (${bounds.join(" ")})` : ""} — default ${String(option.default)}`;
  return el(
    "div.field",
    {},
    el("label", { for: id, text: humanize(option.name) }),
    input,
    el("span.hint", { id: `${id}-hint`, text: hint }),
  );
}

const LEVEL_WORDS = { easy: "easy", normal: "normal", strong: "strong" };

function seatChoices(game) {
  const kinds = game.computer_players && game.computer_players.length ? game.computer_players : ["heuristic"];
  const levels = new Set(game.levels || []);
  const text = (k) => (levels.has(k) ? `computer player, ${LEVEL_WORDS[k] || k}${k === game.default_player ? " (default)" : ""}` : `computer player: ${k}`);
  const notes = game.player_notes || {};
  return [
    { value: "human", text: "a person", title: "a friend, who joins by the seat's link" },
    ...kinds.map((k) => ({ value: `computer:${k}`, text: text(k), title: notes[k] || null, level: levels.has(k) })),
  ];
}

/** The choice a new computer seat starts with: the game's default player. */
function defaultChoice(game, choices) {
  const wanted = game.default_player ? `computer:${game.default_player}` : null;
  const found = choices.find((c) => c.value === wanted);
  return found ? found.value : choices[1] ? choices[1].value : "human";
}

/**
 * The box for a friend's name beside each person's seat but the first (yours, named above): a friend
 * who came by a seat's link had no way to give a name, and sat at the table as "seat 1".
 */
function showNames(box) {
  const rows = [...box.querySelectorAll(".seat-row")];
  const first = rows.findIndex((row) => row.querySelector("select").value === "human");
  rows.forEach((row, i) => {
    row.querySelector("input.friend-name").hidden = i === first || row.querySelector("select").value !== "human";
    showNote(row);
  });
}

/**
 * Under a seat whose chosen computer player is not one of the levels ("computer player: solver",
 * Lansquenet's "stop2"), what that player is: its note lay only in its choice's tooltip, which a phone
 * never shows, and "What the levels are" names the levels alone (review-11).
 */
function showNote(row) {
  const select = row.querySelector("select");
  const note = row.querySelector(".player-note");
  const option = select.selectedOptions[0];
  const said = option && option.dataset.level !== "true" && option.value.startsWith("computer:") ? option.title : "";
  note.textContent = said;
  note.hidden = !said;
}

function drawSeats(game, count, box) {
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const oldNames = [...box.querySelectorAll("input.friend-name")].map((s) => s.value);
  clear(box);
  box.append(el("legend", { text: "Seats" }));
  const choices = seatChoices(game);
  for (let seat = 0; seat < count; seat++) {
    const id = `seat-${seat}`;
    const value = old[seat] || (seat === 0 ? "human" : defaultChoice(game, choices));
    const select = el("select", { id, name: id, "aria-describedby": `${id}-note` }, choices.map((c) => el("option", { value: c.value, text: c.text, title: c.title, selected: c.value === value ? true : null, dataset: { level: String(Boolean(c.level)) } })));
    select.addEventListener("change", () => showNames(box));
    box.append(
      el(
        "div.seat-row",
        {},
        el("label", { for: id, text: seat === 0 ? `${seatWords(seat)} (the first person's seat is yours)` : seatWords(seat) }),
        select,
        el("input.friend-name", {
          id: `${id}-name`,
          type: "text",
          maxlength: "40",
          value: oldNames[seat] || "",
          placeholder: "their name",
          "aria-label": `the name of the person at ${seatWords(seat).toLowerCase()}`,
          autocomplete: "off",
        }),
        el("p.player-note", { id: `${id}-note`, hidden: true }),
      ),
    );
  }
  const notes = levelNotes(game);
  if (notes.length) {
    box.append(el("details.levels", {}, el("summary", { text: "What the levels are" }), el("ul", {}, notes.map(([level, note]) => el("li", {}, el("strong", { text: level }), ` — ${note}`)))));
  }
  showNames(box);
}

/**
 * Each level's note, in the levels' order: a choice's tooltip (`title`) held them alone, which a
 * phone never shows, nor a desktop's open list.
 */
function levelNotes(game) {
  const notes = game.player_notes || {};
  return (game.levels || []).filter((k) => notes[k]).map((k) => [LEVEL_WORDS[k] || k, notes[k]]);
}

function drawForm(game) {
  const form = clear($("create-form"));
  const { min, max } = playersOf(game);
  const options = game.options || [];
  const playersOption = options.find((o) => o.name === "players");
  const seatsBox = el("fieldset.seats");
  let count = playersOption ? playersOption.default : min;
  if (min !== max && !playersOption) {
    const input = el("input", { id: "players", type: "number", min: String(min), max: String(max), step: "1", value: String(min), required: true });
    input.addEventListener("input", () => {
      const n = Number(input.value);
      if (Number.isInteger(n) && n >= min && n <= max) drawSeats(game, n, seatsBox);
    });
    form.append(el("div.field", {}, el("label", { for: "players", text: "players" }), input, el("span.hint", { text: `from ${min} to ${max}` })));
  }
  const optionBox = el("fieldset", {}, el("legend", { text: "Options" }));
  const names = new Set(options.map((o) => o.name));
  for (const option of options) {
    const field = optionField(option, names);
    optionBox.append(field);
    if (option.name === "players") {
      const input = field.querySelector("input, select");
      input.addEventListener("input", () => {
        const n = Number(input.value);
        if (Number.isInteger(n) && n >= min && n <= max) drawSeats(game, n, seatsBox);
      });
    }
  }
  if (options.length) form.append(optionBox);
  drawSeats(game, count, seatsBox);
  form.append(seatsBox);
  form.append(
    el(
      "div.field",
      {},
      el("label", { for: "public", text: "public" }),
      el("input", { id: "public", type: "checkbox", checked: true }),
      el("span.hint", { text: "listed in the lobby, so anyone may watch, or take a person's seat you have not named for a friend" }),
    ),
    el("button.primary", { type: "submit", text: "Create the table" }),
  );
  form.onsubmit = (event) => {
    event.preventDefault();
    create(game, form);
  };
}

/** Read the form's options, converted to their types. */
function readOptions(form, game) {
  const options = {};
  for (const option of game.options || []) {
    const input = form.querySelector(`#opt-${CSS.escape(option.name)}`);
    if (!input) continue;
    let value;
    if (option.type === "bool") value = input.checked;
    else if (option.type === "int") value = parseInt(input.value, 10);
    else if (option.type === "float") value = parseFloat(input.value);
    else if (option.choices && option.choices.length) value = option.choices.find((c) => String(c) === input.value) ?? input.value;
    else value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  const players = form.querySelector("#players");
  if (players) options.players = parseInt(players.value, 10);
  return options;
}

async function create(game, form) {
  if (!form.reportValidity()) return;
  const seats = [...form.querySelectorAll(".seats .seat-row")].map((row) => {
    const s = row.querySelector("select");
    const name = row.querySelector("input.friend-name");
    if (s.value !== "human") return { kind: "computer", player: s.value.slice("computer:".length) };
    return name.hidden || !name.value.trim() ? { kind: "human" } : { kind: "human", name: name.value.trim() };
  });
  // computer players at every seat: a match to watch (to learn the game, or to see a level play)
  const watching = !seats.some((s) => s.kind === "human");
  const name = myName();
  try {
    const table = await api("/api/tables", {
      json: { game: game.name, options: readOptions(form, game), seats, public: form.querySelector("#public").checked, name },
    });
    announce($("notice"), "");
    if (watching) {
      location.assign(`/t/${encodeURIComponent(table.id)}`);
      return;
    }
    keepFriendsLinks(table);
    showLinks(table, Object.fromEntries(seats.map((s, i) => [i, s.name || ""])));
    refresh();
  } catch (error) {
    announce($("notice"), `The table could not be made: ${error.message}`, "error");
  }
}

/**
 * Keep the links of the friends' seats (every person's seat but the creator's, the first) in this
 * browser, for its table page to offer again until each is taken (table.js): they were shown once,
 * here, and the creator who sat down before copying one had no way to it again.
 */
function keepFriendsLinks(table) {
  const links = {};
  (table.seats || []).filter((s) => s.link).slice(1).forEach((s) => (links[s.seat] = new URL(s.link, location.origin).href));
  if (!Object.keys(links).length) return;
  try {
    localStorage.setItem(`parlour.links.${table.id}`, JSON.stringify(links));
  } catch {
    /* no storage: the links are shown here alone */
  }
}

/** The link of each person's seat, with a copy button, and "sit down" for the first. */
function showLinks(table, names = {}) {
  const list = clear($("links"));
  const humans = (table.seats || []).filter((s) => s.link);
  humans.forEach((seat, i) => {
    const url = new URL(seat.link, location.origin).href;
    const id = `link-${seat.seat}`;
    const input = el("input", { id, type: "text", readonly: true, value: url, "aria-label": `link of ${seatWords(seat.seat).toLowerCase()}` });
    const copy = el("button.small", {
      type: "button",
      text: "Copy",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          input.select();
          document.execCommand("copy");
        }
        copy.textContent = "Copied ✓";
        setTimeout(() => (copy.textContent = "Copy"), 2000);
      },
    });
    list.append(
      el(
        "li",
        {},
        el("label", { for: id, text: `${seatWords(seat.seat)}${i === 0 ? " (you)" : names[seat.seat] ? ` (${names[seat.seat]})` : ""}` }),
        input,
        copy,
        i === 0 ? el("button.small.primary", { type: "button", text: "Sit down →", onclick: () => location.assign(url) }) : null,
      ),
    );
  });
  if (!humans.length) list.append(el("li", { text: "Every seat is a computer player's." }));
  // "Send each friend the link of their seat" was said where no friend has a seat (one person among
  // computer players)
  $("created-note").textContent =
    humans.length > 1
      ? "Send each friend the link of their seat: the link is their key to the seat, so send it to them alone."
      : "Your seat's link is your key to it: this browser keeps it once you sit down; keep the link to sit down from another.";
  list.append(el("li", {}, el("a", { href: `/t/${encodeURIComponent(table.id)}`, text: "Watch this table" })));
  $("created-panel").hidden = false;
  $("created-panel").focus();
}

function myName() {
  const name = $("my-name").value.trim();
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    /* ignore */
  }
  return name;
}

// --- tables --------------------------------------------------------------------------------------------

function seatsWords(table) {
  const seats = table.seats || [];
  // a seat kept for a named friend is not free: the lobby said "1 free seat" of Bob's, which a
  // stranger's Join then took ("waiting for Bob" now)
  const free = seats.filter((s) => s.kind === "human" && !s.taken && !s.kept).length;
  const waited = seats.filter((s) => s.kind === "human" && !s.taken && s.kept).map((s) => s.name || seatWords(s.seat));
  // the seat this browser holds is "you", first: one's own table read "seat 0 · 1 computer"
  const mine = heldSeat(table);
  const people = seats
    .filter((s) => s.kind === "human" && s.taken)
    .sort((a, b) => (b.seat === mine) - (a.seat === mine))
    .map((s) => (s.seat === mine ? "you" : s.name || seatWords(s.seat)));
  const bots = seats.filter((s) => s.kind === "computer").length;
  const parts = [];
  if (people.length) parts.push(people.join(", "));
  if (bots) parts.push(`${bots} computer${bots === 1 ? "" : "s"}`);
  if (free) parts.push(`${free} free seat${free === 1 ? "" : "s"}`);
  if (waited.length) parts.push(`waiting for ${waited.join(", ")}`);
  return parts.join(" · ");
}

/** How long ago a table last moved, in the words one would say ("last move 5 min ago"). */
function sinceWords(seconds) {
  if (typeof seconds !== "number") return "";
  if (seconds < 60) return "last move just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `last move ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `last move ${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  return `last move ${days} days ago`;
}

/**
 * Whose turn it is at a table one holds a seat at: "your turn", "Computer 2's turn", or "" (the match
 * is over). The lobby's private tables said nothing of it, nor of
 * when the last move was, to a player coming back to see whether a match waits for them.
 */
function turnWords(table) {
  const seat = table.to_move;
  if (typeof seat !== "number" || table.status === "finished") return "";
  if (seat === heldSeat(table)) return "your turn";
  const s = (table.seats || []).find((x) => x.seat === seat);
  return `${(s && s.name) || seatWords(seat)}'s turn`;
}

function tableItem(table, button, when = false, turn = false) {
  const words = [seatsWords(table)];
  const whose = turn ? turnWords(table) : "";
  if (when && table.idle !== undefined) words.push(sinceWords(table.idle));
  return el(
    "li",
    {},
    el(
      "span",
      {},
      el("strong", { text: table.title || table.game }),
      whose ? el(`span.turn-tag${whose === "your turn" ? ".yours" : ""}`, { text: ` · ${whose}` }) : null,
      el("br"),
      el("span.muted", { text: words.join(" · ") }),
    ),
    button,
  );
}

/** The seat this browser holds at the table (its page kept the seat's secret), or null. */
function heldSeat(table) {
  try {
    const saved = JSON.parse(localStorage.getItem(`parlour.seat.${table.id}`) || "null");
    return saved && typeof saved.token === "string" && typeof saved.seat === "number" ? saved.seat : null;
  } catch {
    return null;
  }
}

/** Whether this browser holds a seat at the table: its page keeps the seat's secret (table.js). */
function seated(table) {
  try {
    const saved = JSON.parse(localStorage.getItem(`parlour.seat.${table.id}`) || "null");
    return !!(saved && typeof saved.token === "string");
  } catch {
    return false;
  }
}

/** The ids of the tables this browser holds a seat at (their pages kept the seats' secrets). */
function seatedIds() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("parlour.seat.") && seated({ id: key.slice("parlour.seat.".length) })) ids.push(key.slice("parlour.seat.".length));
    }
  } catch {
    /* no storage: no seat kept */
  }
  return ids;
}

/** A private table, listed nowhere else, that this browser holds a seat at and that is not finished:
 * a person who left one ("Leave table") found no way back to it in the lobby, whose lists hold public
 * tables alone, though the table's page would sit them down again. At most MINE_MOST are asked for.
 * `unread`: the ones the server could not read (a 503: its database refused), with its words; such a
 * table was dropped from the list without a word. A table the server does not know (404) is gone. */
async function privateTables(listed) {
  const known = new Set(listed.map((t) => t.id));
  const ids = seatedIds().filter((id) => !known.has(id)).slice(0, MINE_MOST);
  const unread = [];
  const found = await Promise.all(
    ids.map((id) =>
      api(`/api/tables/${encodeURIComponent(id)}`).catch((error) => {
        if (error.status !== 404) unread.push({ id, message: error.message });
        return null;
      }),
    ),
  );
  return { mine: found.filter((t) => t && t.status !== "finished"), unread };
}

/** The notice the lobby gave for private tables it could not load, cleared once they load. */
let unreadNotice = "";

/** Say which of this browser's private tables could not be loaded, in the words the lobby uses for a
 * refused read of its lists ("The tables could not be loaded: ..."); clear it once they are. */
function sayUnread(unread) {
  const notice = $("notice");
  if (!unread.length) {
    if (unreadNotice && notice.textContent === unreadNotice) announce(notice, "");
    unreadNotice = "";
    return;
  }
  const which = unread.length === 1 ? "One of your private tables" : `${unread.length} of your private tables`;
  unreadNotice = `${which} could not be loaded: ${unread[0].message}`;
  if (notice.textContent !== unreadNotice) announce(notice, unreadNotice, "error");
}

/** A private table of this browser's the server could not read: its way back kept, and why it says no more. */
function unreadItem(table) {
  return el(
    "li",
    {},
    el("span", {}, el("strong", { text: "Not loaded" }), el("br"), el("span.muted", { text: table.message })),
    el("a", { href: `/t/${encodeURIComponent(table.id)}`, text: "Back to your seat" }),
  );
}

async function join(table) {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(table.id)}/join`, { json: { name: myName() } });
    location.assign(new URL(answer.link, location.origin).href);
  } catch (error) {
    announce($("notice"), `Could not join: ${error.message}`, "error");
    refresh();
  }
}

/** The notice the lobby gave for its lists it could not load, cleared once they load (it stayed up). */
let listsNotice = "";

async function refresh() {
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (error) {
    listsNotice = `The tables could not be loaded: ${error.message}`;
    announce($("notice"), listsNotice, "error");
    return;
  }
  if (listsNotice && $("notice").textContent === listsNotice) announce($("notice"), "");
  listsNotice = "";
  const fill = (id, items, make, empty) => {
    const list = clear($(id));
    if (!items || !items.length) list.append(el("li.muted", { text: empty }));
    else for (const t of items) list.append(make(t));
  };
  // a table this browser holds a seat at (its page kept the seat's secret) is one to go back to: its
  // "Watch" sat the person down again, and its "Join" took a second seat
  const back = (t) => el("a", { href: `/t/${encodeURIComponent(t.id)}`, text: "Back to your seat" });
  fill("open-tables", tables.open, (t) => tableItem(t, seated(t) ? back(t) : el("button.small.primary", { type: "button", text: "Join", onclick: () => join(t) })), "No table is waiting for players.");
  const watch = (t) => tableItem(t, seated(t) ? back(t) : el("a", { href: `/t/${encodeURIComponent(t.id)}`, text: "Watch" }), true);
  fill("playing-tables", tables.playing, watch, "Nobody is playing right now.");
  fill("idle-tables", tables.idle, watch, "");
  $("idle-panel").hidden = !(tables.idle && tables.idle.length);
  fill("finished-tables", tables.finished, (t) => tableItem(t, el("a", { href: `/replay/${encodeURIComponent(t.id)}`, text: "Replay" })), "No finished match yet.");
  const { mine, unread } = await privateTables([...(tables.open || []), ...(tables.playing || []), ...(tables.idle || []), ...(tables.finished || [])]);
  fill("mine-tables", mine, (t) => tableItem(t, back(t), true, true), "");
  if (!mine.length) clear($("mine-tables")); // (fill's empty line: the panel is hidden, or holds unread ones)
  for (const t of unread) $("mine-tables").append(unreadItem(t));
  $("mine-panel").hidden = !mine.length && !unread.length;
  sayUnread(unread);
}

async function start() {
  try {
    $("my-name").value = localStorage.getItem(NAME_KEY) || "";
  } catch {
    /* ignore */
  }
  try {
    games = await api("/api/games");
    drawGames();
  } catch (error) {
    clear($("games")).append(el("li", { text: `The games could not be loaded: ${error.message}` }));
  }
  refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, REFRESH);
}

start();
