/**
 * Drawing a table from a View alone — for any game. The client knows no game: it draws the seats,
 * zones of every kind, the trick, the scores and the actions the View and the `actions` list name.
 *
 * `renderTable(root, model, handlers)` redraws `root` entirely (and keeps the keyboard focus where it
 * was); `renderLog(list, lines, namer)` draws log lines.
 * @module render
 */
import { el, append, clear, num } from "./dom.js";
import { cardFace, cardName, sortCards, pretty, SUIT_SYMBOLS } from "./cards.js";
import { makeNamer, humanize, listWords, ofMover, tricksWon } from "./words.js";

/**
 * What to draw.
 * @typedef {Object} Model
 * @property {Object} view - View.to_dict()
 * @property {{text: string, kind: string, cards: string[]}[]} [actions] - the seat's legal actions
 * @property {Object|null} [info] - TableInfo, for names and who is connected
 * @property {import("./cards.js").Pack|null} [pack]
 * @property {number|null} [bottom] - the seat drawn at the bottom when the view has none (spectators)
 * @property {boolean} [showLast] - show the last trick in the middle
 * @property {string[]} [computerKinds] - computer players that may replace a seat that is gone
 * @property {boolean} [canReplace] - whether this viewer may ask for a replacement (holds a seat)
 * @property {Object<string, string>} [playerNotes] - what each computer player is (the game's `player_notes`)
 * @property {boolean} [canAgain] - show "play again" at the end of the match
 * @property {string} [replayHref] - where the finished match is replayed (the live table's banner links it)
 * @property {string|null} [nextHref] - a watcher's way to the players' next match, once "Play again" made it
 * @property {Object<number, string>} [friendsLinks] - the links of friends' seats this browser made the table with
 * @property {Object<number, number>} [keptUntil] - by seat, the moment (`Date.now()`'s clock) from which a
 *   person other than the table's creator may hand a kept seat to a computer player (the seat's `kept_for`)
 * @property {boolean} [busy] - an action was sent and is not answered yet
 * @property {boolean} [replay] - a replay: no connection states
 * @property {boolean} [noYou] - name the viewing seat by its name, not "you" (replays)
 * @property {{name: string, label?: string, per?: string, cards?: boolean, suits?: boolean, seats?: boolean, show?: boolean, quiet?: boolean}[]} [extraFields]
 *   - how to show the game's extras, where the server says (quiet: says nothing at a move, left out first where room is short)
 */

/**
 * What the drawing calls back.
 * @typedef {Object} Handlers
 * @property {(text: string) => void} [act] - do an action
 * @property {(seat: number, player: string) => void} [replace] - a computer player takes a seat
 * @property {() => void} [toggleLast]
 * @property {() => void} [again]
 */

/** The table's zones (no owner) a card may be played or taken from. */
const TABLE_KINDS_CLICKABLE = new Set(["turn_up", "livret", "table"]);
/** One's own zones besides the hand that a card may be played from (never discards, kitty, tricks won,
 * pile, bank: a code there that is also legal names a card elsewhere). */
const OWN_KINDS_CLICKABLE = new Set(["melds", "stack", "table", "exposed", "turn_up", "livret"]);
/** Zones whose cards are only to look at: drawn small in one's own row. */
const LOOK_ONLY_KINDS = new Set(["discards", "kitty", "tricks_won", "pile", "bank"]);
const PILE_KINDS = new Set(["stock", "talon"]);

/**
 * Draw the whole table of a View into `root`.
 * @param {HTMLElement} root
 * @param {Model} model
 * @param {Handlers} [handlers]
 */
export function renderTable(root, model, handlers = {}) {
  const focusKey = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const view = model.view;
  const me = view.seat;
  const namer = makeNamer(model.noYou ? null : me, model.info || null, model.pack || null, view.teams || []);
  const ctx = {
    view,
    me,
    namer,
    pack: model.pack || null,
    trump: view.trump,
    model,
    handlers,
    byCard: cardActions(model.actions || []),
    placed: new Set(),
    zonePlaced: new Set(),
    handCodes: handCodes(view, me),
    bottom: me ?? model.bottom ?? 0,
  };
  const typed = keepTyped(root, view, model);
  clear(root);
  append(root, [outcomeBanner(ctx), situationLine(ctx), board(ctx), dock(ctx), infoPanel(ctx)]);
  const again = focusKey ? root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) : null;
  // (fitted as it will be focused: a person typing in a short window keeps the dock that leaves the
  // board in sight, typingIn)
  fitTable(root, again);
  for (const [key, value] of typed) {
    const input = root.querySelector(`input[data-key="${CSS.escape(key)}"]`);
    if (input) input.value = value;
  }
  if (again) again.focus();
  return namer;
}

/**
 * What the person has typed in the action boxes (an action, an amount), to be put back after the
 * table is drawn again for the same decision: asking for a hint, or any other redraw, wiped it.
 * A new decision starts with empty boxes.
 */
function keepTyped(root, view, model) {
  const decision = JSON.stringify([view.to_move, (model.actions || []).map((a) => a.text), view.legal_ranges || []]);
  const same = root.dataset.decision === decision;
  root.dataset.decision = decision;
  if (!same) return [];
  return [...root.querySelectorAll("input[data-key]")]
    .filter((input) => input.type !== "checkbox" && input.value !== input.defaultValue)
    .map((input) => [input.dataset.key, input.value]);
}

/**
 * The dock is kept at the bottom of the window, over whatever of the board lies behind it: a seat's
 * melds could make it tall enough to hide the other seats and the trick (at 1280×720, a Roquet hand's
 * end hid the other seat's name and melds). So the board and the dock share the window below the
 * board's top (or a little more than half of it, when a banner pushes the board far down): when they do
 * not fit, one's own melds go beside the hand, a two-seat board puts the other seat beside the trick,
 * and the boxes of cards that may scroll (the other seats' zones, one's
 * own zones) are shortened, each in proportion to what it can give. One's own zones keep their first
 * two rows in sight (a phone showed a row and a half of a Roquet hand's melds) unless nothing else
 * can give. The table's zones beside the trick scroll down to the trick's height first (mid-hand a
 * Roquet livret, turn-up and stock were the board's tallest part), and melds that still scroll get
 * the width the hand's cards do not need; a box with rows out of sight gets a strip below it for the
 * cue that says so (moreRowsCue), which the others give as before; the other seats' boxes have theirs
 * on their name lines. The table's empty zones are never scrolled away. On a phone (app.css) the other seats' zones, else drawn inline with their names, get a box
 * of their own that scrolls, and one's melds a row of their own. The dock also keeps to about half the
 * window. The hand, the actions and the trick are never shortened (an empty trick is drawn short on every
 * board, app.css), but a board that still does not fit draws its trick's cards smaller (shrinkTrick).
 */
function fitTable(root, focused = document.activeElement) {
  // (fitted again on a resize, the table is fitted as if first drawn at the new size: a faded trick
  // that gave way in a narrow window stayed so in a wide one until the next redraw)
  const dockEl = root.querySelector(".dock");
  dockEl?.classList.toggle("typing", typingIn(dockEl, focused));
  const faded = [...root.querySelectorAll(".board .trick.faded")];
  faded.forEach(standUp);
  // a faded last trick gives way (its cards small in an empty trick's short box, giveWay) where the
  // board has no room for it and one's melds' first two rows: on a phone the melds lost their second
  // row to it; where, widened for its captions' words (roomForWords), it would scroll the table's
  // zones beside it out of sight; and where a word of its captions is still split
  // (the table is fitted first, whether or not it has a faded trick)
  const crowded = () => fitBoxes(root) || widenedAtCost(root) || faded.some(splitsWord);
  // but first its captions try its players' first names (firstNames), and then, first names kept, its
  // cards one above the other with their captions beside them (stackCards), then small and side by side
  // with their captions under them (smallCards), each if it makes a difference: with long names a Roquet
  // trick gave way at 61 of a phone's 102 steps, at 49 with first names alone, 27 with its cards one
  // above the other, 11 with its small cards side by side (at 1280×720: 21, then none)
  // (and, unless it is itself at fault, it gives way only where that gives the board or one's melds
  // back some room: seat 0 of a long-named Roquet match, its hand and two rows of melds more than half
  // the window, had its melds cut by the dock's own limit whatever the trick's size, and its faded
  // trick gave way for nothing at 12 of 66 steps at 1024×600, four-seat Bishops Whist's there at 15 of
  // 24, the board no shorter for it. It then keeps its cards small, side by side, and its captions)
  if (crowded() && faded.length && !TIGHTER.some((way) => faded.map(way).some(Boolean) && !crowded())) {
    const atFault = widenedAtCost(root) || faded.some(splitsWord);
    const tight = shortfall(root);
    faded.forEach(giveWay);
    fitBoxes(root);
    if (!atFault && !eased(tight, shortfall(root))) {
      faded.forEach(standUp);
      for (const way of TIGHTER) faded.forEach(way);
      fitBoxes(root);
    }
  }
  hugWrapped(root);
  unstick(root);
  standBelow(root, faded);
  keepInSight(root);
  handBack(root);
  actionCues(root);
}

/** The box of buttons scrolls past its height (app.css) as the boxes of cards do, and had no cue: on a
 * phone, Roquet's four nines showed three of their seven combinations, and the rest, the best among them,
 * lay out of sight with nothing to say so. It has theirs (moreRowsCue), in its strip (fitBoxes), placed
 * once the table is fitted, where the box now lies. */
function actionCues(root) {
  for (const box of root.querySelectorAll(".dock .action-buttons")) {
    box.removeEventListener("scroll", cueListeners.get(box));
    if (box.nextElementSibling?.classList.contains("more-rows")) box.nextElementSibling.remove();
    moreRowsCue(box);
  }
}

/** A faded trick that gave way for a board and a dock short of room, when the dock then went below the
 * board (unstick), gave way for nothing: the board has the window to itself, and the page scrolls to the
 * dock. It stands again, in the first of its ways (whole, its players' first names, its cards one above
 * the other, small and side by side) with which the board ends inside the window and no word of its
 * captions is split, or gives way again. At 390×500 (a small phone, or one with its browser's bars
 * showing) a long-named Roquet replay's faded trick gave way at 40 of its 66 steps from two seats, its
 * dock below the board at every one of them. */
function standBelow(root, faded) {
  const dockEl = root.querySelector(".dock");
  const boardEl = root.querySelector(".board");
  if (!dockEl || !boardEl || !dockEl.classList.contains("unstuck") || !faded.some((trick) => trick.classList.contains("given"))) return;
  const fits = () => boardEl.getBoundingClientRect().bottom + window.scrollY <= windowHeight() - 6 && !faded.some(splitsWord) && !widenedAtCost(root);
  const tries = [() => {}, ...TIGHTER.map((way) => () => faded.forEach(way))];
  faded.forEach(standUp);
  let stood = false;
  for (const tighter of tries) {
    tighter();
    fitBoxes(root);
    hugWrapped(root);
    if (fits()) {
      stood = true;
      break;
    }
  }
  if (!stood) {
    faded.forEach(giveWay);
    fitBoxes(root);
    hugWrapped(root);
  }
  unstick(root);
}

/** How far the board and the dock, as fitted, run past their room, how much of one's melds is in sight,
 * and how much of the boxes of cards is scrolled out of it: what a faded trick that gives way must ease
 * (fitTable). */
function shortfall(root) {
  const dockEl = root.querySelector(".dock");
  const boardEl = root.querySelector(".board");
  if (!dockEl || !boardEl) return { over: 0, melds: 0, hidden: 0 };
  const melds = [...dockEl.querySelectorAll(".my-zones")].reduce((sum, box) => sum + box.clientHeight, 0);
  const boxes = [...root.querySelectorAll(".table-zones, .seat-zones, .my-zones")];
  const hidden = boxes.reduce((sum, box) => sum + Math.max(0, box.scrollHeight - box.clientHeight), 0);
  return { over: overRoom(boardEl, dockEl), melds, hidden };
}

/** Whether a faded trick given way eased the board (`after`) from where it was drawn small (`before`):
 * the board and the dock running past their room by less, more of one's melds in sight, or less of the
 * boxes of cards scrolled away (at 1024×600 a small trick and its heading beside a Roquet livret left
 * the turn-up, which may be melded, a row out of sight). */
function eased(before, after) {
  return (before.over > 1 && after.over < before.over - 1) || after.melds > before.melds + 1 || after.hidden < before.hidden - 1;
}

/** Whether the board and the dock, as fitted, still run past the room they share below the board's top
 * (fitBoxes' budget: the window below the board's top, or a little more than half of it), by how many
 * pixels. */
function overRoom(boardEl, dockEl) {
  const height = windowHeight();
  const boardTop = boardEl.getBoundingClientRect().top + window.scrollY;
  const budget = Math.max(height - boardTop, height * 0.55) - 6;
  const gap = parseFloat(getComputedStyle(dockEl).marginTop) || 0;
  return boardEl.getBoundingClientRect().height + gap + dockEl.getBoundingClientRect().height - budget;
}

/** What of the board the dock must not cover: the other seats' names and cards, the trick's cards and
 * captions, the table's zones. */
const UNCOVERED = ".board .seat .seat-name, .board .seat .card, .board .trick .trick-card .card, .board .trick .trick-card figcaption, .board .table-zones .zone";

/** Whether the dock, kept at the bottom of the window with the page at its top, would lie over any of
 * what the board must show (UNCOVERED, each as far as the boxes it scrolls in show it): measured in the
 * page, not the window, so that it is the same wherever the page is scrolled. */
function dockCovers(boardEl, dockEl) {
  const top = windowHeight() - dockEl.getBoundingClientRect().height - window.scrollY;
  const bottom = windowHeight() - window.scrollY;
  return [...boardEl.querySelectorAll(UNCOVERED)].some((node) => {
    const r = node.getBoundingClientRect();
    let upper = r.top;
    let lower = r.bottom;
    for (let up = node.parentElement; up && up !== boardEl.parentElement; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = up.getBoundingClientRect();
      upper = Math.max(upper, c.top);
      lower = Math.min(lower, c.bottom);
    }
    return lower > upper + 1 && r.right > r.left + 1 && lower > top + 1 && upper < bottom - 1;
  });
}

