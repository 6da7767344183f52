/**
 * Words: naming seats ("you", a person's name, "Seat 3"), sides, and rewriting the engine's texts
 * ("seat 1 plays KC") into the table's words ("Ann plays K♣", "you play K♣").
 * @module words
 */
import { isSuited, pretty } from "./cards.js";

/**
 * Names for the seats of one table as one viewer sees it.
 * @typedef {Object} Namer
 * @property {(seat: number) => string} who - "you", a name, or "Seat N" (numbered from 1)
 * @property {(seat: number) => string} plain - the seat's name without "you"
 * @property {(team: number[]) => string} side - "you & Ann"
 * @property {(text: string) => string} words - an engine text in the table's words
 */

/**
 * A seat as a player numbers it, from 1, as the lobby's form does: the engine and the API number the
 * seats from 0, and a person without a name sat at the table as "seat 0".
 *   seatWords(0) → "Seat 1"
 * @param {number} seat
 * @returns {string}
 */
export function seatWords(seat) {
  return `Seat ${seat + 1}`;
}

/**
 * Names as a list: "Ann", "Ann & Bob", "Ann, Bob & Cy" (the banner said "Won by Ann & Bob & Cy" of
 * Apology's three defenders).
 * @param {string[]} names
 * @returns {string}
 */
export function listWords(names) {
  return names.length > 2 ? `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}` : names.join(" & ");
}

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
    return name ? name : seatWords(seat);
  };
  // A name that is not unique, or that looks like another seat, gets its seat number.
  const counts = new Map();
  for (const s of seats) counts.set(plain(s.seat), (counts.get(plain(s.seat)) || 0) + 1);
  const label = (seat) => {
    const name = plain(seat);
    return counts.get(name) > 1 && !/^seat \d+$/i.test(name) ? `${name} (${seatWords(seat).toLowerCase()})` : name;
  };
  const who = (seat) => (me !== null && me !== undefined && seat === me ? "you" : label(seat));
  const side = (team) => team.map(who).join(" & ");
  const words = (text) => rewrite(String(text ?? ""), who, pack);
  return { who, plain: label, side, words };
}

const CONJUGATE_KEEP = new Set(["plus", "less", "minus", "bonus", "this", "as", "us", "its", "his", "always", "sometimes"]);

/**
 * A verb of the third person singular in the second person; `null` for a word that is not one.
 *   secondPerson("plays") → "play"      secondPerson("chooses") → "choose"
 *   secondPerson("passes") → "pass"     secondPerson("touches") → "touch"
 *   secondPerson("buries") → "bury"     secondPerson("has") → "have"
 *   secondPerson("is") → "are"          secondPerson("plus") → null     secondPerson("play") → null
 * @param {string} verb - a lower-case word
 * @returns {string|null}
 */
