/**
 * Small DOM helpers. Every text from the server or the user goes in through `textContent` or an
 * attribute, never through `innerHTML`.
 * @module dom
 */

/**
 * Make an element.
 * @param {string} tag - the tag name, optionally with classes: `"div.seat.me"`
 * @param {Object<string, any>} [attrs] - attributes; `text` sets textContent, `on*` functions add
 *   listeners, `dataset` an object of data-*, `class` extra classes; `false`/`null` values are skipped
 * @param {...(Node|string|null|undefined|false|Array)} children - nodes or strings (as text)
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const node = document.createElement(name);
  if (classes.length) node.classList.add(...classes);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") String(value).split(/\s+/).filter(Boolean).forEach((c) => node.classList.add(c));
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

/**
 * Append children (nodes, strings as text nodes, nested arrays; falsy ones skipped).
 * @param {Node} node
 * @param {Array} children
 */
export function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Remove every child of a node. @param {Node} node */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/**
 * A number as people write it: `12`, `4.5`, never `12.0`; thirds as the games' own lines write them
 * (`-19⅓`, not `-19.33` beside a log line saying `-19⅓`).
 * @param {number} x
 */
export function num(x) {
  if (typeof x !== "number") return String(x);
  if (Number.isInteger(x)) return String(x);
  const thirds = Math.round(x * 3);
  if (Math.abs(x * 3 - thirds) < 1e-6 && thirds % 3 !== 0) {
    const whole = Math.abs(Math.trunc(thirds / 3));
    return `${x < 0 ? "-" : ""}${whole || ""}${Math.abs(thirds % 3) === 1 ? "⅓" : "⅔"}`;
  }
  return String(Math.round(x * 100) / 100);
}

/**
 * Fetch JSON; throws an Error whose message is the server's `detail` on failure.
 * @param {string} url
 * @param {RequestInit & {json?: any, token?: string}} [init]
 */
export async function api(url, init = {}) {
  const headers = { Accept: "application/json", ...(init.headers || {}) };
  const options = { ...init, headers };
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(init.json);
    options.method = init.method || "POST";
    delete options.json;
  }
  if (init.token) {
    headers.Authorization = `Bearer ${init.token}`;
    delete options.token;
  }
  const response = await fetch(url, options);
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const detail = body && typeof body.detail === "string" ? body.detail : `${response.status} ${response.statusText}`;
    const error = new Error(detail);
    error.status = response.status;
    throw error;
  }
  return body;
}

/**
 * Announce a message in a live region (`role="status"` or `role="alert"`), replacing the last one.
 * @param {HTMLElement} region
 * @param {string} text
 * @param {string} [kind] - a class for the look: "error", "info"
 */
export function announce(region, text, kind = "info") {
  clear(region);
  region.classList.remove("info", "error");
  if (region.classList.contains("notice")) region.classList.add(kind);
  if (text) region.append(el("span", { text }));
}

/**
 * Set a game's title as the text of `node`, each hyphenated word kept whole on its line ("Roquet
 * (60-card pack)" broke after "60-" on a phone, where the top bar gives the title two lines): the
 * word goes in a `span.unbroken`; the text read (textContent, innerText) is the title as given.
 * @param {HTMLElement} node
 * @param {string} title
 */
export function setTitle(node, title) {
  clear(node);
  for (const part of String(title).split(/(\S*\w-\w\S*)/)) {
    if (!part) continue;
    node.append(/\w-\w/.test(part) ? el("span.unbroken", { text: part }) : document.createTextNode(part));
  }
  return node;
}