/** A board and a dock that do not fit once every box has given what it can, the dock over some of what
 * the board must show with the page at its top: the dock leaves the bottom of the window and lies below
 * the board (app.css .dock.unstuck), where the page scrolls to it. Kept at the window's bottom it
 * covered the board: at 390×500 (a small phone, or one with its browser's bars showing) a Roquet
 * seat's hand and melds hid the trick and the other seat's name, a four-seat Bishops Whist dock three
 * of the four seats (at 1024×600, a seat's name or cards at 44 of the long-named replay's 106 steps
 * from two seats). A dock over no more than the board's margins stays where the hand is at hand; a
 * person typing keeps the dock at the bottom, laid out to leave the board in sight (typingIn,
 * keepInSight). */
function unstick(root) {
  const dockEl = root.querySelector(".dock");
  const boardEl = root.querySelector(".board");
  if (!dockEl || !boardEl) return;
  dockEl.classList.remove("unstuck");
  if (dockEl.classList.contains("typing") || overRoom(boardEl, dockEl) <= 1) return;
  if (dockCovers(boardEl, dockEl)) dockEl.classList.add("unstuck");
}

/** How far keepInSight scrolled the page for a person typing, and where it left it, by table. */
const scrolledFor = new WeakMap();

/** Where the page was at its last scroll event (or as the page opened). */
let seenScroll = typeof window !== "undefined" ? window.scrollY : null;
if (typeof window !== "undefined") window.addEventListener("scroll", () => (seenScroll = window.scrollY), { passive: true });

/** A person typing in a short window sees the board, the trick with it, above the dock: the page is
 * scrolled down as far as that needs, no further than the board's top (the page's title and the
 * situation line go out of sight first: at 390×500 a four-seat trick lay under the dock), or back up to
 * the board's top where the person had scrolled past it; done typing,
 * the page is scrolled back (unless the person scrolled it since). */
function keepInSight(root) {
  const dockEl = root.querySelector(".dock");
  const boardEl = root.querySelector(".board");
  if (!dockEl || !boardEl) return;
  const done = scrolledFor.get(root);
  if (!dockEl.classList.contains("typing")) {
    scrolledFor.delete(root);
    if (done && Math.abs(window.scrollY - done.at) < 1) window.scrollTo(window.scrollX, done.from);
    return;
  }
  // (the board's bottom, with the strip of its zones' cue of rows: beside the trick, the livret's cue
  // lay under the dock)
  // (and, where the page was scrolled past the board's top, back up to it: at 390×500 a person who
  // had scrolled down to the dock, below the board, typed with an open tarock seat's stacks, at the
  // board's top, scrolled half out of sight, and the trick too)
  const top = boardEl.getBoundingClientRect().top;
  const below = boardEl.getBoundingClientRect().bottom + 4 - dockEl.getBoundingClientRect().top;
  const by = top < 0 ? Math.floor(top) : Math.min(below, top);
  if (Math.abs(by) < 1) return;
  // (where the page was before the first such scroll, kept through the redraws of a person's typing;
  // and before the browser scrolled the box into sight to focus it, whose scroll event comes after:
  // the box in a dock below the board, the page was left there when the person was done)
  const from = done?.from ?? Math.min(window.scrollY, seenScroll ?? window.scrollY);
  window.scrollBy(0, by);
  scrolledFor.set(root, { from, at: window.scrollY });
}

/**
 * At the person's turn, a dock that lies below the board (unstick: at 390×500, a small phone or one
 * with its browser's bars showing, at every step of a Roquet or Bishops Whist match) left the hand a
 * scroll away, and nothing said it was there: the page is scrolled down, once a turn, until the
 * hand's cards and the prompt are in sight, no further than the hand's top (the board above them as
 * much as there is room for). A person typing has the dock laid out for it (typingIn, keepInSight).
 * Called by the live table when a turn of the person's begins; whether it scrolled.
 * @param {HTMLElement} root
 */
export function bringHandIntoView(root) {
  const dockEl = root.querySelector(".dock");
  if (!dockEl || !dockEl.classList.contains("unstuck") || dockEl.classList.contains("typing")) return false;
  const hand = dockEl.querySelector(".hand-area") || dockEl.querySelector(".my-zones");
  if (!hand) return false;
  const prompt = dockEl.querySelector("h2.prompt");
  const bottom = Math.max(hand.getBoundingClientRect().bottom, prompt ? prompt.getBoundingClientRect().bottom : -Infinity);
  const by = Math.min(Math.ceil(bottom + 4 - windowHeight()), Math.floor(hand.getBoundingClientRect().top));
  if (by <= 0) return false;
  const from = window.scrollY;
  window.scrollBy(0, by);
  handScrolled.set(root, { from, at: window.scrollY });
  return true;
}

/** How far bringHandIntoView scrolled the page, and where it left it, by table. */
const handScrolled = new WeakMap();

/** A page scrolled to the hand (bringHandIntoView) whose dock no longer lies below the board (the
 * window grown, a phone's keyboard closed) is scrolled back, unless the person scrolled it since: a
 * table fitted at 390×844 after its 390×500 lay some 200 pixels down, not at its top. A person typing
 * keeps keepInSight's scroll. */
function handBack(root) {
  const done = handScrolled.get(root);
  const dockEl = root.querySelector(".dock");
  if (!done || !dockEl || dockEl.classList.contains("unstuck") || dockEl.classList.contains("typing")) return;
  handScrolled.delete(root);
  if (Math.abs(window.scrollY - done.at) < 1) window.scrollTo(window.scrollX, done.from);
}

/** The ways a faded last trick tries, in turn, to keep its captions in less room before it gives way
 * (fitTable). */
const TIGHTER = [firstNames, stackCards, smallCards];

/** A faded trick's cards small and side by side, each caption under its card, in a box as wide as its
 * captions' longest words need (app.css .trick.small, min-content wide): tried
 * last, first names kept, where its cards one above the other did not fit either (a phone's board,
 * beside the livret and the turn-up, or the talon), before the trick gives way and loses its captions.
 * Whether the trick is one it changes (not one already drawn so). */
function smallCards(trick) {
  if (trick.classList.contains("small")) return false;
  trick.classList.remove("stacked");
  trick.classList.add("small");
  trick.style.removeProperty("--cap-more");
  return true;
}

/** A faded two-seat trick's cards one above the other, the other seat's on top as its seat is, each
 * caption beside its card (app.css .trick.stacked): under its card a caption has half the box, beside
 * it the box less a card, and a phone's narrow box beside the livret split "Bartholomew" in its half.
 * Whether the trick is one it changes (two cards of two seats). */
function stackCards(trick) {
  if (!trick.classList.contains("players-2") || trick.querySelectorAll(".trick-card").length !== 2) return false;
  trick.classList.add("stacked");
  trick.style.removeProperty("--cap-more");
  return true;
}

/** The words of a trick's cards, their players by their whole names: "castle of clubs, Bartholomew
 * Higginbottom (led) ✓ won; eight of clubs, Anastasia Featherstonehaugh". */
function trickWords(trick) {
  wholeNames(trick);
  return [...trick.querySelectorAll(".trick-card")]
    .map((figure) => [figure.querySelector(".card img")?.alt, figure.querySelector("figcaption")?.textContent].filter(Boolean).join(", "))
    .join("; ");
}

/** A trick that names its cards' players otherwise than in its captions has its words as its title and
 * accessible name. */
function sayWhole(trick, said) {
  trick.title = said;
  trick.setAttribute("role", "img");
  trick.setAttribute("aria-label", `the last trick: ${said}`);
}

/** A faded last trick's captions name the players by their first names ("Anastasia (led) ✓ won"),
 * their whole names the trick's title and accessible name: tried before it gives way (fitTable), where
 * a long name's words ("Featherstonehaugh") widened the box. Whether any caption changed (trickBox
 * gives a first name only where it is shorter and no other player's: data-short). */
function firstNames(trick) {
  const short = [...trick.querySelectorAll(".trick-card figcaption .who[data-short]")];
  if (!short.length) return false;
  sayWhole(trick, trickWords(trick));
  for (const who of short) who.textContent = who.dataset.short;
  return true;
}

/** A trick's captions with their players' whole names again. */
function wholeNames(trick) {
  for (const who of trick.querySelectorAll(".trick-card figcaption .who[data-full]")) who.textContent = who.dataset.full;
}

/** Whether a word of a trick's captions is still split over two lines (roomForWords found no room). */
function splitsWord(trick) {
  return [...trick.querySelectorAll(".trick-card figcaption .who")].some((who) => wordShortfall(who) >= 0.5);
}

/** What giveWay took from a trick (its cards' captions, its heading's words and the name of its
 * group), for standUp to put back. */
const takenAway = new WeakMap();

/** A faded last trick that gives way is drawn in the short box of an empty trick, its cards small, side
 * by side in the order played (the winner's outlined), without their captions, whose words are the
 * box's title and accessible name: emptied, it showed nothing, and only its button led to the trick
 * (the button still shows it whole). What it takes away is kept, for standUp. */
function giveWay(trick) {
  const said = trickWords(trick);
  const area = trick.closest(".trick-area");
  const heading = area?.querySelector(".trick-caption");
  takenAway.set(trick, {
    captions: [...trick.querySelectorAll(".trick-card figcaption")].map((caption) => [caption.parentElement, caption]),
    heading: heading ? [...heading.childNodes] : [],
    group: area?.getAttribute("aria-label") ?? null,
  });
  for (const caption of trick.querySelectorAll(".trick-card figcaption")) caption.remove();
  for (const property of ["--cap-more", "--card-w", "min-width"]) trick.style.removeProperty(property);
  trick.classList.remove("stacked", "small");
  trick.classList.add("given");
  sayWhole(trick, said);
  // (the heading's words go, but for its button: "Last trick" twice on a phone)
  heading?.replaceChildren();
  area?.setAttribute("aria-label", "the last trick");
}

/** A faded last trick as drawn, before fitTable's giving way or first names: its captions and
 * heading back, its players' whole names. */
function standUp(trick) {
  const taken = takenAway.get(trick);
  trick.classList.remove("given", "stacked", "small");
  for (const name of ["title", "role", "aria-label"]) trick.removeAttribute(name);
  takenAway.delete(trick);
  for (const [figure, caption] of taken?.captions ?? []) figure.append(caption);
  wholeNames(trick);
  if (!taken) return;
  const area = trick.closest(".trick-area");
  area?.querySelector(".trick-caption")?.replaceChildren(...taken.heading);
  if (taken.group === null) area?.removeAttribute("aria-label");
  else area?.setAttribute("aria-label", taken.group);
}

/** A long fan of the table's cards overlaps as much as it must to show every card in its zone, down to
 * FAN_LEAST of a card's width for each after the first: a Lansquenet deal that turned eighteen cards
 * drew a fan wider than its zone, its last cards past the zone's edge, cut. */
function fitFans(root) {
  // (called by fitBoxes before it measures the boxes and places their cues: a cue placed beside a fan
  // drawn narrower afterwards stood past it)
  for (const fan of root.querySelectorAll(".table-zones .fan.overlap")) {
    fan.style.removeProperty("--fan-step");
    const cards = [...fan.children];
    if (cards.length < 2 || fan.scrollWidth <= fan.clientWidth + 1) continue;
    const style = getComputedStyle(fan);
    const room = fan.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const card = cards[0].getBoundingClientRect().width;
    const gap = parseFloat(style.columnGap) || 0;
    // each card after the first shows `step` pixels of itself
    const step = Math.max(card * FAN_LEAST, (room - card) / (cards.length - 1));
    fan.style.setProperty("--fan-step", `${Math.floor((step - card - gap) * 10) / 10}px`);
  }
}

/** fitTable's boxes of cards: see there. Whether the board is still short of room, or one's melds
 * were shortened across their first two rows. */
