/**
 * The rules dialog: the game's rules, rulings and the computer players' measurements (`GET /api/games/{game}/rules`, Markdown) drawn by
 * the safe Markdown renderer, and the plain dialogs' wiring (close buttons).
 * @module rules
 */
import { api, clear, el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

const loaded = new Map();

/**
 * Open the rules of a game in a `<dialog>` (loading them once).
 * @param {HTMLDialogElement} dialog
 * @param {HTMLElement} body - where the text goes
 * @param {string} game
 */
export async function openRules(dialog, body, game) {
  if (!dialog.open) dialog.showModal();
  if (loaded.get(body) === game) return;
  clear(body).append(el("p", { text: "Loading the rules…" }));
  try {
    const rules = await api(`/api/games/${encodeURIComponent(game)}/rules`);
    clear(body);
    const title = dialog.querySelector("h2");
    if (title && rules.title) title.textContent = `Rules — ${rules.title}`;
    // The text's own first heading names the game, which the dialog's title already does ("Rules —
    // Roquet (60-card pack)" over "Roquet (60-card pack)"): it is left out.
    const text = (rules.rules || "").replace(/^# [^\n]*\n+/, "");
    body.append(renderMarkdown(text, { headingOffset: 1 }));
    if (rules.rulings) {
      body.append(el("h2", { text: "Rulings" }), renderMarkdown(rules.rulings, { headingOffset: 2 }));
    }
    if (rules.strength) {
      // The computer players' measurements: for the curious, folded away below the rulings so that a
      // player looking for a rule does not scroll through them.
      const notes = el("details.strength-notes");
      notes.append(el("summary", { text: "How strong the computer players are: the measurements" }));
      notes.append(renderMarkdown(rules.strength, { headingOffset: 2 }));
      body.append(notes);
    }
    loaded.set(body, game);
  } catch (error) {
    clear(body).append(el("p", { text: `The rules could not be loaded: ${error.message}` }));
  }
}

/**
 * Make each `[data-close]` button close its dialog, and a click on the backdrop too.
 * @param {HTMLDialogElement[]} dialogs
 */
export function wireDialogs(dialogs) {
  for (const dialog of dialogs) {
    dialog.querySelectorAll("[data-close]").forEach((b) => b.addEventListener("click", () => dialog.close()));
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
  }
}
