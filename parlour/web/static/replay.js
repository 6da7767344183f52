/**
 * The replay page (`/replay/{id}`): a finished match stepped through move by move
 * (`GET /api/tables/{id}/replay?step=N&seat=S|all`, the first with `opening=true` for how to show the
 * extras), as any seat saw it or with every card face up,
 * drawn by the same `render.js` as the live table.
 * @module replay
 */
import { api, announce, clear, el, setTitle } from "./dom.js";
import { loadPack } from "./cards.js";
import { renderTable, renderLog } from "./render.js";
import { makeNamer, ofSeat, seatWords } from "./words.js";
import { openRules, wireDialogs } from "./rules.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

const state = { info: null, pack: null, step: 0, steps: 0, wanted: 0, seat: "all", showLast: false, data: null, loading: 0, extraFields: undefined };

/**
 * Load and draw one step (the latest request wins). `state.wanted` is the step last asked for, set at
 * once: "Next" pressed again before the server answers goes on from there, not from the step drawn.
 */
async function show(step) {
  step = Math.max(0, Math.min(step, state.steps || step));
  state.wanted = step;
  const ticket = ++state.loading;
  try {
    // (how to show the game's extras comes once, with the opening step, asked for until it has come)
    const opening = state.extraFields === undefined ? "&opening=true" : "";
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${step}&seat=${encodeURIComponent(state.seat)}${opening}`);
    if ("extra_fields" in data) state.extraFields = data.extra_fields;
    if (ticket !== state.loading) return;
    state.data = data;
    state.step = state.wanted = data.step;
    state.steps = data.steps;
    draw();
  } catch (error) {
    if (ticket === state.loading) state.wanted = state.step;
    announce($("notice"), `This replay cannot be shown: ${error.message}`, "error");
  }
}

function draw() {
  const data = state.data;
  if (!data) return;
  const slider = $("step");
  slider.max = String(data.steps);
  slider.value = String(data.step);
  $("step-text").textContent = `step ${data.step} of ${data.steps}`;
  $("first").disabled = $("back").disabled = data.step <= 0;
  $("next").disabled = $("last").disabled = data.step >= data.steps;
  const namer = renderTable(
    $("table"),
    {
      view: data.view,
      actions: [],
      info: state.info,
      pack: state.pack,
      bottom: state.seat === "all" ? 0 : Number(state.seat),
      showLast: state.showLast,
      noYou: true,
      replay: true,
      extraFields: state.extraFields || null,
    },
    { toggleLast: () => { state.showLast = !state.showLast; draw(); } },
  );
  // a seat's own lines ("you draw 5♣") said of the seat, whose player the watcher is not; with every
  // card face up, each line told to one seat (its `to`) said of that seat: both seats' "You are dealt"
  const seat = state.seat === "all" ? null : Number(state.seat);
  const toldTo = (line) => (seat !== null ? seat : typeof line.to === "number" ? line.to : null);
  const lines = (data.log || []).map((line) => (toldTo(line) === null ? line : { ...line, text: ofSeat(line.text, toldTo(line)) }));
  renderLog($("log"), lines, namer);
  $("log").scrollTop = $("log").scrollHeight;
}

function keys(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const t = event.target;
  if (t && (t.closest("input:not([type=range]), textarea, select") || t.closest("dialog[open]"))) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
  if (event.key in moves && !(t && t.matches && t.matches("input[type=range]"))) {
    show(state.wanted + moves[event.key]);
    event.preventDefault();
  } else if (event.key === "Home") {
    show(0);
    event.preventDefault();
  } else if (event.key === "End") {
    show(state.steps);
    event.preventDefault();
  } else if (event.key === "l" || event.key === "L") {
    state.showLast = !state.showLast;
    draw();
  }
}

async function start() {
  wireDialogs([$("rules-dialog")]);
  $("controls").addEventListener("submit", (e) => e.preventDefault());
  try {
    state.info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (error) {
    const what = error.status === 503 ? "This table could not be loaded" : "This table cannot be found";
    announce($("notice"), `${what}: ${error.message}`, "error");
    return;
  }
  setTitle($("game-title"), state.info.title || state.info.game);
  document.title = `replay: ${state.info.title || state.info.game} — parlour`;
  state.pack = await loadPack(state.info.pack);
  const seat = $("seat");
  // (every seat's hand: the stock, the talon or the kitty stay face down, never seen in play; "all cards
  // face up" promised them too)
  seat.append(el("option", { value: "all", text: "every hand face up" }));
  // (each seat by its name, numbered from 1 where the name does not say it: "Ann (seat 1)", "Computer 2";
  // it read "seat 0" and "Computer 0 (seat 0)")
  const namer = makeNamer(null, state.info, null);
  for (const s of state.info.seats || []) {
    const name = namer.plain(s.seat);
    const text = name.endsWith(` ${s.seat + 1}`) ? name : `${name} (${seatWords(s.seat).toLowerCase()})`;
    seat.append(el("option", { value: String(s.seat), text }));
  }
  seat.addEventListener("change", () => {
    state.seat = seat.value;
    show(state.step);
  });
  $("first").addEventListener("click", () => show(0));
  $("back").addEventListener("click", () => show(state.wanted - 1));
  $("next").addEventListener("click", () => show(state.wanted + 1));
  $("last").addEventListener("click", () => show(state.steps));
  $("step").addEventListener("input", (e) => show(Number(e.target.value)));
  $("rules-button").addEventListener("click", () => openRules($("rules-dialog"), $("rules-body"), state.info.game));
  document.addEventListener("keydown", keys);
  const hash = new URLSearchParams(location.hash.slice(1));
  await show(hash.has("step") ? Number(hash.get("step")) : 0);
}

start();