function fitBoxes(root) {
  const dockEl = root.querySelector(".dock");
  const boardEl = root.querySelector(".board");
  if (!dockEl || !boardEl) return false;
  const seatBoxes = [...boardEl.querySelectorAll(".seat-zones")];
  const dockBoxes = [...dockEl.querySelectorAll(".my-zones")];
  const tableBoxes = [...boardEl.querySelectorAll(".table-zones")];
  const actionBoxes = [...dockEl.querySelectorAll(".action-buttons")];
  dockEl.classList.remove("fitted", "melds-scroll");
  for (const cue of root.querySelectorAll(".more-rows")) cue.remove();
  for (const seat of boardEl.querySelectorAll(".seat.tags-give, .seat.stats-give")) {
    seat.classList.remove("tags-give", "stats-give");
    seat.setAttribute("aria-label", seat.dataset.label);
    seat.removeAttribute("title");
    delete seat.dataset.label;
  }
  // (a resize fits the same boxes again: the last fitting's cue, its strip and its scroll listener go
  // together)
  for (const box of [...seatBoxes, ...dockBoxes, ...tableBoxes, ...actionBoxes]) {
    box.removeEventListener("scroll", cueListeners.get(box));
    box.classList.remove("cue-below");
  }
  // the box of buttons, which scrolls past its own height (app.css), has its strip before the dock is
  // measured, and its cue once the dock is fitted (actionCues)
  makeCueRoom(actionBoxes);
  boardEl.classList.remove("fitted");
  for (const box of [...seatBoxes, ...dockBoxes, ...tableBoxes]) box.style.maxHeight = "";
  for (const box of tableBoxes) box.classList.remove("scrolls");
  for (const trick of boardEl.querySelectorAll(".trick")) trick.style.removeProperty("--card-w");
  // (the captions and tags as wide as they may be, not as hugWrapped left them for another window:
  // after a phone's width, "heuristic" in a Roquet trick at 1280×720 was measured split, "heuristi / c")
  for (const box of root.querySelectorAll(HUGGED)) box.style.width = "";
  roomForCaptions(boardEl);
  const height = windowHeight();
  const boardTop = boardEl.getBoundingClientRect().top + window.scrollY;
  const budget = Math.max(height - boardTop, height * 0.55) - 6;
  const gap = parseFloat(getComputedStyle(dockEl).marginTop) || 0;
  const dockHeight = () => dockEl.getBoundingClientRect().height;
  const excess = () => boardEl.getBoundingClientRect().height + gap + dockHeight() - budget;
  const dockExcess = () => dockHeight() - height * 0.5;
  fitFans(root);
  if (excess() <= 0 && dockExcess() <= 0) return false;
  dockEl.classList.add("fitted");
  boardEl.classList.add("fitted");
  // (a fitted board draws the table's cards smaller, beside the trick: its fans fitted again, before
  // any box is measured; and its trick's captions, in a narrower box, measured again)
  fitFans(root);
  roomForCaptions(boardEl);
  // (the other seats' boxes never across their first row: a phone showed the top of a seat's melds,
  // and their cue said "1 more row" of the row in sight)
  const least = (box) => (dockBoxes.includes(box) ? rowsHeight(box, 2) : seatBoxes.includes(box) ? rowsHeight(box, 1) : LEAST);
  shorten(dockBoxes, dockExcess(), least);
  // the table's zones beside the trick, when taller than it, scroll down to the trick's height: the
  // middle of the board is no shorter for it, and one's melds keep their two rows with a trick in play
  const trickHeight = () => Math.max(LEAST, ...[...boardEl.querySelectorAll(".trick-area")].map((a) => a.getBoundingClientRect().height));
  // (but never across their first row: beside an empty trick, drawn short, they showed half a card;
  // and with the strip of their cue of rows below, when they have one, no taller than the trick)
  // (nor across the rows of its empty zones, drawn first, and one row after them: at a hand's end,
  // three lines of "…: none" stood behind "▾ 2 more rows", which took as much room as they did)
  const tableLeast = (box) => Math.max(trickHeight() - cueStrip(box), rowsHeight(box, emptyRows(box) + 1));
  const give = () => {
    shorten(tableBoxes, excess(), tableLeast);
    for (const box of tableBoxes) if (box.style.maxHeight) scrolls(box);
    if (makeCueRoom(tableBoxes)) shorten(tableBoxes, excess(), tableLeast);
    const boardHeight = boardEl.getBoundingClientRect().height;
    const seatHeights = seatBoxes.map((box) => box.style.maxHeight);
    shorten([...seatBoxes, ...dockBoxes], excess(), least);
    // seats beside a taller trick gave nothing back by being shortened: they keep their cards in sight
    if (boardEl.getBoundingClientRect().height > boardHeight - 1) seatBoxes.forEach((box, i) => (box.style.maxHeight = seatHeights[i]));
    shorten(dockBoxes, excess(), least);
    // no room for two rows of one's own cards: they give what is still wanted
    shorten(dockBoxes, Math.max(excess(), dockExcess()));
  };
  give();
  // melds that still scroll get the width the hand does not need (app.css), and a strip below them for
  // their cue: the others give its height as they gave before, one's melds' two rows last
  if (dockBoxes.some((box) => box.scrollHeight > box.clientHeight + 1)) {
    dockEl.classList.add("melds-scroll");
    // wider, they may need fewer rows than they were shortened to: they give again only what is still
    // wanted (at 1024×600 a Roquet seat's melds, shortened while the hand left them half the dock, kept
    // one row of their two once they had its width, and the faded trick gave way for that row)
    for (const box of dockBoxes) box.style.maxHeight = "";
    give();
  }
  if (makeCueRoom(dockBoxes)) give();
  for (const box of [...tableBoxes, ...dockBoxes]) moreRowsCue(box);
  // the other seats' boxes have theirs on the seat's name line, which costs no height (a strip below
  // took it from one's melds on a phone, whose second row was cut); a cue that finds no room there,
  // and takes a line of its own, takes it from the seat's box
  const before = excess();
  const lined = seatBoxes.filter((box) => moreRowsCue(box, box.closest(".seat")?.querySelector(".seat-line")));
  lined.forEach(makeLineRoom);
  if (lined.length && excess() > Math.max(0, before) + 1) shorten(lined, excess() - Math.max(0, before), least);
  // one's melds, shortened before the others' boxes had their cues placed (and the board, the dock,
  // their final height), take back the rows there is room for now, a row at a time: at 1280×720 a
  // strip of a pixel too many cut a Roquet seat's melds from two rows to one, and the board then ended
  // 20 pixels above its room
  if (growBack(dockBoxes, () => excess() > 0.5 || dockExcess() > 0.5)) {
    for (const box of dockBoxes) {
      box.removeEventListener("scroll", cueListeners.get(box));
      box.classList.remove("cue-below");
    }
    for (const cue of dockEl.querySelectorAll(".more-rows")) cue.remove();
    makeCueRoom(dockBoxes);
    for (const box of dockBoxes) moreRowsCue(box);
  }
  shrinkTrick(boardEl, excess);
  return excess() > 1 || dockBoxes.some((box) => box.style.maxHeight && box.clientHeight < rowsHeight(box, 2) - 1);
}

/** The table's zones, shortened, scroll (app.css .scrolls): their clickable cards get room above them
 * to rise into, their rows lower by as much, and the box ends again at the bottom of the row it ended
 * at: at 390×500, a person typing, a Roquet livret of cards to meld with was cut across its cards, the
 * box shortened to the bottom of the row before the room was made. */
function scrolls(box) {
  if (box.classList.contains("scrolls")) return;
  const row = rowBottoms(box).filter((end) => end <= parseFloat(box.style.maxHeight) + 1).length;
  box.classList.add("scrolls");
  const ends = rowBottoms(box);
  if (row > 0 && ends[row - 1] > parseFloat(box.style.maxHeight)) box.style.maxHeight = `${ends[row - 1]}px`;
}

/** The bottoms of a box's rows of zones, from its top, in order. */
function rowBottoms(box) {
  const top = box.getBoundingClientRect().top - box.scrollTop;
  return [...new Set([...box.children].map((zone) => Math.ceil(zone.getBoundingClientRect().bottom - top)))].sort((a, b) => a - b);
}

/** Shortened boxes shown a row further at a time, each while `over` (whether the board and the dock
 * now run past their room) stays false. Whether any grew. */
function growBack(boxes, over) {
  let grew = false;
  for (const box of boxes) {
    for (;;) {
      if (!box.style.maxHeight || box.scrollHeight <= box.clientHeight + 1) break;
      const top = box.getBoundingClientRect().top - box.scrollTop;
      const next = Math.min(...[...box.children].map((zone) => Math.ceil(zone.getBoundingClientRect().bottom - top)).filter((end) => end > box.clientHeight + 1));
      if (!Number.isFinite(next)) break;
      const kept = box.style.maxHeight;
      box.style.maxHeight = `${next}px`;
      if (over()) {
        box.style.maxHeight = kept;
        break;
      }
      grew = true;
    }
  }
  return grew;
}

/** Another seat's name line crowded with its name, tags and numbers ("Bartholomew Higginbottom",
 * "dealer", "score 9") has no room for its cue of rows below, which took a line of its own and made the
 * panel a line taller (the box, at its one row, had nothing to give): the tags give way, then the
 * numbers (their words kept in the panel's accessible name and title). A name too long for its cue
 * alone keeps the cue on a line of its own, which the box gives if it can; its tags still give way
 * where that makes the panel shorter: a side seat's "Computer 3", some pixels wider than "heuristic 3",
 * left no room for the cue beside it, and kept "with Bartholomew / Higginbottom" and "dealer", three
 * lines that put a four-seat trick under the dock at 390×500. */
function makeLineRoom(box) {
  const seat = box.closest(".seat");
  const cue = seat?.querySelector(".more-rows.on-line");
  const head = seat?.querySelector(".seat-head");
  if (!cue || !head || cue.hidden) return;
  const wrapped = () => cue.getBoundingClientRect().top >= head.getBoundingClientRect().bottom - 1;
  if (!wrapped()) return;
  const said = (selector) => [...seat.querySelectorAll(selector)].map((node) => node.textContent);
  const tags = said(".seat-tags .tag");
  const words = [...tags, ...said(".seat-stats")].join(", ");
  const give = (text) => {
    seat.dataset.label ??= seat.getAttribute("aria-label") || "";
    seat.setAttribute("aria-label", `${seat.dataset.label}, ${text}`);
    seat.title = text;
  };
  const tall = seat.getBoundingClientRect().height;
  seat.classList.add("tags-give");
  if (!wrapped()) return give(tags.join(", "));
  seat.classList.add("stats-give");
  if (!wrapped()) return give(words);
  seat.classList.remove("stats-give");
  if (tags.length && seat.getBoundingClientRect().height < tall - 1) return give(tags.join(", "));
  seat.classList.remove("tags-give");
}

/** A board that still does not fit when every box has given what it can draws its trick's cards
 * smaller, down to TRICK_LEAST of their size: at 1280×720 a Bishops Whist trick, never shortened,
 * ran under the dock's top. Each step takes what is still in excess; a trick that gives the board
 * nothing back (a taller seat beside it) keeps its size. */
function shrinkTrick(boardEl, excess) {
  for (const trick of boardEl.querySelectorAll(".trick:not(.empty, .given, .small)")) {
    const card = trick.querySelector(".card");
    const full = card ? card.getBoundingClientRect().width : 0;
    if (!full) continue;
    let width = full;
    for (let i = 0; i < 4 && excess() > 0; i++) {
      const boardHeight = boardEl.getBoundingClientRect().height;
      const trickHeight = trick.getBoundingClientRect().height;
      const next = Math.max(full * TRICK_LEAST, width - (excess() * width) / trickHeight);
      if (next >= width - 0.5) break;
      trick.style.setProperty("--card-w", `${next}px`);
      roomForCaptions(boardEl);
      if (boardEl.getBoundingClientRect().height > boardHeight - 1) {
        trick.style.setProperty("--card-w", width === full ? "" : `${width}px`);
        roomForCaptions(boardEl);
        break;
      }
      width = next;
    }
  }
}

/** A four-seat trick's top and bottom captions wrap a long name (app.css) rather than cut it
 * ("Anastasia Featherstoneha…" on a phone): the box is as much taller as their lines past the first
 * need, or the top caption lay on the bottom card. Measured again whenever the cards' size changes (the
 * captions' room with it). */
function roomForCaptions(boardEl) {
  for (const trick of boardEl.querySelectorAll(".trick")) roomForWords(trick);
  // a two-seat trick's card and caption take the box's height, from its top or its bottom: a caption
  // of many lines ran past the box, over the trick's heading on a phone
  // (cards one above the other, captions beside them, make their box as tall as they are: stackCards)
  for (const trick of boardEl.querySelectorAll(".trick.players-2:not(.given, .stacked, .small)")) {
    trick.style.removeProperty("--cap-more");
    const room = trick.clientHeight;
    const tallest = Math.max(0, ...[...trick.querySelectorAll(".trick-card")].map((figure) => figure.getBoundingClientRect().height));
    // (its 0.15rem from the box's edge, and as much again)
    const more = tallest + 5 - room;
    if (more > 0.5) trick.style.setProperty("--cap-more", `${Math.ceil(more)}px`);
  }
  for (const trick of boardEl.querySelectorAll(".trick.players-4:not(.round, .small)")) {
    trick.style.removeProperty("--cap-more");
    let more = 0;
    for (const caption of trick.querySelectorAll(".from-top figcaption, .from-bottom figcaption")) {
      const style = getComputedStyle(caption);
      const line = parseFloat(style.lineHeight) || 1.25 * parseFloat(style.fontSize);
      const frame = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      more += Math.max(0, caption.getBoundingClientRect().height - frame - line);
    }
    if (more > 0.5) trick.style.setProperty("--cap-more", `${Math.ceil(more)}px`);
  }
}

/** No word of a trick's captions is split over two lines: a faded last trick squeezed beside the talon
 * on a phone drew "Bartholo / mew / Higginbo / ttom" in its halves, and a four-seat trick's side at
 * every size "Featherstonehaug / h". The box is widened until each caption's longest word fits a line
 * (as far as the board's middle allows); the board is then fitted with it (a faded trick for which that
 * would scroll the table's zones out of sight gives way, fitTable). */
function roomForWords(trick) {
  trick.style.removeProperty("min-width");
  const room = trick.closest(".area-center")?.clientWidth ?? Infinity;
  for (let i = 0; i < 3; i++) {
    const more = Math.max(0, ...[...trick.querySelectorAll(".trick-card figcaption .who")].map(wordShortfall));
    if (more < 0.5) break;
    const width = trick.getBoundingClientRect().width;
    // (a caption's room grows by half what the box's does, or more: half a two-seat box, a side's part;
    // by as much beside a card of cards one above the other, stackCards; by its share of the box under
    // a card of small ones side by side, smallCards)
    const cards = trick.querySelectorAll(".trick-card").length;
    const share = trick.classList.contains("stacked") ? 1 : trick.classList.contains("small") ? Math.max(cards, 1) : 2;
    const next = Math.min(room, Math.ceil(width + share * more));
    if (next < width + 0.5) break;
    trick.style.minWidth = `${next}px`;
  }
}

/** How much wider a name's box must be for the longest of its words split over two lines to fit one (0
 * if none is split). */
function wordShortfall(who) {
  let more = 0;
  const range = document.createRange();
  const walker = document.createTreeWalker(who, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (const match of text.data.matchAll(/\S+/g)) {
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      // (a word's drawn pieces, on two lines; a box that only starts a line is no piece)
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
      more = Math.max(more, rects.reduce((sum, r) => sum + r.width, 0) - who.clientWidth + 1);
    }
  }
  return more;
}