export function secondPerson(verb) {
  if (verb === "is") return "are";
  if (verb === "has") return "have";
  if (verb === "was") return "were";
  if (!/^[a-z]+s$/.test(verb) || verb.length < 3 || CONJUGATE_KEEP.has(verb) || verb.endsWith("ss") || verb.endsWith("us")) return null;
  if (/(ss|sh|ch|x|z|o)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  return verb.slice(0, -1);
}

/** Verbs said alike after "you" and after a seat, which a second verb after "and" may follow: Bishops
 * Whist's "seat 1 cut lowest and deals first". */
const PLAIN_VERBS = new Set(["cut", "put", "set", "bet", "let"]);

/**
 * "you" with its verbs: the verb after "you", and — in the same clause (up to , ; : . ! ? ( ) —) — a
 * verb right after " and " when the first one is a verb ("you cut" too). The second must go on with
 * another word, or end the clause after a single word not counted ("highest and banks"), so a list of
 * things ("... for kings and queens") is left alone.
 *   youVerbs("You takes the bank and chooses its size") → "You take the bank and choose its size"
 *   youVerbs("You plays 3♦ and turns up 7♠") → "You play 3♦ and turn up 7♠"
 *   youVerbs("You is the taker and buries six cards") → "You are the taker and bury six cards"
 *   youVerbs("You scores 40 for kings and queens") → "You score 40 for kings and queens"
 *   youVerbs("Ann plays and wins; you leads") → "Ann plays and wins; you lead"
 *   youVerbs("You, on the banker's left, cuts") → "You, on the banker's left, cut"
 *   youVerbs("You cut lowest and deals first") → "You cut lowest and deal first"
 *   youVerbs("You draw highest and banks") → "You draw highest and bank"
 *   youVerbs("You reached 100 first and wins 250 to 120") → "You reached 100 first and win 250 to 120"
 * @param {string} text
 * @returns {string}
 */
export function youVerbs(text) {
  // "You, on the banker's left, cuts": a verb after a place set off by commas (Lansquenet's cut; the
  // clause below stops at the first comma, and the log said "You, on the banker's left, cuts")
  const placed = text.replace(/\b([Yy])ou(, (?:on|at|in|as|to|from|by|with) [^,;:.!?()—]+,) ([a-z]+)\b/g, (whole, y, place, verb) => {
    const second = secondPerson(verb);
    return second === null ? whole : `${y}ou${place} ${second}`;
  });
  return placed.replace(/\b([Yy])ou ([a-z]+)\b([^;:.,!?()—]*)/g, (whole, y, verb, rest) => {
    const first = secondPerson(verb);
    let after = youVerbs(rest);
    // "You cut lowest and deals first": a verb whose person does not show ("cut") is a verb all the same
    // and so is one in the past ("You reached 100 first and wins 250 to 120", Bezique's match's end)
    if (first === null && !PLAIN_VERBS.has(verb) && !/^[a-z]{2,}ed$/.test(verb)) return `${y}ou ${verb}${after}`;
    // a verb at the clause's end after a single word that is not a thing counted ("You draw highest and
    // banks", "You cut low and deals"), where a list of things ("for kings and queens") has more words
    const last = /^ [a-z]*[a-rt-z] and [a-z]+$/.test(after) ? "|$" : "";
    after = after.replace(new RegExp(`\\band ([a-z]+)(?= [^\\s;:.,!?()—]${last})`, "g"), (m, word) => {
      const second = secondPerson(word);
      return second === null ? m : `and ${second}`;
    });
    return `${y}ou ${first ?? verb}${after}`;
  });
}

/**
 * A line the engine wrote to one seat ("you draw 5C", "you are dealt ...", "you bury 3H") as said of
 * that seat ("seat 0 draws 5C"), for a replay seen as the seat, whose watcher is not its player (the
 * log said "You draw 5♣" beside a table that said "heuristic 0").
 *   ofSeat("you are dealt 5C 7D", 0) → "seat 0 is dealt 5C 7D"
 *   ofSeat("win the trick if you can", 0) → "win the trick if seat 0 can"
 * @param {string} text
 * @param {number} seat
 * @returns {string}
 */
const MODALS = new Set(["can", "cannot", "could", "may", "might", "must", "shall", "should", "will", "would"]);

export function ofSeat(text, seat) {
  const third = (verb) => {
    const own = { are: "is", have: "has", do: "does", go: "goes", were: "was" };
    if (verb in own) return own[verb];
    // ("follow suit and win the trick if you can" said of a seat read "if seat 0 cans")
    if (MODALS.has(verb)) return verb;
    if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
    if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
    return `${verb}s`;
  };
  return text
    .replace(/\b[Yy]ou ([a-z]+)\b/g, (_, verb) => `seat ${seat} ${third(verb)}`)
    .replace(/\b[Yy]our\b/g, `seat ${seat}'s`)
    .replace(/\b[Yy]ou\b/g, `seat ${seat}`);
}

/**
 * A decision's prompt, which the engine words to the seat that decides ("follow suit if you can", "lead
 * one of your turned-up cards"), as said of that seat to someone else: after "Waiting for Ann to ..."
 * it read "lead one of your turned-up cards", the watcher's cards. The prompt's verbs after "you" are
 * already plain ("you can", "you won"), as they are after "they".
 *   ofMover("follow suit and head the trick if you can") → "follow suit and head the trick if they can"
 *   ofMover("lead one of your turned-up cards") → "lead one of their turned-up cards"
 *   ofMover("pay with a card from the tricks you won") → "pay with a card from the tricks they won"
 *   ofMover("the cards dealt to you") → "the cards dealt to them"
 * @param {string} text
 * @returns {string}
 */
export function ofMover(text) {
  return text
    .replace(/\b(to|for|with|from|at|by|of|beside|before|after|than|give|gives|show|shows) you\b/g, "$1 them")
    .replace(/\byourself\b/g, "themselves")
    .replace(/\byours\b/g, "theirs")
    .replace(/\byour\b/g, "their")
    .replace(/\bYour\b/g, "Their")
    .replace(/\byou\b/g, "they")
    .replace(/\bYou\b/g, "They");
}

/**
 * A card outside the suits in words, as a log line says it: "the knight", "the Sküs",
 * "Till Eulenspiegel", "tarock XXI" (a name of one word takes "the").
 * @param {string} name - the pack's name of the card
 */
function specialWords(name) {
  return name.includes(" ") ? name : `the ${name}`;
}

/**
 * Rewrite an engine text: "seat N" → names, "seats 0 and 2" → "you & Ann", card codes → symbols
 * (the cards outside the suits → their names), and the verbs after "you" conjugated ("you plays" →
 * "you play").
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
  out = youVerbs(out);
  out = out.replace(/^you\b/, "You");
  // a ten the engine wrote with its suit's symbol ("a pair of tens T♠ T♦") as the cards write it: 10♠
  out = out.replace(/(?<![\p{L}\p{N}_'’-])T(?=[♠♥♦♣])/gu, "10");
  return cardWords(out, pack);
}

/**
 * The card codes of a text as the table writes cards: "QS" as "Q♠", the cards outside the suits by
 * their names ("XXI" as "tarock XXI", "N" as "the knight"), as the log and a refusal write them.
 * @param {string} text
 * @param {import("./cards.js").Pack|null} pack
 */
export function cardWords(text, pack) {
  let out = text;
  if (pack && pack.names.size) {
    out = listCards(out, pack);
    // whole words only: a code is never taken out of a longer word ("XI" in "XIX", "N" in "No")
    out = out.replace(/(?<![\p{L}\p{N}_'’-])[0-9A-Z]{1,5}(?![\p{L}\p{N}_'’-])/gu, (code, at, whole) => {
      if (!pack.names.has(code)) return code;
      if (isSuited(pack, code)) return pretty(pack, code);
      const name = pack.names.get(code);
      const before = whole.slice(0, at).toLowerCase();
      // already named: "tarock XXI" stays, "the N" becomes "the knight"
      if (name.toLowerCase().endsWith(` ${code.toLowerCase()}`) && before.endsWith(name.slice(0, -code.length).toLowerCase())) return code;
      const words = /\bthe $/.test(before) ? name : specialWords(name);
      return at === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    });
  }
  return out;
}

/** A card in a log line: a code of the pack ("XXI", "SK"), or a suited card written with its suit's
 * symbol ("K♣", "10♦"). */
const CARD_TOKEN = "(?:(?:10|[0-9A-Z]{1,2})[♠♥♦♣]|[0-9A-Z]{1,5})";
const CARD_RUN = new RegExp(`(?<![\\p{L}\\p{N}_'’♠♥♦♣-])${CARD_TOKEN}(?: ${CARD_TOKEN})+(?![\\p{L}\\p{N}_'’♠♥♦♣-])`, "gu");

/**
 * A run of cards with a card outside the suits among them, its cards parted by commas: "turns up K♣
 * XXI XX" read "turns up K♣ tarock XXI tarock XX" once named, where a name's words ran into the next
 * card's; "K♣, tarock XXI, tarock XX". A run of suited cards alone stays as it is ("3♠ 2♠ 8♥").
 * @param {string} text
 * @param {import("./cards.js").Pack} pack
 */
function listCards(text, pack) {
  return text.replace(CARD_RUN, (run) => {
    const cards = run.split(" ");
    const known = (card) => pack.names.has(card) || /[♠♥♦♣]$/.test(card);
    const special = (card) => pack.names.has(card) && !isSuited(pack, card);
    return cards.every(known) && cards.some(special) ? cards.join(", ") : run;
  });
}

/**
 * A word with its kind's underscores as spaces: "tricks_won" → "tricks won".
 * @param {string} name
 */
export function humanize(name) {
  return String(name).replace(/_/g, " ");
}

/**
 * A pile of tricks won by its count of tricks, as a player counts them: "4 tricks won" (the view's
 * `tricks`; "tricks won: 16 cards" made one count cards), "pile (4 tricks won)" where the game names
 * the pile otherwise. A zone without a count says its cards, as before: "tricks won: 16 cards".
 * @param {{tricks?: number|null, size: number}} zone
 * @param {string} label - the zone's name in words ("tricks won", "pile")
 */
export function tricksWon(zone, label) {
  if (zone.tricks === null || zone.tricks === undefined) return `${label}: ${zone.size} card${zone.size === 1 ? "" : "s"}`;
  const won = `${zone.tricks} trick${zone.tricks === 1 ? "" : "s"} won`;
  return label === "tricks won" ? won : `${label} (${won})`;
}
