/**
 * Words: naming seats ("you", a person's name, "seat 2"), sides, and rewriting the engine's texts
 * ("seat 1 plays KC") into the table's words ("Ann plays K♣", "you play K♣").
 * @module words
 */
import { isSuited, pretty } from "./cards.js";

/**
 * Names for the seats of one table as one viewer sees it.
 * @typedef {Object} Namer
 * @property {(seat: number) => string} who - "you", a name, or "seat N"
 * @property {(seat: number) => string} plain - the seat's name without "you"
 * @property {(team: number[]) => string} side - "you & Ann"
 * @property {(text: string) => string} words - an engine text in the table's words
 */

/**
 * Make a Namer.
 * @param {number|null} me - the viewer's seat (null: a spectator)
 * @param {Object|null} info - TableInfo (for the seats' names), or null
 * @param {import("./cards.js").Pack|null} pack - to write card codes with suit symbols
 * @param {number[][]} [teams]
 * @returns {Namer}
 */
export function makeNamer(me, info, pack, teams = []) {
  const seats = (info && info.seats) || [];
  const plain = (seat) => {
    const s = seats.find((x) => x.seat === seat);
    const name = s && typeof s.name === "string" ? s.name.trim() : "";
    return name ? name : `seat ${seat}`;
  };
  // A name that is not unique, or that looks like another seat, gets its seat number.
  const counts = new Map();
  for (const s of seats) counts.set(plain(s.seat), (counts.get(plain(s.seat)) || 0) + 1);
  const label = (seat) => {
    const name = plain(seat);
    return counts.get(name) > 1 && !name.startsWith("seat ") ? `${name} (seat ${seat})` : name;
  };
  const who = (seat) => (me !== null && me !== undefined && seat === me ? "you" : label(seat));
  const side = (team) => team.map(who).join(" & ");
  const words = (text) => rewrite(String(text ?? ""), who, pack);
  return { who, plain: label, side, words };
}

const CONJUGATE_KEEP = new Set(["plus", "less", "minus", "bonus", "is", "has", "was", "this", "as", "us"]);

/**
 * Rewrite an engine text: "seat N" → names, "seats 0 and 2" → "you & Ann", card codes → symbols,
 * and the verb after "you" conjugated ("you plays" → "you play").
 * @param {string} text
 * @param {(seat: number) => string} who
 * @param {import("./cards.js").Pack|null} pack
 */
export function rewrite(text, who, pack) {
  let out = text.replace(/\bseats (\d+) and (\d+)\b/g, (_, a, b) => `${who(+a)} & ${who(+b)}`);
  out = out.replace(/\bseat (\d+)('s)?/g, (_, n, poss) => {
    const name = who(+n);
    if (poss) return name === "you" ? "your" : `${name}'s`;
    return name;
  });
  out = out.replace(/\b([Yy])ou (is|has|was|[a-z]+s)\b/g, (m, y, verb) => {
    if (verb === "is") return `${y}ou are`;
    if (verb === "has") return `${y}ou have`;
    if (verb === "was") return `${y}ou were`;
    if (CONJUGATE_KEEP.has(verb) || verb.endsWith("ss")) return m;
    if (/(ss|sh|ch|x|z|o)es$/.test(verb)) return `${y}ou ${verb.slice(0, -2)}`;
    if (/[^aeiou]ies$/.test(verb)) return `${y}ou ${verb.slice(0, -3)}y`;
    return `${y}ou ${verb.slice(0, -1)}`;
  });
  out = out.replace(/^you\b/, "You");
  if (pack && pack.names.size) {
    out = out.replace(/\b[0-9A-Z]{2,3}\b/g, (code) => (pack.names.has(code) && isSuited(pack, code) ? pretty(pack, code) : code));
  }
  return out;
}

/**
 * A word with its kind's underscores as spaces: "tricks_won" → "tricks won".
 * @param {string} name
 */
export function humanize(name) {
  return String(name).replace(/_/g, " ");
}