/** Whether a faded last trick widened for its captions' words (roomForWords), on a board fitted to
 * the window, cost another box rows in sight: the table's zones beside it, on more rows for it and
 * shortened to the trick's height, scrolled the turn-up away on a phone. It then gives way as on a
 * board short of room (fitTable): the trick just won matters less than the cards in play, and its
 * button still shows it. Where the board has the room, the zones beside it go on more rows (a trick
 * in play, or the last one asked for, keeps its width either way). */
function widenedAtCost(root) {
  const boardEl = root.querySelector(".board.fitted");
  const tricks = boardEl ? [...boardEl.querySelectorAll(".trick.faded:not(.given)")].filter((trick) => trick.style.minWidth) : [];
  if (!tricks.length) return false;
  // (the boxes as fitted with the wide trick: narrower, it would leave their zones on fewer rows)
  const boxes = [...root.querySelectorAll(".table-zones, .seat-zones, .my-zones")];
  const hidden = () => boxes.map((box) => box.scrollHeight - box.clientHeight);
  const wide = hidden();
  const widths = tricks.map((trick) => trick.style.minWidth);
  for (const trick of tricks) trick.style.removeProperty("min-width");
  const narrow = hidden();
  tricks.forEach((trick, i) => (trick.style.minWidth = widths[i]));
  return wide.some((size, i) => size > narrow[i] + 1);
}

/** How many of a box's first rows of zones hold only empty zones ("stock: none"), all if all do. */
function emptyRows(box) {
  const bottom = (zone) => Math.round(zone.getBoundingClientRect().bottom);
  const rows = [...new Set([...box.children].map(bottom))].sort((a, b) => a - b);
  const full = rows.findIndex((row) => [...box.children].some((zone) => bottom(zone) === row && !zone.classList.contains("empty")));
  return full < 0 ? rows.length : full;
}

/** What hugWrapped hugs: the trick's captions, the seats' tags. */
const HUGGED = ".trick-card figcaption, .seat .tag";

/** A trick's caption or a seat's tag that wraps is drawn as wide as its longest line: its box kept the
 * width it was allowed, and a side caption's dark background ran past its words ("Wilhelmina
 * Fairweather" over two lines in a four-seat trick), a tag's pill across its panel ("with Bartholomew
 * / Higginbottom", some 50 to 90 pixels past its words). */
function hugWrapped(root) {
  for (const caption of root.querySelectorAll(HUGGED)) {
    caption.style.width = "";
    const rects = [];
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    if (new Set(rects.map((r) => Math.round(r.bottom))).size < 2) continue;
    const style = getComputedStyle(caption);
    const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const width = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
    caption.style.width = `${Math.ceil(width + pad) + 1}px`;
  }
}

/** A strip below each box with rows of its zones out of sight, for the cue that says so: on the box,
 * the cue covered the corner of a card wherever a full row left it no room beside it (one's melds on a
 * phone), or the label of a zone. Whether any box got one. */
function makeCueRoom(boxes) {
  const wanted = boxes.filter((box) => rowsBelow(box).rows > 0);
  for (const box of wanted) box.classList.add("cue-below");
  return wanted.length > 0;
}

/** The height of a box's strip for its cue (app.css .cue-below), 0 if it has none. */
function cueStrip(box) {
  return box.classList.contains("cue-below") ? parseFloat(getComputedStyle(box).marginBottom) || 0 : 0;
}

/** Rows of a box's zones wholly or partly below what it shows, and the first of them (zones on a row
 * share their bottom). */
function rowsBelow(box) {
  const bottom = box.getBoundingClientRect().bottom;
  const below = [...box.children].filter((zone) => zone.getBoundingClientRect().bottom > bottom + 1);
  const rows = new Set(below.map((zone) => Math.round(zone.getBoundingClientRect().bottom)));
  const first = below.length ? Math.min(...below.map((zone) => zone.getBoundingClientRect().top)) : null;
  return { rows: rows.size, first };
}

/** Each box's scroll listener that places its cue, removed when the box is fitted again. */
const cueListeners = new WeakMap();

/** A box of cards that scrolls past what it shows showed no sign of the rows below (at 1280×720 a
 * Roquet seat's third and fourth rows of melds were out of sight with nothing to say so; the table's
 * zones beside the trick likewise): a button in the strip below the box, at its right (makeCueRoom),
 * says how many rows there are and, pressed, scrolls the next of them into sight (or back to the top).
 * It is put after the box, and placed in the box's positioned ancestor (the dock, the board's middle);
 * or, given a `line` (another seat's name line), at that line's end, where it costs no height. Whether
 * the box got one. */
function moreRowsCue(box, line = null) {
  // (a cue on a line of its own: wherever its box has rows out of sight; else in the box's strip)
  if (line ? box.scrollHeight <= box.clientHeight + 1 || !rowsBelow(box).rows : !box.classList.contains("cue-below")) return false;
  const cue = el("button.more-rows", { type: "button", class: line ? "on-line" : null });
  // at the right of the zones in sight, not of a box wider than them (the table's zones at a hand's
  // end, one short line beside the trick, had their cue at the board's far side)
  const top = box.getBoundingClientRect();
  const inSight = [...box.children].map((zone) => zone.getBoundingClientRect()).filter((r) => r.top < top.bottom - 1);
  const zonesRight = Math.max(...inSight.map((r) => r.right)) - top.left;
  const place = () => {
    const { rows } = rowsBelow(box);
    cue.textContent = rows ? `▾ ${rows} more row${rows === 1 ? "" : "s"}` : "▴ back to the top";
    cue.hidden = !rows && box.scrollTop <= 1;
    if (line) return;
    const host = cue.offsetParent;
    if (!host) return;
    const b = box.getBoundingClientRect();
    const h = host.getBoundingClientRect();
    const right = Math.min(b.right, Math.max(b.left + cue.offsetWidth, b.left + zonesRight));
    cue.style.left = `${Math.max(0, right - h.left - host.clientLeft - cue.offsetWidth)}px`;
    cue.style.top = `${b.bottom - h.top - host.clientTop + 1}px`;
  };
  cue.addEventListener("click", () => {
    const { first } = rowsBelow(box);
    box.scrollTo({ top: first === null ? 0 : box.scrollTop + first - box.getBoundingClientRect().top });
  });
  box.addEventListener("scroll", place);
  cueListeners.set(box, place);
  if (line) line.append(cue);
  else box.after(cue);
  place();
  return true;
}

/** The least height of a box of cards that scrolls: a row of small cards and its label. */
const LEAST = 56;
/** How little of each card after the first a long fan of the table's cards may show (fitFans). */
const FAN_LEAST = 0.2;
/** How far a trick's cards may be drawn smaller (shrinkTrick). */
const TRICK_LEAST = 0.75;

/** The height of a box's first `n` rows of zones (all of them, if fewer): zones on a row share their
 * bottom (app.css: aligned to the end). */
function rowsHeight(box, n) {
  const zones = [...box.children].map((zone) => zone.getBoundingClientRect());
  if (!zones.length) return LEAST;
  const bottoms = [...new Set(zones.map((r) => Math.round(r.bottom)))].sort((a, b) => a - b);
  const top = box.getBoundingClientRect().top - box.scrollTop;
  return Math.max(LEAST, Math.ceil(bottoms[Math.min(n - 1, bottoms.length - 1)] - top));
}

/** Shorten scrolling boxes by `by` pixels in all, each in proportion to what it has above its least,
 * and each to the bottom of a row of its zones where that is no lower than its least (the table's: than
 * a row of small cards): a box cut across a row showed half a line ("▸ 3 tricks won"). */
function shorten(boxes, by, least = () => LEAST) {
  if (by <= 0) return;
  const heights = boxes.map((box) => box.getBoundingClientRect().height);
  const give = boxes.map((box, i) => Math.max(0, heights[i] - least(box)));
  const total = give.reduce((a, g) => a + g, 0);
  if (total <= 0) return;
  const share = Math.min(1, by / total);
  boxes.forEach((box, i) => {
    if (give[i] <= 0) return;
    const height = Math.floor(heights[i] - give[i] * share);
    // (the table's zones, kept to the trick's height, may end above it: a box cut across its stock
    // showed a sliver of a card)
    box.style.maxHeight = `${rowEnd(box, height, box.classList.contains("table-zones") ? LEAST : least(box))}px`;
  });
}

/** The bottom of the lowest row of a box's zones that ends within `height` and at `least` or more; if
 * none does, of the lowest row that ends within `height` (the table's zones at a hand's end, three
 * empty lines, shortened to the trick's height less their cue's strip, were cut across their second
 * line); if no row does, the first row's (a box is not cut across its first row), or `height` for a box
 * with no zones. */
function rowEnd(box, height, least) {
  const top = box.getBoundingClientRect().top - box.scrollTop;
  const all = [...box.children].map((zone) => Math.ceil(zone.getBoundingClientRect().bottom - top));
  const ends = all.filter((end) => end <= height);
  // (a pixel or two of rounding apart from `least`, which rowsHeight measures the same way)
  const high = ends.filter((end) => end >= least - 2);
  if (high.length) return Math.max(Math.min(least, height), ...high);
  // (and never across its first row: an open tarock seat's own stacks, shortened to a row of small
  // cards' height while its person typed, showed the top half of each card)
  return ends.length ? Math.max(...ends) : all.length ? Math.min(...all) : height;
}

/** A window as short as a phone's with its keyboard open (390×500), or shorter. */
const SHORT_WINDOW = "(max-height: 40rem)";

/**
 * How much of the window a person sees, in CSS pixels: the visual viewport's height where the page is
 * not zoomed and that is less than the window's (a keyboard that shrinks the visual viewport alone, as
 * iOS's does: it ignores `interactive-widget=resizes-content`, so the window kept its 844 pixels with
 * the keyboard over its lower half, the dock under it, the table fitted as if nothing covered it);
 * else the window's. A pinch zoom shrinks the visual viewport too, but the table is not fitted to it:
 * the person zooms in to see the cards larger, and a table fitted again would move under the fingers.
 */
function windowHeight() {
  const seen = window.visualViewport;
  if (!seen || Math.abs(seen.scale - 1) > 0.01) return window.innerHeight;
  return Math.min(window.innerHeight, seen.height);
}

/** How far up from the window's bottom the visual viewport ends (the keyboard's height, as windowHeight
 * reads it): the dock, kept at the bottom, is kept above the keyboard (app.css, --keyboard). */
function keyboardHeight() {
  const seen = window.visualViewport;
  if (!seen || Math.abs(seen.scale - 1) > 0.01) return 0;
  return Math.max(0, Math.round(window.innerHeight - seen.height - seen.offsetTop));
}

/** Whether a person types a move (in the box to type an action, or an amount's) in a short window: the
 * dock then gives up its seat's panel and melds (not the stacks of a seat with no hand) and draws its
 * hand on one line of small cards (app.css .dock.typing), so that the trick, the prompt and the box stay
 * in sight above it (a phone's keyboard left 390×500, where the dock covered the trick and the other
 * seats). Its hand comes back when the box loses the focus or the window grows again (fitTable, on
 * focus and on resize). */
function typingIn(dockEl, focused) {
  if (!dockEl || !(focused instanceof Element) || !dockEl.contains(focused)) return false;
  if (focused.closest("form.type-action, form.range") === null) return false;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return window.matchMedia(SHORT_WINDOW).matches || windowHeight() <= 40 * rem;
}

if (typeof window !== "undefined") {
  window.addEventListener("resize", () => document.querySelectorAll(".table-root").forEach((root) => fitTable(root)));
  // a keyboard over the page that leaves the window as it was (iOS) resizes the visual viewport
  // alone: the dock is kept above it and the table fitted to what is in sight (windowHeight); a pinch
  // zoom's resize, or a scroll of the visual viewport, fits nothing again
  let seenHeight = windowHeight();
  const seeing = () => {
    document.documentElement.style.setProperty("--keyboard", `${keyboardHeight()}px`);
    if (Math.abs(windowHeight() - seenHeight) < 1) return;
    seenHeight = windowHeight();
    document.querySelectorAll(".table-root").forEach((root) => fitTable(root));
  };
  window.visualViewport?.addEventListener("resize", seeing);
  window.visualViewport?.addEventListener("scroll", () => document.documentElement.style.setProperty("--keyboard", `${keyboardHeight()}px`));
  // the focus coming to or going from the box to type: the table fitted again where that changes the
  // dock (never drawn again: what is typed, and the focus, stay); from one part of the form to another
  // (its button pressed) changes nothing, nor moves the button under the pointer
  const refit = (event) => {
    const focused = event.type === "focusout" ? event.relatedTarget : event.target;
    for (const root of document.querySelectorAll(".table-root")) {
      const dockEl = root.querySelector(".dock");
      if (dockEl && dockEl.classList.contains("typing") !== typingIn(dockEl, focused)) fitTable(root, focused);
    }
  };
  document.addEventListener("focusin", refit);
  document.addEventListener("focusout", refit);
}

/** The codes in the viewer's hand (a legal card there is raised in the hand, never elsewhere too). */
function handCodes(view, me) {
  if (me === null || me === undefined) return new Set();
  const zone = (view.zones || []).find((z) => z.kind === "hand" && z.owner === me);
  return new Set(zone ? zone.cards.filter((c) => c !== null) : []);
}

/** Map each card code to the actions that name it. */
function cardActions(actions) {
  const map = new Map();
  for (const a of actions) {
    for (const code of new Set(a.cards || [])) {
      if (!map.has(code)) map.set(code, []);
      map.get(code).push(a);
    }
  }
  return map;
}

// --- the header lines -----------------------------------------------------------------------------

/** What the game calls a round ("hand", or "deal" in Lansquenet and Apology): the view's word. */
export function roundWord(view) {
  return (view && view.round_word) || "hand";
}

