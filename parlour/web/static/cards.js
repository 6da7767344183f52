/**
 * Cards: the pack (codes in order and their names), sorting, and drawing one card as a picture
 * (`/cards/{pack}/{code}.svg`) with its name as alternative text and a text face if the picture fails.
 * @module cards
 */
import { el } from "./dom.js";

/** Suit letters and their symbols. */
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/**
 * A pack as the client uses it.
 * @typedef {Object} Pack
 * @property {string} name
 * @property {string} title
 * @property {Map<string, number>} order - code → position in the pack's sorting order
 * @property {Map<string, string>} names - code → name in words
 */

const packs = new Map();

/**
 * A Pack from the `GET /api/packs/{pack}` answer.
 * @param {{name: string, title: string, cards: {code: string, name: string}[]}} data
 * @returns {Pack}
 */
export function makePack(data) {
  const order = new Map();
  const names = new Map();
  (data.cards || []).forEach((card, i) => {
    if (!order.has(card.code)) order.set(card.code, i);
    names.set(card.code, card.name);
  });
  return { name: data.name, title: data.title || data.name, order, names };
}

/**
 * Load a pack once (cached); a pack that cannot be loaded gives an empty one, so cards still draw.
 * @param {string} name
 * @returns {Promise<Pack>}
 */
export function loadPack(name) {
  if (!packs.has(name)) {
    packs.set(
      name,
      fetch(`/api/packs/${encodeURIComponent(name)}`)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))))
        .then(makePack)
        .catch(() => makePack({ name, title: name, cards: [] })),
    );
  }
  return packs.get(name);
}

/**
 * Whether a code is a suited card (rank then suit letter) of this pack.
 * @param {Pack|null} pack
 * @param {string} code
 */
export function isSuited(pack, code) {
  if (!code || code.length < 2 || !(code.slice(-1) in SUIT_SYMBOLS)) return false;
  const name = pack && pack.names.get(code);
  return name ? / of (spades|hearts|diamonds|clubs)$/.test(name) : !pack || pack.names.size === 0;
}

/**
 * The code with a suit symbol (`Q♠`), or the code of a card outside the suits as it is.
 * @param {Pack|null} pack
 * @param {string} code
 */
export function pretty(pack, code) {
  if (!isSuited(pack, code)) return code;
  const rank = code.slice(0, -1);
  return (rank === "T" ? "10" : rank) + SUIT_SYMBOLS[code.slice(-1)];
}

/**
 * The card in words ("queen of spades"), or its code where the pack does not know it.
 * @param {Pack|null} pack
 * @param {string|null} code - `null`: a face-down card
 */
export function cardName(pack, code) {
  if (code === null || code === undefined) return "face-down card";
  return (pack && pack.names.get(code)) || pretty(pack, code);
}

/**
 * Whether a string is a card code of this pack.
 * @param {Pack|null} pack
 * @param {string} word
 */
export function isCard(pack, word) {
  return !!pack && pack.names.has(word);
}

/**
 * Cards sorted in the pack's order (unknown codes last, in their given order).
 * @param {Pack|null} pack
 * @param {string[]} codes
 */
export function sortCards(pack, codes) {
  const big = 1e6;
  return codes
    .map((code, i) => ({ code, i, k: pack && pack.order.has(code) ? pack.order.get(code) : big + i }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.code);
}

/**
 * Draw a card face (or back): an `<img>` of the pack's SVG; if the picture cannot load, a text face.
 * The element is not interactive; wrap it in a button to make it one.
 * @param {Pack|null} pack
 * @param {string|null} code - `null` for a face-down card
 * @param {{small?: boolean, trump?: string|null, decorative?: boolean}} [opts]
 * @returns {HTMLElement}
 */
export function cardFace(pack, code, opts = {}) {
  const packName = pack ? pack.name : "";
  const down = code === null || code === undefined;
  const suit = !down && isSuited(pack, code) ? code.slice(-1) : "";
  const face = el("span", {
    class: [
      "card",
      opts.small ? "small" : "",
      down ? "back" : "",
      suit ? `suit-${suit}` : "",
      suit && opts.trump && suit === opts.trump ? "trump" : "",
    ].join(" "),
  });
  const alt = opts.decorative ? "" : cardName(pack, code);
  const text = el("span.card-text", { "aria-hidden": "true", text: down ? "" : pretty(pack, code) });
  const img = el("img", {
    src: `/cards/${encodeURIComponent(packName)}/${down ? "back" : encodeURIComponent(code)}.svg`,
    alt,
    loading: "lazy",
    draggable: "false",
  });
  img.addEventListener("error", () => {
    img.remove();
    face.classList.add("no-picture");
    if (!opts.decorative) face.setAttribute("aria-label", alt);
    face.setAttribute("role", "img");
  });
  face.append(img, text);
  return face;
}