function capitalize(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function situationLine(ctx) {
  const { view, namer } = ctx;
  const parts = [];
  const badge = view.hand_number ? roundBadge(view, headedTrick(ctx)) : "";
  if (badge) parts.push(el("span.hand-number", { text: badge }));
  if (view.trump) parts.push(el("span.trump-badge", { text: `Trumps: ${suitWords(view.trump)}` }));
  // (at the match's end the banner above says who won: the line said it again, "the session is
  // over" or "seat 1 wins the match", under "Match over — Won by Computer 1")
  // a line of its own, begun with a capital: the views' situations are a clause ("bank 100 held by ...")
  if (view.situation && !view.outcome) parts.push(el("span.situation-text", { text: capitalize(namer.words(view.situation)) }));
  return el("p.situation", { id: "situation" }, parts);
}

const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

/** A prompt that first says what happened, and then what is asked: "a knight was turned: name trumps". */
const NEWS_FIRST = /^([^:]*\b(?:was|were|has been|have been)\b[^:]*): (.+)$/;

/**
 * Another seat's prompt said of it after `lead` ("Waiting for Computer 1 to"): "follow C♥: follow suit
 * if they can". A prompt that first says what happened ("a knight was turned: name trumps", Bishops
 * Whist) keeps that news first, the verb after `lead` ("A knight was turned: waiting for Computer 3 to
 * name trumps"; it read "Waiting for Computer 3 to a knight was turned: name trumps"). Empty without a
 * prompt.
 */
export function whoTo(lead, prompt, namer) {
  if (!prompt) return "";
  const said = namer.words(ofMover(prompt));
  const news = said.match(NEWS_FIRST);
  if (!news) return `${lead} ${said}`;
  return `${capitalize(news[1])}: ${lead.replace(/^Waiting/, "waiting")} ${news[2]}`;
}

const PARTICLES = new Set(["up", "down", "out", "off", "in", "on", "over"]);

/**
 * What a seat to move is about to do, in the words of its prompt: "lead" where the prompt says "lead a
 * card", "answer", "name trumps", "put up" ("put up a bank of 1 to 100 chips"). The seat's line said
 * "— to play" (the action's kind) under "Your turn: lead a card". The verb is the prompt's first word
 * (and its particle, or the whole of a two-word clause), after any news it first gives ("A knight was
 * turned: name trumps"); the kind where the prompt starts with no verb; "move" without a decision.
 */
export function turnVerb(decision) {
  if (!decision) return "move";
  const asked = String(decision.prompt || "");
  const news = asked.match(NEWS_FIRST);
  const prompt = news ? news[2] : asked;
  const clause = prompt.split(/[,:(]| or /)[0].trim().split(/\s+/);
  const [verb, next] = clause;
  if (!verb || !/^[a-z]+$/.test(verb)) return decision.kind || "move";
  if ((clause.length === 2 && /^[a-z]+$/.test(next)) || PARTICLES.has(next)) return `${verb} ${next}`;
  return verb;
}

/** The trick in play, or null before trick play has begun: a card lies in it, a trick was played
 * before it, or a seat is asked to play one. Apology's view holds a trick while the seats bid and the
 * taker buries, and the page said "Trick 1: nobody has played yet" over the bidding (the terminal's
 * `trick_begun`). */
export function trickInPlay(view) {
  const trick = view.trick;
  if (!trick || !trick.number) return null;
  const leading = !!view.decision && view.decision.kind === "play";
  return trick.plays.length || trick.number > 1 || leading ? trick : null;
}

/** A decision's kind as what the seats are doing: "bid" is "bidding", "bury" "burying", "declare"
 * "declaring" (the terminal's `gerund`). */
function gerund(verb) {
  const word = (String(verb || "").trim().split(/\s+/)[0] || "").toLowerCase();
  if (!word) return "";
  if (word.endsWith("e") && !/(ee|ye|oe)$/.test(word)) return `${word.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(word)) return `${word}${word.slice(-1)}ing`; // "bet", "bid"
  return `${word}ing`;
}

/**
 * What the seats are doing while a trick is held but trick play has not begun, as a player names it,
 * from the decision's kind: "bidding", or, where one seat alone holds the role that decides, "the taker
 * buries"; "" where trick play has begun or nothing is asked (the terminal's `phase_words`). Apology's
 * trick box said nothing over the bidding and the burial (trickInPlay): it says this there.
 */
export function phaseWords(view) {
  const { trick, decision } = view;
  if (!trick || !decision || trickInPlay(view)) return "";
  const seats = view.seats || [];
  const deciding = seats.find((s) => s.seat === decision.seat);
  const roles = (deciding && deciding.roles) || [];
  const held = roles.filter((r) => r !== "dealer" && seats.filter((s) => (s.roles || []).includes(r)).length === 1);
  const verb = (String(decision.kind || "").trim().split(/\s+/)[0] || "").toLowerCase();
  if (held.length && /^[a-z]+$/.test(verb)) {
    const does = /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
    return `the ${held[0]} ${does}`;
  }
  return gerund(decision.kind);
}

/** The number of the trick whose heading says "Trick N" (trickBox: not the last trick, shown or
 * faded), or null. */
function headedTrick(ctx) {
  const { view, model } = ctx;
  const trick = trickInPlay(view);
  const last = view.last_trick;
  const lastShown = last && last.plays && last.plays.length;
  if (!trick || !trick.number || (model.showLast && lastShown) || (!trick.plays.length && lastShown)) return null;
  return trick.number;
}

/**
 * The round's badge from the view's fields: "Hand 1", "Hand 1 of 2" (`hands_in_match`, a match of so
 * many hands; none in a match of one hand), and the trick in play where the trick's heading does not say it (it shows the last
 * trick): "Hand 1, trick 5". The views' situations leave these facts to the fields; the line read them
 * twice ("Hand 1 · hand 1 of 2: seat 1 to lead"), and this page stripped them from the words.
 */
export function roundBadge(view, headed = null) {
  const trick = trickInPlay(view);
  const trickShown = trick && trick.number && trick.number !== headed;
  // a match of one hand says nothing of hands: "Hand 1 of 1" told a player nothing they did not know
  // (the badge keeps the trick a heading does not show: "Trick 5")
  if (view.hands_in_match === 1) return trickShown ? `Trick ${trick.number}` : "";
  let text = `${capitalize(roundWord(view))} ${view.hand_number}`;
  if (view.hands_in_match) text += ` of ${view.hands_in_match}`;
  if (trickShown) text += `, trick ${trick.number}`;
  return text;
}

function suitWords(trump) {
  return SUIT_NAMES[trump] ? `${SUIT_SYMBOLS[trump]} ${SUIT_NAMES[trump]}` : trump;
}

function outcomeBanner(ctx) {
  const { view, me, namer, handlers, model } = ctx;
  const outcome = view.outcome;
  if (!outcome) return null;
  let verdict;
  let kind;
  if (outcome.draw || !outcome.winners.length) {
    verdict = "The match is drawn";
    kind = "draw";
  } else if (me !== null && me !== undefined && !model.noYou) {
    const won = outcome.winners.includes(me);
    // winners who are not one's side share the win (Apology's three defenders): "You win!" said the
    // win was one's own; the terminal says "You share the win with Computer 3 & Computer 4" (term-11)
    const side = (view.teams || []).find((team) => team.includes(me)) || [me];
    const sharing = outcome.winners.filter((seat) => !side.includes(seat));
    verdict = !won ? "You lose" : sharing.length ? `You share the win with ${listWords(sharing.map(namer.who))}` : "You win!";
    kind = won ? "win" : "lose";
  } else {
    verdict = `Won by ${listWords(outcome.winners.map(namer.who))}`;
    kind = "win";
  }
  // each side's score on one line, the dot after it: a phone's line began "· Computer 4: 1"
  const teams = view.teams || [];
  const scores = teams.map((team, i) => [
    i ? " " : "",
    el("span.score-part", { text: `${namer.side(team)}: ${num(view.scores[team[0]])}${i < teams.length - 1 ? " ·" : ""}` }),
  ]);
  return el(
    `section.banner.outcome.${kind}`,
    { "aria-labelledby": "outcome-title" },
    el("h2", { id: "outcome-title", text: `Match over — ${verdict}` }),
    // a sentence under the heading, begun with a capital ("the highest total after the one deal")
    outcome.reason ? el("p", { text: capitalize(namer.words(outcome.reason)) }) : null,
    scores.length ? el("p.final-score", {}, "Final score: ", scores) : null,
    el(
      "div.outcome-actions",
      {},
      model.canAgain && handlers.again ? el("button.primary", { type: "button", text: "Play again", dataset: { key: "again" }, onclick: () => handlers.again() }) : null,
      // the match's replay, to seats and watchers alike: a private table's is listed nowhere else
      model.replayHref ? el("a.button", { href: model.replayHref, text: "Replay the match" }) : null,
      // a watcher, once the players pressed "Play again": they went on at a new table, and the watcher
      // was left at this one, its players "away", with no word of where
      model.nextHref ? el("a.button", { href: model.nextHref, text: "Watch their next match" }) : null,
    ),
  );
}

// --- the board: seats around, the trick and the table's zones in the middle -----------------------

/** Where each seat sits: "bottom", "left", "top", "right" and its angle (for trick cards). */
function seatPlaces(players, bottom) {
  const places = [];
  const others = players - 1;
  for (let seat = 0; seat < players; seat++) {
    const r = (seat - bottom + players) % players;
    let area;
    if (r === 0) area = "bottom";
    else if (others === 1) area = "top";
    else if (others === 2) area = r === 1 ? "left" : "right";
    else if (r === 1) area = "left";
    else if (r === others) area = "right";
    else area = "top";
    places[seat] = { area, angle: Math.PI / 2 + (2 * Math.PI * r) / players };
  }
  return places;
}

function board(ctx) {
  const { view } = ctx;
  const places = seatPlaces(view.players, ctx.bottom);
  ctx.places = places;
  const areas = { top: el("div.area.area-top"), left: el("div.area.area-left"), right: el("div.area.area-right"), bottom: el("div.area.area-bottom") };
  const seated = ctx.me !== null && ctx.me !== undefined;
  for (let seat = 0; seat < view.players; seat++) {
    // one's own seat is drawn with the hand, at the bottom of the window
    if (seated && seat === ctx.me) continue;
    areas[places[seat].area].append(seatPanel(ctx, seat));
  }
  const center = el("div.area.area-center", {}, trickBox(ctx), tableZones(ctx));
  const sides = areas.left.childNodes.length || areas.right.childNodes.length;
  const used = (area) => (areas[area].childNodes.length ? areas[area] : null);
  return el(
    "section.board",
    { "aria-label": "the table", class: sides ? "" : "no-sides", dataset: { players: String(view.players) } },
    used("top"),
    sides ? areas.left : null,
    center,
    sides ? areas.right : null,
    used("bottom"),
  );
}

function seatInfo(ctx, seat) {
  const seats = (ctx.model.info && ctx.model.info.seats) || [];
  return seats.find((s) => s.seat === seat) || null;
}

function seatPanel(ctx, seat) {
  const { view, namer, me } = ctx;
  const sv = (view.seats || []).find((s) => s.seat === seat) || { seat, team: seat, roles: [], hand_size: null };
  const turn = view.to_move === seat;
  const info = seatInfo(ctx, seat);
  const mine = seat === me;
  // a replay seen from a seat draws it at the bottom, but its watcher is not that player
  const name = mine && !ctx.model.noYou ? `${namer.plain(seat)} (you)` : namer.plain(seat);
  const team = (view.teams || [])[sv.team] || [seat];
  const partners = team.filter((s) => s !== seat);
  const lines = [];
  const head = el(
    "div.seat-head",
    {},
    turn ? el("span.turn-marker", { text: "▶", "aria-hidden": "true" }) : null,
    // (a computer player's level in a tooltip too: its tag goes on a phone, and "Computer 2" says no more)
    el("span.seat-name", { text: name, title: info && info.kind === "computer" && info.player ? `a computer player (${info.player})` : null }),
    turn ? el("span.turn-text", { text: ` — to ${turnVerb(view.decision)}` }) : null,
  );
  lines.push(head);
  const tags = [];
  if (partners.length) tags.push(el("span.tag.team", { text: `with ${partners.map(namer.who).join(" & ")}` }));
  else if ((view.teams || []).length > 1 && team.length === 1 && (view.teams || []).some((t) => t.length > 1)) tags.push(el("span.tag.team", { text: "alone" }));
  for (const role of sv.roles || []) tags.push(el("span.tag.role", { text: role }));
  if (info && !ctx.model.replay) tags.push(connectionTag(info));
  if (tags.length) lines.push(el("span.seat-tags", {}, tags));
  const stats = [];
  const score = view.scores && view.scores[seat];
  const chips = chipWords(view, seat);
  if (chips) stats.push(chips.text);
  else if (score !== undefined) stats.push(`score ${num(score)}`);
  const handShown = (view.zones || []).some((z) => z.kind === "hand" && z.owner === seat);
  // (a count of nothing is noise: "0 cards in hand" at a match's end)
  if (sv.hand_size && !mine && !handShown) stats.push(heldWords(view, seat, sv.hand_size));
  if (stats.length) lines.push(el("span.seat-stats", { text: stats.join(" · "), title: chips ? chips.title : null }));
  if (!mine) {
    const zones = (view.zones || []).filter((z) => z.owner === seat);
    if (zones.length) lines.push(el("div.seat-zones", {}, zones.map((zone) => zoneBlock(ctx, zone, { small: true, other: true }))));
  }
  // the link of a friend's seat nobody has taken, to the creator who made the table (they saw it once,
  // in the lobby, and sitting down before copying it lost it)
  const invite = info && !mine && info.kind === "human" && !info.taken && !view.outcome ? (ctx.model.friendsLinks || {})[seat] : null;
  if (typeof invite === "string") lines.push(inviteControl(namer.plain(seat), invite));
  // a person away, or one who never came (a friend who never opened the link): the match waited at
  // that seat's turn for ever where the others could replace a seat only once its person had sat down
  if (info && !mine && ctx.model.canReplace && info.kind === "human" && !info.connected && ctx.handlers.replace && !view.outcome) {
    lines.push(replaceControl(ctx, seat));
  }
  const classes = ["seat", `at-${ctx.places[seat].area}`, turn ? "to-move" : "", mine ? "me" : ""].filter(Boolean).join(".");
  const [first, ...rest] = lines;
  // the name, tags and numbers on one line where they fit; the zones below
  const line = el("div.seat-line", {}, first, rest.filter((n) => !n.classList.contains("seat-zones") && !n.classList.contains("replace") && !n.classList.contains("invite")));
  const below = rest.filter((n) => n.classList.contains("seat-zones") || n.classList.contains("replace") || n.classList.contains("invite"));
  return el(`div.${classes}`, { role: "group", "aria-label": `${name}${turn ? ", to move" : ""}`, dataset: { seat: String(seat) } }, line, below);
}

function connectionTag(info) {
  // (a seat handed over is named "Bob (strong)": its level is said once, in the name)
  const level = info.player && !(info.name || "").endsWith(`(${info.player})`) ? ` (${info.player})` : "";
  if (info.kind === "computer") return el("span.tag.computer", { text: `computer${level}` });
  // a seat kept for the friend its creator named is not free to anyone (tables.py `kept`)
  if (!info.taken) return el("span.tag.free", { text: info.kept ? "not here yet" : "free seat" });
  return info.connected ? el("span.tag.online", { text: "● here" }) : el("span.tag.away", { text: "○ away" });
}

/** "Copy Bob's link": a friend's seat's link, copied to send again. */
function inviteControl(name, link) {
  const button = el("button.small", {
    type: "button",
    text: `Copy ${name}'s link`,
    title: "the link that sits them down: send it to them alone",
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        button.textContent = "Copied ✓";
      } catch {
        window.prompt(`${name}'s link`, link); // (no clipboard: shown to copy by hand)
      }
    },
  });
  return el("div.invite", {}, button);
}

function replaceControl(ctx, seat) {
  // a seat kept for a friend the creator named (or for the creator) is the creator's to hand over at
  // once, anyone else's only after a wait: said here, with when, rather than refused when pressed
  const until = (ctx.model.keptUntil || {})[seat];
  const creator = ctx.model.info ? ctx.model.info.creator : null;
  if (until && until > Date.now() && ctx.me !== creator) {
    const host = creator !== null && creator !== undefined && creator !== seat ? ctx.namer.plain(creator) : "";
    const name = ctx.namer.plain(seat);
    const note = el("span.replace-wait", { id: `kept-${seat}`, text: keptWords(name, until, host), dataset: { until: String(until), name, host } });
    const button = el("button.small", { type: "button", text: "Replace by a computer player", disabled: true, "aria-describedby": `kept-${seat}`, dataset: { key: `replace-${seat}` } });
    return el("div.replace", {}, button, note);
  }
  const kinds = ctx.model.computerKinds && ctx.model.computerKinds.length ? ctx.model.computerKinds : ["heuristic"];
  const select = el(
    "select",
    { "aria-label": "computer player", dataset: { key: `replace-kind-${seat}` } },
    // as the lobby names them: the default marked, what each is in its tooltip (it read "easy normal
    // strong bidder ...", nothing said of any)
    kinds.map((k) => {
      const chosen = k === ctx.model.defaultPlayer;
      const title = (ctx.model.playerNotes || {})[k] || null;
      return el("option", { value: k, text: chosen ? `${k} (default)` : k, title, selected: chosen ? true : null });
    }),
  );
  const button = el("button.small", {
    type: "button",
    text: "Replace by a computer player",
    dataset: { key: `replace-${seat}` },
    onclick: () => ctx.handlers.replace(seat, select.value),
  });
  // what the chosen player is, under the choice: its tooltip alone said it, which a phone never shows
  // (review-11: "search", "solver", "stop2" were names and nothing more)
  const notes = ctx.model.playerNotes || {};
  const note = el("p.player-note", { text: notes[select.value] || "", dataset: { key: `replace-note-${seat}` } });
  select.addEventListener("change", () => {
    note.textContent = notes[select.value] || "";
  });
  return el("div.replace", {}, kinds.length > 1 ? select : null, button, kinds.length > 1 ? note : null);
}

/**
 * Why a kept seat may not be handed over yet, and when it may, in the person's own clock: "Kept for Bob
 * until 10:42 (in 4 minutes): Ann, who made the table, may hand the seat over now."
 * @param {string} name - the seat's person
 * @param {number} until - when anyone at the table may (`Date.now()`'s clock)
 * @param {string} host - the creator's name ("" if nobody else may now)
 * @param {number} [now]
 */
export function keptWords(name, until, host, now = Date.now()) {
  const time = new Date(until).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const span = seconds >= 60 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `Kept for ${name} until ${time} (in ${span})${host ? `: ${host}, who made the table, may hand the seat over now` : ""}.`;
}

/**
 * Bring every kept seat's words up to the moment; true once one of them may be handed over (the table
 * is to be drawn again: its button is enabled then, with no reload).
 * @param {HTMLElement} root
 */
export function tickKept(root, now = Date.now()) {
  let due = false;
  for (const note of root.querySelectorAll(".replace-wait")) {
    const until = Number(note.dataset.until);
    if (until <= now) due = true;
    else {
      const words = keptWords(note.dataset.name || "", until, note.dataset.host || "", now);
      if (note.textContent !== words) note.textContent = words;
    }
  }
  return due;
}

/** The trick in the middle: each card placed toward its player's seat. */
function trickBox(ctx) {
  const { view, namer, model } = ctx;
  let trick = trickInPlay(view);
  const phase = phaseWords(view);
  // the caption in two parts: what trick it is, and the detail a phone's narrow board leaves out
  let title = "";
  let detail = "";
  let faded = false;
  const last = view.last_trick;
  const hasWinner = (t) => t.winner !== null && t.winner !== undefined;
  if (model.showLast && last && last.plays && last.plays.length) {
    trick = last;
    title = "Last trick";
    detail = `${last.number ? ` (trick ${last.number})` : ""}${hasWinner(last) ? `, won by ${namer.who(last.winner)}` : ""}`;
  } else if ((trick ? !trick.plays.length : !view.outcome) && last && last.plays && last.plays.length) {
    // (with no trick in play too, but for the match's end, where the empty trick is drawn short: in
    // Bezique and Roquet the trick just won vanished while its winner declared or melded, and came back
    // faded at the next lead; on a crowded board it gives way before one's melds do, fitTable)
    trick = last;
    faded = true;
    title = "Last trick";
    detail = hasWinner(last) ? `: ${namer.who(last.winner)} won it` : "";
  } else if (trick) {
    title = trick.number ? `Trick ${trick.number}` : "The trick";
    if (trick.plays.length === 0) detail = ": nobody has played yet";
  } else if (phase) {
    // before trick play: what the seats do there ("Bidding", "The taker buries"), in an empty box
    title = capitalize(phase);
  }
  const caption = title + detail;
  // up to four players each card lies toward its player's side, in a box as tall as its cards
  const round = view.players > 4;
  const empty = !trick || !trick.plays.length;
  const box = el("div.trick", { class: `${faded ? "faded " : ""}${empty ? "empty " : ""}${round ? "round" : `players-${view.players}`}` });
  // (in a two-seat trick "(led)" is a word of its own, beside "✓ won": a caption that wraps is its
  // name and "(led) ✓ won", two short lines, where "Bartholomew / (led) / ✓ won" took three)
  const ledApart = view.players === 2;
  if (trick) {
    trick.plays.forEach((play, i) => {
      const place = ctx.places[play.seat] || { angle: Math.PI / 2, area: "bottom" };
      const x = 50 + Math.cos(place.angle) * 30;
      const y = 50 + Math.sin(place.angle) * 27;
      const won = trick.winner === play.seat;
      const face = cardFace(ctx.pack, play.card, { trump: ctx.trump });
      const who = namer.who(play.seat);
      const led = i === 0 && !ledApart ? " (led)" : "";
      // (a faded trick's whole names and first names, for fitTable: firstNames)
      const first = faded ? firstName(ctx, play.seat) : null;
      box.append(
        el(
          "figure.trick-card",
          { style: round ? `left:${x}%;top:${y}%;z-index:${i + 1}` : `z-index:${i + 1}`, class: `${won ? "winner " : ""}from-${place.area}` },
          face,
          // the name is what gives way (an ellipsis) in a narrow box, never "✓ won"
          el(
            "figcaption",
            {},
            el("span.who", { text: `${who}${led}`, dataset: first ? { full: `${who}${led}`, short: `${first}${led}` } : {} }),
            i === 0 && ledApart ? [" ", el("span.led", { text: "(led)" })] : null,
            won ? [" ", el("span.won", { text: "✓ won" })] : null,
          ),
        ),
      );
    });
  }
  const lastButton =
    ctx.handlers.toggleLast && last && last.plays && last.plays.length
      ? el("button.small.last-trick", {
          type: "button",
          "aria-pressed": model.showLast ? "true" : "false",
          "aria-keyshortcuts": "L",
          dataset: { key: "last-trick" },
          "aria-label": model.showLast ? "Back to the trick (L)" : "Last trick (L)",
          onclick: () => ctx.handlers.toggleLast(),
        }, model.showLast ? ["Back", el("span.wide-only", { text: " to the trick (L)" })] : ["Last trick", el("span.wide-only", { text: " (L)" })])
      : null;
  if (!trick && !lastButton && !title) return null;
  const words = el("p.trick-caption", {}, el("span.trick-title", { text: title }), detail ? el("span.trick-detail", { text: detail }) : null);
  if (!trick && !lastButton) {
    // what the seats do, in the middle of the empty box, where the cards will lie: a heading over an
    // empty box took a row more, which a phone's board is short of
    box.classList.add("phase");
    box.append(words);
    return el("div.trick-area", { role: "group", "aria-label": caption }, box);
  }
  return el("div.trick-area", { role: "group", "aria-label": caption || "the trick" }, el("div.trick-head", {}, words, lastButton), box);
}

/** A seat's chips in words, where the game counts chips (Lansquenet): the view's score is all of a
 * seat's chips wherever they lie, its `chips` those in its purse, and the seat's line read "score 101 ·
 * chips 100", two numbers a newcomer could not tell apart. It says "101 chips (1 on the table)": the
 * chips in all, and those staked in the bank or in bets; its tooltip says where each lies. None in a
 * game without chips. */
function chipWords(view, seat) {
  const purse = view.chips ? view.chips[seat] : undefined;
  const all = view.scores ? view.scores[seat] : undefined;
  if (purse === undefined || purse === null || all === undefined) return null;
  const staked = all - purse;
  const chips = (n) => `${num(n)} ${n === 1 ? "chip" : "chips"}`;
  return {
    text: staked ? `${chips(all)} (${num(staked)} on the table)` : chips(all),
    title: `${chips(all)} in all (the score): ${num(purse)} in the purse, ${num(staked)} on the table (in the bank or in bets)`,
  };
}

/** A seat's player's first name, for a faded trick's captions with little room (firstNames): the
 * first of the words of a name of several ("Anastasia" of "Anastasia Featherstonehaugh"), if no other
 * seat's name starts with it; none for "you", a seat's number or a computer player's "heuristic 1". */
function firstName(ctx, seat) {
  const words = (name) => name.split(/\s+/);
  const name = ctx.namer.who(seat);
  if (/[\d()]/.test(name) || words(name).length < 2) return null;
  const first = words(name)[0];
  for (let other = 0; other < ctx.view.players; other++) {
    if (other !== seat && words(ctx.namer.who(other))[0] === first) return null;
  }
  return first;
}

/** The table's own zones (stock, talon, turn-up, kitty, bank, livret, ...). */
function tableZones(ctx) {
  const zones = (ctx.view.zones || []).filter((z) => z.owner === null && z.kind !== "trick");
  if (!zones.length) return null;
  return el("div.table-zones", {}, zones.map((z) => zoneBlock(ctx, z, { small: false })));
}

// --- zones ------------------------------------------------------------------------------------------

/**
 * One zone with its label, drawn by kind: a pile with its size, a fan of cards, a stack with its top
 * face up, a count of tricks won.
 */
function zoneBlock(ctx, zone, opts = {}) {
  const { pack } = ctx;
  const label = zoneLabel(ctx, zone);
  const size = zone.size >= 0 ? zone.size : zone.cards.length;
  const faceUp = zone.cards.filter((c) => c !== null);
  const seated = ctx.me !== null && ctx.me !== undefined;
  const clickableZone =
    (seated && zone.owner === ctx.me && OWN_KINDS_CLICKABLE.has(zone.kind)) || (zone.owner === null && TABLE_KINDS_CLICKABLE.has(zone.kind));
  // a card is offered where it can be played from, and in one place only (the hand first)
  const clickable = (code) => code !== null && clickableZone && ctx.byCard.has(code) && !ctx.handCodes.has(code) && !ctx.zonePlaced.has(code);
  const button = (code, more) => {
    ctx.zonePlaced.add(code);
    return cardButton(ctx, code, { small: opts.small, where: label, ...more });
  };
  const cards = `${size} card${size === 1 ? "" : "s"}`;
  const block = el(`div.zone.kind-${zone.kind}`, { role: "group", "aria-label": `${label}: ${cards}` });
  const hidden = size - faceUp.length;
  if (size === 0) {
    block.classList.add("empty");
    if (zone.kind === "tricks_won" && zone.tricks) {
      // tricks won whose cards were all paid away (Apology's escapes): "1 trick won", as the terminal
      // says it, not "tricks won: none", which is a seat that won no trick
      const words = tricksWon(zone, label);
      block.setAttribute("aria-label", `${words}: ${cards}`);
      block.append(el("span.zone-label", { text: words }));
      return block;
    }
    block.append(el("span.zone-label", { text: `${label}:` }), el("span.zone-empty", { text: " none" }));
    return block;
  }
  if (zone.kind === "hand" && zone.owner !== ctx.me && hidden > 0) {
    // another's hand: the cards known to all, a few backs for the others and how many there are
    block.classList.add("compact");
    // beside a card known to all, "concealed cards: 8 cards" was untrue: one of the 8 lies face up
    const words = faceUp.length ? `in hand: ${cards}, ${faceUp.length} known` : `${label}: ${cards}`;
    block.setAttribute("aria-label", words);
    if (faceUp.length) {
      // the hand whole, in one fan: its known cards face up and a back for each of the others (a
      // phone drew the known cards alone, its backs hidden, and a hand of 8 looked like a hand of 1);
      // the backs first, the known cards on top of them, the last one whole: drawn first, under twelve
      // backs, the dealer's turned-up trump showed its corner alone
      block.classList.add("has-known");
      const fan = smallFan(ctx, faceUp);
      fan.style.setProperty("--k", String(size));
      for (let i = 0; i < hidden; i++) fan.prepend(cardFace(pack, null, { small: true, decorative: true }));
      append(block, [fan, el("span.zone-label", { text: words })]);
      return block;
    }
    append(block, [backsFan(pack, Math.min(hidden, 6)), el("span.zone-label", { text: words })]);
    return block;
  }
  if (zone.kind === "tricks_won" && faceUp.length) {
    // folded: what a side has won matters less than what is in play; counted in tricks ("4 tricks
    // won", the view's count), the cards left to the fan and to a screen reader ("16 cards")
    const words = tricksWon(zone, label);
    if (zone.tricks !== null && zone.tricks !== undefined) block.setAttribute("aria-label", `${words}: ${cards}`);
    const fan = smallFan(ctx, zone.cards.filter((c) => c !== null));
    block.append(el("details.won", {}, el("summary", { text: words }), fan));
    return block;
  }
  block.append(el("div.zone-label", { text: hidden > 0 && zone.kind !== "stack" ? `${label} (${size})` : label }));
  if (!faceUp.length || (PILE_KINDS.has(zone.kind) && faceUp.length === 0)) {
    block.append(el("div.pile", {}, cardFace(pack, null, { small: opts.small, decorative: true }), el("span.pile-count", { text: `${size} card${size === 1 ? "" : "s"}` })));
    return block;
  }
  if (zone.kind === "stack") {
    const top = zone.cards[0];
    const under = size - 1;
    const topNode = clickable(top) ? button(top, {}) : cardFace(pack, top, { small: opts.small, trump: ctx.trump });
    block.append(el("div.stack", {}, topNode, under > 0 ? el("span.pile-count", { text: `+${under} below` }) : null));
    return block;
  }
  const fan = el("div.fan", { class: zone.cards.length > 6 || opts.small ? "overlap" : "", style: `--k:${zone.cards.length}` });
  const shown = zone.kind === "hand" && !zone.cards.includes(null) ? sortCards(pack, zone.cards) : zone.cards;
  shown.forEach((code, i) => {
    if (clickable(code)) fan.append(button(code, { index: i }));
    else fan.append(cardFace(pack, code, { small: opts.small, trump: ctx.trump }));
  });
  if (zone.cards.length < size) fan.append(el("span.pile-count", { text: `+${size - zone.cards.length}` }));
  block.append(fan);
  return block;
}

function zoneLabel(ctx, zone) {
  if (zone.label) return ctx.namer.words(zone.label);
  return humanize(zone.kind);
}

/** Face-up cards, small and overlapping, that are only to look at. */
function smallFan(ctx, codes) {
  return el("div.fan.overlap", { style: `--k:${codes.length}` }, codes.map((c) => cardFace(ctx.pack, c, { small: true, trump: ctx.trump })));
}

function backsFan(pack, n) {
  const fan = el("div.backs", { "aria-hidden": "true" });
  for (let i = 0; i < n; i++) fan.append(cardFace(pack, null, { small: true, decorative: true }));
  return fan;
}

/** The viewer's own zones other than the hand (melds, stacks, tricks won, buried cards...). */
function myZones(ctx) {
  const { view, me } = ctx;
  if (me === null || me === undefined) return null;
  const zones = (view.zones || []).filter((z) => z.owner === me && z.kind !== "hand");
  if (!zones.length) return null;
  const section = el("section.my-zones", { "aria-label": "your cards on the table" }, zones.map((z) => zoneBlock(ctx, z, { small: LOOK_ONLY_KINDS.has(z.kind) })));
  // the arrow keys move between the cards one may play from here as along a hand (Open Tarock's
  // stacks, the Keys dialog's ← →): they did nothing there
  section.addEventListener("keydown", handKeys);
  return section;
}

/**
 * The bottom of the window, always in sight: one's own seat, cards and hand, and the actions (the
 * prompt, the buttons and the box to type an action). A spectator's has the prompt alone.
 */
function dock(ctx) {
  const { me } = ctx;
  const seated = me !== null && me !== undefined;
  const zones = seated ? myZones(ctx) : null;
  const hand = seated ? handArea(ctx) : null;
  return el(
    "section.dock",
    { "aria-label": seated ? "your seat, your cards and your actions" : "the actions" },
    seated ? seatPanel(ctx, me) : null,
    zones || hand ? el("div.dock-cards", {}, zones, hand) : null,
    actionBar(ctx),
  );
}

// --- the hand -----------------------------------------------------------------------------------------

function handArea(ctx) {
  const { view, me, pack } = ctx;
  if (me === null || me === undefined) return null;
  const zone = (view.zones || []).find((z) => z.kind === "hand" && z.owner === me);
  if (!zone) return null;
  const codes = sortCards(pack, zone.cards.filter((c) => c !== null));
  const hand = el("div.hand", { role: "group", "aria-label": "your hand", id: "hand" });
  // the cards overlap more as there are more of them (app.css); a long hand is also cut into two even
  // rows, which a narrow window shows as such and a wide one as a single row
  const rows = codes.length >= 10 ? 2 : 1;
  const per = Math.ceil(codes.length / rows);
  const seen = new Map();
  codes.forEach((code, i) => {
    const n = (seen.get(code) || 0) + 1;
    seen.set(code, n);
    if (i % per === 0) {
      const count = Math.min(per, codes.length - i);
      hand.append(el("div.hand-row", { style: `--row-n:${count}` }));
    }
    const node = ctx.byCard.has(code)
      ? cardButton(ctx, code, { index: n, where: "hand" })
      : el("span.card-slot", { dataset: { key: `card-hand-${code}-${n}` } }, cardFace(pack, code, { trump: ctx.trump }));
    node.classList.add("in-hand");
    if (i === 0) node.classList.add("first");
    if (i % per === 0) node.classList.add("row-first");
    hand.lastChild.append(node);
  });
  // (a hand with no cards is a line, as an empty zone is: at a Bezique match's end "no cards" stood in a
  // box some 60 pixels tall, app.css)
  // (and said as one: "concealed cards: none", the hand's own name, where "no cards" stood alone)
  if (!codes.length) hand.append(el("p.zone-empty", {}, el("span.zone-label", { text: `${zoneLabel(ctx, zone)}:` }), " none"));
  hand.addEventListener("keydown", handKeys);
  return el("section.hand-area", { "aria-labelledby": "hand-title", class: codes.length ? null : "empty", style: `--n:${Math.max(codes.length, 1)}` }, el("h2.visually-hidden", { id: "hand-title", text: "Your hand" }), hand);
}

/** Arrow keys move along the hand's cards, or one's stacks' (Home/End to their ends). */
function handKeys(event) {
  const keys = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  if (!(event.key in keys) && event.key !== "Home" && event.key !== "End") return;
  const items = [...event.currentTarget.querySelectorAll("button.card-button")];
  if (!items.length) return;
  const at = items.indexOf(document.activeElement);
  let next;
  if (event.key === "Home") next = 0;
  else if (event.key === "End") next = items.length - 1;
  else next = at < 0 ? 0 : (at + keys[event.key] + items.length) % items.length;
  items[next].focus();
  event.preventDefault();
}

/** A card that is the argument of a legal action: a raised button; several actions open a menu. */
function cardButton(ctx, code, opts = {}) {
  const { pack } = ctx;
  const actions = ctx.byCard.get(code) || [];
  ctx.placed.add(code);
  const name = cardName(pack, code);
  const single = actions.length === 1 ? actions[0] : null;
  const label = single ? `${actionWords(ctx, single)}` : `${name}: ${actions.length} choices`;
  const button = el(
    "button.card-button",
    {
      type: "button",
      class: `${opts.small ? "small" : ""}${ctx.model.hint && actions.some((a) => a.text === ctx.model.hint.action) ? " hinted" : ""}`,
      "aria-label": label,
      title: label,
      "aria-haspopup": single ? null : "menu",
      disabled: ctx.model.busy ? true : null,
      dataset: { key: `card-${opts.where || ""}-${code}-${opts.index || 0}`, code },
    },
    cardFace(pack, code, { small: opts.small, trump: ctx.trump, decorative: true }),
  );
  button.addEventListener("click", () => {
    if (single) ctx.handlers.act && ctx.handlers.act(single.text);
    else openMenu(ctx, button, actions);
  });
  return button;
}

/** A small menu of the actions a card allows (play it, meld it...). */
function openMenu(ctx, anchor, actions) {
  closeMenus();
  const menu = el("div.card-menu", { role: "menu", "aria-label": cardName(ctx.pack, anchor.dataset.code) });
  const close = () => {
    menu.remove();
    document.removeEventListener("pointerdown", outside, true);
    anchor.focus();
  };
  const outside = (e) => {
    if (!menu.contains(e.target)) close();
  };
  for (const a of actions) {
    menu.append(
      el("button", {
        type: "button",
        role: "menuitem",
        text: actionWords(ctx, a),
        onclick: () => {
          close();
          ctx.handlers.act && ctx.handlers.act(a.text);
        },
      }),
    );
  }
  menu.append(el("button.cancel", { type: "button", role: "menuitem", text: "Cancel", onclick: close }));
  menu.addEventListener("keydown", (e) => {
    const items = [...menu.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (e.key === "Escape") {
      close();
      e.preventDefault();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      items[(at + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length].focus();
      e.preventDefault();
    }
    e.stopPropagation();
  });
  anchor.after(menu);
  document.addEventListener("pointerdown", outside, true);
  menu.querySelector("button").focus();
}

function closeMenus() {
  document.querySelectorAll(".card-menu").forEach((m) => m.remove());
}

/** An action in words: "play Q♠", "meld K♠ Q♠". */
export function actionWords(ctx, action) {
  // a card's code as the card (Q♠), a suit's letter after the first word as the suit ("trump ♠ spades")
  const words = String(action.text)
    .split(" ")
    .map((w, i) => (ctx.pack && ctx.pack.names.has(w) ? pretty(ctx.pack, w) : i > 0 && w in SUIT_SYMBOLS ? suitWords(w) : w));
  return ctx.namer.words(words.join(" "));
}

/**
 * An action's button: what the action is, where the game says it, before its cards ("pair of sevens, 2
 * points: 7♥ 7♠", as the meld zone names it once laid: Roquet's buttons read "meld 7♥ 7♠" alone), else
 * the action in words ("play Q♠", "done").
 */
export function buttonWords(ctx, action) {
  const words = actionWords(ctx, action);
  if (!action.words) return words;
  const cards = (action.cards || []).length ? words.replace(/^\S+ /, "") : "";
  return cards ? `${action.words}: ${cards}` : action.words;
}

// --- the actions ---------------------------------------------------------------------------------------

function actionBar(ctx) {
  const { view, me, namer, model, handlers } = ctx;
  const section = el("section.actions", { "aria-labelledby": "actions-title" });
  const decision = view.decision;
  let prompt;
  // a replay seen from a seat: that seat's decision is named as its player's, not the watcher's turn
  const mine = decision && decision.seat === me && !model.noYou;
  if (view.outcome) prompt = "The match is over.";
  // the prompt is worded to the seat deciding ("your turned-up cards"): said of it to someone else
  // (and in a replay, where nobody waits for a move that was made long ago, whoever's it is: "Waiting
  // for Computer 0 to play a card" under a step of a finished match)
  else if (decision && ((decision.seat === me && model.noYou) || model.replay)) prompt = whoTo(`${namer.who(decision.seat)} to`, decision.prompt, namer) || `${namer.who(decision.seat)} to move`;
  else if (mine) prompt = `Your turn${decision.prompt ? `: ${namer.words(decision.prompt)}` : ""}`;
  else if (decision) prompt = whoTo(`Waiting for ${namer.who(decision.seat)} to`, decision.prompt, namer) || `Waiting for ${namer.who(decision.seat)}`;
  else if (view.to_move !== null && view.to_move !== undefined) prompt = model.replay ? `${namer.who(view.to_move)} to move` : `Waiting for ${namer.who(view.to_move)}`;
  else prompt = "";
  section.append(el("h2.prompt", { id: "actions-title", text: prompt, class: mine ? "your-turn" : "" }));
  if (me === null || me === undefined || !handlers.act) return section;
  const actions = model.actions || [];
  // the hint beside the prompt, where one looks at one's turn (after the box to type, it lay at the
  // dock's top left on a phone, far from the prompt and the actions; on a row of its own elsewhere)
  if (handlers.hint && (actions.length || (view.legal_ranges || []).length)) section.append(hintLine(ctx));
  const buttons = [];
  for (const a of actions) {
    const cards = a.cards || [];
    // (an action the game words keeps its button: Bezique's seven of trumps, to exchange or show, was
    // offered only in the menu of its card in the hand, and nothing said to tap it)
    const shown = cards.length === 1 && ctx.placed.has(cards[0]) && !a.words;
    if (!shown) buttons.push(a);
  }
  if (buttons.length) {
    const row = el("div.action-buttons", { role: "group", "aria-label": "actions" });
    for (const a of buttons) {
      row.append(
        el("button.action", {
          type: "button",
          text: buttonWords(ctx, a),
          disabled: model.busy ? true : null,
          dataset: { key: `action-${a.text}` },
          class: [model.hint && model.hint.action === a.text ? "hinted" : "", a.words ? "worded" : ""].filter(Boolean).join(" ") || null,
          onclick: () => handlers.act(a.text),
        }),
      );
    }
    section.append(row);
  }
  for (const range of view.legal_ranges || []) section.append(rangeForm(ctx, range));
  if (actions.length || (view.legal_ranges || []).length) section.append(typeForm(ctx));
  return section;
}

/** The hint button, and the hint once it has come: the strong player's move for this seat, and why. */
function hintLine(ctx) {
  const { model, handlers } = ctx;
  const hint = model.hint;
  const button = el("button.small", {
    type: "button",
    text: model.hinting ? "Thinking…" : "Hint",
    disabled: model.hinting || model.busy ? true : null,
    title: "The strong computer player's move for you, and why (Shift+H)",
    dataset: { key: "hint" },
    onclick: () => handlers.hint(),
  });
  // the reason goes on the sentence after a dash: "banco — you are level", not "— You are level"
  const reason = hint && hint.reason ? ctx.namer.words(hint.reason).replace(/^You\b/, "you") : "";
  const words = hint ? `${actionWords(ctx, { text: hint.action })}${reason ? ` — ${reason}` : ""}` : "";
  const said = el("span.hint-text", { id: "hint-text", role: "status", text: words ? `Hint: ${words}` : "" });
  return el("div.hint-line", {}, button, said);
}

/** The amount the hint names for this range's verb (`bank 100` → 100), if it does. */
function hintedAmount(ctx, range) {
  const hint = ctx.model.hint;
  const match = hint ? /^(\S+) (\d+)$/.exec(hint.action) : null;
  if (!match || match[1] !== range.verb) return null;
  const n = Number(match[2]);
  return n >= range.min && n <= range.max ? n : null;
}

/** A number input bounded by the legal range, and a button; the hinted amount in it, if any. */
function rangeForm(ctx, range) {
  const id = `range-${range.verb}`;
  const input = el("input", {
    type: "number",
    id,
    min: String(range.min),
    max: String(range.max),
    step: "1",
    value: String(hintedAmount(ctx, range) ?? range.min),
    inputmode: "numeric",
    required: true,
    dataset: { key: id },
  });
  const form = el(
    "form.range",
    {
      onsubmit: (e) => {
        e.preventDefault();
        const n = Number(input.value);
        if (!Number.isInteger(n) || n < range.min || n > range.max) {
          input.setCustomValidity(`a whole number from ${range.min} to ${range.max}`);
          input.reportValidity();
          return;
        }
        ctx.handlers.act(`${range.verb} ${n}`);
      },
    },
    el("label", { for: id, text: `${range.verb} (${range.min}–${range.max})` }),
    input,
    el("button.primary", { type: "submit", text: range.verb, disabled: ctx.model.busy ? true : null, dataset: { key: `${id}-go` } }),
  );
  input.addEventListener("input", () => input.setCustomValidity(""));
  return form;
}

/** A text box to type any action, with the legal ones offered. */
function typeForm(ctx) {
  const { view, model } = ctx;
  const list = el("datalist", { id: "legal-actions" });
  for (const a of model.actions || []) list.append(el("option", { value: a.text }));
  for (const r of view.legal_ranges || []) list.append(el("option", { value: `${r.verb} ${r.min}` }));
  const input = el("input", {
    type: "text",
    id: "type-action",
    list: "legal-actions",
    autocomplete: "off",
    autocapitalize: "off",
    spellcheck: "false",
    maxlength: "200",
    // (an amount's decision offers its least amount: Lansquenet's box for "bank 1 to 100" was blank)
    placeholder: (model.actions && model.actions[0] && model.actions[0].text) || (view.legal_ranges || []).map((r) => `${r.verb} ${r.min}`)[0] || "",
    dataset: { key: "type-action" },
  });
  return el(
    "form.type-action",
    {
      onsubmit: (e) => {
        e.preventDefault();
        const text = input.value.trim().replace(/\s+/g, " ");
        if (!text) return;
        // "hint", as at the terminal (README: `hint` the strong computer player's move): no game's action,
        // it was refused as "unknown action 'hint'"
        if (text.toLowerCase() === "hint" && ctx.handlers.hint) {
          input.value = "";
          ctx.handlers.hint();
          return;
        }
        ctx.handlers.act(normalize(text, model.actions || []));
      },
    },
    el("label", { for: "type-action", text: "Type an action" }),
    input,
    list,
    el("button", { type: "submit", text: "Do it", disabled: model.busy ? true : null }),
  );
}

/** A typed action matched to a legal one (case-insensitive; a bare card means playing it). */
function normalize(text, actions) {
  const low = text.toLowerCase();
  const exact = actions.find((a) => a.text.toLowerCase() === low);
  if (exact) return exact.text;
  if (!low.includes(" ")) {
    const play = actions.filter((a) => a.cards.length === 1 && a.cards[0].toLowerCase() === low);
    if (play.length === 1) return play[0].text;
  }
  return text;
}

// --- scores, score sheet, extras --------------------------------------------------------------------

function infoPanel(ctx) {
  const { view, namer } = ctx;
  const section = el("section.info", { "aria-label": "scores" });
  const teams = view.teams && view.teams.length ? view.teams : view.seats.map((s) => [s.seat]);
  const scores = el(
    "table.scores",
    {},
    // the ★ that marks one's own side (app.css tr.mine) was nowhere explained
    el("caption", {}, "Scores", teams.some((team) => team.includes(ctx.me)) ? el("span.legend", { text: " ★ your side" }) : null),
    // (where the game counts chips, the score is the chips in all, and the view's `chips` those in the
    // purse: "score" and "chips" were two columns a newcomer could not tell apart; the second says the
    // chips staked, in the bank or in bets)
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { scope: "col", text: "side" }),
        el("th", { scope: "col", text: view.chips ? "chips" : "score", title: view.chips ? "all the chips a side has, wherever they lie: its score" : null }),
        view.chips ? el("th", { scope: "col", text: "on the table", title: "of those chips, the ones in the bank or in bets (the rest are in the purse)" }) : null,
      ),
    ),
    el(
      "tbody",
      {},
      teams.map((team) =>
        el(
          "tr",
          { class: team.includes(ctx.me) ? "mine" : "" },
          el("th", { scope: "row", text: namer.side(team) }),
          el("td", { text: num(view.scores[team[0]]) }),
          view.chips ? el("td", { text: team.map((s) => num(view.scores[s] - view.chips[s])).join(" + ") }) : null,
        ),
      ),
    ),
  );
  section.append(el("div.scores-box", {}, scores));
  const sheet = view.score_sheet;
  if (sheet && sheet.rows && sheet.rows.length) {
    // a phone's box (353 pixels) showed Apology's deal words and "Co" of "Computer 1", the other three
    // columns scrolled out of sight: there the heads are short ("C1"), each with its full name in its
    // tooltip and in a key under the table, where a phone, which shows no tooltip, says it (app.css);
    // a sheet of two columns, which fits, keeps its full heads
    const many = sheet.columns.length > 2;
    const heads = sheet.columns.map((c) => {
      const full = namer.words(c);
      return { full, short: many ? shortHead(full) : full };
    });
    const key = heads.filter((h) => h.short !== h.full).map((h) => `${h.short}: ${h.full}`);
    section.append(
      el(
        "details.sheet",
        { open: true },
        el("summary", { text: "Score sheet" }),
        el(
          "div.table-scroll",
          {},
          el(
            "table.score-sheet",
            {},
            el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "" }), heads.map((h) => el("th", { scope: "col", title: h.full }, el("span.full", { text: h.full }), el("span.short", { text: h.short }))))),
            el("tbody", {}, sheet.rows.map((row) => el("tr", {}, el("th", { scope: "row", text: namer.words(row.label) }), row.values.map((v) => el("td", { text: num(v) }))))),
          ),
        ),
        key.length ? el("p.sheet-key", {}, key.map((k, i) => [i ? " · " : "", el("span", { text: k })])) : null,
      ),
    );
  }
  const extra = extraList(ctx);
  if (extra) section.append(extra);
  return section;
}

/** A score sheet's column head as short as a phone needs: "Computer 1" is "C1", "Seat 2" "S2", a name
 * of more than six letters its first five and a stop ("Barth."); "you" and short names as they are. */
function shortHead(full) {
  const numbered = /^(\S)\S* (\d+)$/u.exec(full);
  if (numbered) return `${numbered[1]}${numbered[2]}`;
  const chars = [...full];
  return chars.length <= 6 ? full : `${chars.slice(0, 5).join("")}.`;
}

/**
 * How many cards a seat holds, and where: "13 cards in hand", or, for a seat whose cards lie in its
 * stacks and that has no hand (open tarock), "21 cards in 4 stacks" ("27 cards in hand" stood there).
 */
export function heldWords(view, seat, size) {
  const cards = `${size} card${size === 1 ? "" : "s"}`;
  const stacks = (view.zones || []).filter((z) => z.owner === seat && z.kind === "stack" && z.size);
  if (!stacks.length) return `${cards} in hand`;
  return `${cards} in ${stacks.length} stack${stacks.length === 1 ? "" : "s"}`;
}

/**
 * The game's own extras, generically in words (collapsed: many are bookkeeping). A field the game marks
 * `quiet` (it says nothing at a move: Apology's tricks played, Bezique's stage, Bishops Whist's phase,
 * Lansquenet's deals played) is drawn with the class `quiet`, which a phone leaves out where the list has
 * rows that do say something (`dl.extras.some-loud`, app.css), as the terminal's compact table leaves them
 * out first; a wide screen shows them, and a list of quiet rows alone keeps them (nothing else is there).
 */
function extraList(ctx) {
  const { view } = ctx;
  const extra = view.extra;
  if (!extra || typeof extra !== "object") return null;
  const meta = ctx.model.extraFields || null;
  const dl = el("dl.extras");
  const fields = meta ? meta.filter((f) => f.show !== false) : Object.keys(extra).map((name) => ({ name }));
  for (const f of fields) {
    const value = extra[f.name];
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) continue;
    // nothing for any seat: Apology's bids before the first said "you: null; heuristic 1: null; ..."
    if (Array.isArray(value) && value.every((v) => v === null || (Array.isArray(v) && !v.length))) continue;
    const quiet = f.quiet ? "quiet" : null;
    dl.append(el("dt", { text: f.label || humanize(f.name), class: quiet }), el("dd", { text: valueWords(ctx, value, f), class: quiet }));
    if (!f.quiet) dl.classList.add("some-loud");
  }
  if (!dl.childNodes.length) return null;
  return el("details.extra", {}, el("summary", { text: `More about this ${roundWord(ctx.view)}` }), dl);
}

/** A value of the extras in words: never "[3,2]" or "true". */
function valueWords(ctx, value, field = {}) {
  const { view, namer } = ctx;
  if (typeof value === "boolean") return value ? "yes" : "no";
  // seat numbers as the seats are named: Apology's "owed to" said "3" beside "heuristic 3 passes"
  if (typeof value === "number" && field.seats) return namer.who(value);
  if (typeof value === "number") return num(value);
  // suit letters as the cards write suits: Apology's "shown out of" said "C" beside "K♣"
  if (typeof value === "string" && field.suits && value in SUIT_SYMBOLS) return SUIT_SYMBOLS[value];
  if (typeof value === "string") return ctx.pack && ctx.pack.names.has(value) ? pretty(ctx.pack, value) : namer.words(value);
  if (Array.isArray(value)) {
    // a list as long as the seats is guessed to be one value a seat only when the game does not describe
    // its field: Apology's "targets by oudlers held (0 to 3)" were drawn "you: 62; heuristic 1: 56; ..."
    const described = field.per !== undefined;
    const perSeat = field.per === "seat" || (!described && value.length === view.players && view.players > 1 && value.every((v) => typeof v === "number" || Array.isArray(v)));
    const perSide = field.per === "side";
    if (perSeat || perSide) {
      // a seat with nothing (null) goes unsaid: Apology's bids named each seat not yet asked "null"
      return value
        .map((v, i) => [v, i])
        .filter(([v]) => v !== null && v !== undefined)
        .map(([v, i]) => `${perSide ? namer.side(view.teams[i] || [i]) : namer.who(i)}: ${valueWords(ctx, v, { per: null, suits: field.suits, seats: field.seats }) || "none"}`)
        .join("; ");
    }
    return value.map((v) => valueWords(ctx, v, { per: null, suits: field.suits, seats: field.seats })).join(", ");
  }
  if (value && typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k)} ${valueWords(ctx, v)}`)
      .join("; ");
  }
  return String(value);
}

// --- the log --------------------------------------------------------------------------------------------

/**
 * A log line as the log shows it: the engine's text in the table's words, read as a sentence with a
 * capital first letter ("Trick 9 to Bob", "Your hand: ..." beside "You lead 9♣" and "Bob plays"; the
 * lower-case ones read as fragments among them). The games' logged texts stay as they are (replays
 * compare them): the capital is the page's. A line that begins with a seat keeps the name a person
 * gave it ("bob plays" stays so); "you" and "your" are the page's words and take the capital.
 * @param {string} text - the engine's words for the line
 * @param {import("./words.js").Namer} namer
 */
export function logWords(text, namer) {
  const said = namer.words(text);
  if (/^seats? \d/.test(String(text)) && !/^you/i.test(said)) return said;
  return capitalize(said);
}

/**
 * Draw log lines into a list (appending only the new ones when `from` is given).
 * @param {HTMLElement} list - an `<ol>`
 * @param {{kind: string, text: string, hand_end: boolean, retold: boolean}[]} lines - every line so far
 * @param {import("./words.js").Namer} namer
 * @param {number} [from] - lines before this are already drawn
 */
export function renderLog(list, lines, namer, from = 0) {
  if (from === 0) clear(list);
  while (list.children.length > from) list.lastChild.remove();
  lines.slice(from).forEach((line) => {
    const item = el("li", { class: `log-${line.kind}${line.hand_end ? " hand-end" : ""}`, text: logWords(line.text, namer) });
    // a line that only counts the cards the line before has just shown one seat ("You draw 9♣", then
    // "You draw 1 card": the server's `retold`) is kept but not shown: the list keeps a line for each
    // of the log's, which the page counts
    if (line.retold) item.hidden = true;
    list.append(item);
  });
}
