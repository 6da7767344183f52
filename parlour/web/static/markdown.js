/**
 * A tiny, safe Markdown-to-DOM renderer for the rules: headings, paragraphs, bullet and numbered
 * lists, tables, block quotes, code blocks (fenced or indented), and inline emphasis, strong, code
 * and links (http(s) and relative only). It builds nodes and sets text; it never parses HTML.
 * @module markdown
 */
import { el } from "./dom.js";

/**
 * Render Markdown text into a DocumentFragment.
 * @param {string} text
 * @param {{headingOffset?: number}} [opts] - add to heading levels (a page already has an h1)
 * @returns {DocumentFragment}
 */
export function renderMarkdown(text, opts = {}) {
  const offset = opts.headingOffset || 0;
  const out = document.createDocumentFragment();
  const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      i++;
      continue;
    }
    const fence = line.match(/^\s*(```|~~~)/);
    if (fence) {
      const body = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i++]);
      i++;
      out.append(el("pre", {}, el("code", { text: body.join("\n") })));
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      // an indented code block (the notes' commands): its lines as they are, less the indent; a blank
      // line inside it stays when more indented lines follow
      const body = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]) || /^\s*$/.test(lines[i]))) {
        body.push(lines[i++].replace(/^( {4}|\t)/, ""));
      }
      while (body.length && /^\s*$/.test(body[body.length - 1])) body.pop();
      out.append(el("pre", {}, el("code", { text: body.join("\n") })));
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (heading) {
      const level = Math.min(6, heading[1].length + offset);
      out.append(inline(el(`h${level}`), heading[2]));
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.append(el("hr"));
      i++;
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      out.append(table(rows));
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) body.push(lines[i++].replace(/^\s*>\s?/, ""));
      const quote = el("blockquote");
      quote.append(renderMarkdown(body.join("\n"), opts));
      out.append(quote);
      continue;
    }
    if (LIST.test(line)) {
      const [node, next] = list(lines, i);
      out.append(node);
      i = next;
      continue;
    }
    const para = [];
    while (
      i < lines.length &&
      !/^\s*$/.test(lines[i]) &&
      !/^(#{1,6})\s/.test(lines[i]) &&
      !/^\s*(```|~~~|>)/.test(lines[i]) &&
      !(para.length && LIST.test(lines[i]))
    ) {
      para.push(lines[i++].trim());
    }
    out.append(inline(el("p"), para.join(" ")));
  }
  return out;
}

const LIST = /^(\s*)([-*+]|\d+[.)])\s+/;

/** A list (nested by indentation) starting at line `start`; returns [node, next line]. */
function list(lines, start) {
  const first = lines[start].match(LIST);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const node = el(ordered ? "ol" : "ul");
  if (ordered) {
    const n = parseInt(first[2], 10);
    if (n !== 1) node.start = n;
  }
  let i = start;
  let item = null;
  let itemText = [];
  const flush = () => {
    if (item && itemText.length) item.prepend(inline(el("span"), itemText.join(" ")));
    itemText = [];
  };
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      // a blank line ends the list unless the next line continues it
      const next = lines[i + 1];
      if (next !== undefined && (LIST.test(next) || /^\s{2,}\S/.test(next)) && leading(next) >= indent) {
        i++;
        continue;
      }
      break;
    }
    const m = line.match(LIST);
    if (m && m[1].length === indent) {
      flush();
      item = el("li");
      node.append(item);
      itemText = [line.slice(m[0].length).trim()];
      i++;
    } else if (m && m[1].length > indent && item) {
      flush();
      const [sub, next] = list(lines, i);
      item.append(sub);
      i = next;
    } else if (m && m[1].length < indent) {
      break;
    } else if (item && leading(line) > 0) {
      itemText.push(line.trim());
      i++;
    } else if (item && !m) {
      itemText.push(line.trim()); // a lazy continuation line
      i++;
    } else {
      break;
    }
  }
  flush();
  return [node, i];
}

function leading(line) {
  return line.match(/^\s*/)[0].length;
}

/** A table from its Markdown rows (the second is the alignment row). */
function table(rows) {
  const cells = (row) =>
    row
      .trim()
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, "|"));
  const head = cells(rows[0]);
  const align = cells(rows[1]).map((c) => (/^:-+:$/.test(c) ? "center" : /-+:$/.test(c) ? "right" : ""));
  const node = el("table.md-table");
  const thead = el("thead", {}, el("tr", {}, head.map((c, j) => inline(el("th", { scope: "col", style: align[j] ? `text-align:${align[j]}` : null }), c))));
  const tbody = el("tbody");
  for (const row of rows.slice(2)) {
    tbody.append(el("tr", {}, cells(row).map((c, j) => inline(el("td", { style: align[j] ? `text-align:${align[j]}` : null }), c))));
  }
  node.append(thead, tbody);
  return el("div.table-scroll", {}, node);
}

const INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*([^\s*][\s\S]*?)\*|(?<![\w])_([^\s_][\s\S]*?)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)|\\([\\`*_[\]()#|>~-])/;

/**
 * Append inline Markdown (code, strong, emphasis, links, escapes) to a node, as text nodes.
 * @param {HTMLElement} node
 * @param {string} text
 * @returns {HTMLElement} the node
 */
export function inline(node, text) {
  let rest = String(text);
  while (rest) {
    const m = rest.match(INLINE);
    if (!m) {
      node.append(document.createTextNode(rest));
      break;
    }
    if (m.index > 0) node.append(document.createTextNode(rest.slice(0, m.index)));
    if (m[1]) node.append(el("code", { text: m[2].trim() === "" ? m[2] : m[2].replace(/^ (.*) $/, "$1") }));
    else if (m[3] !== undefined || m[4] !== undefined) node.append(inline(el("strong"), m[3] ?? m[4]));
    else if (m[5] !== undefined || m[6] !== undefined) node.append(inline(el("em"), m[5] ?? m[6]));
    else if (m[7] !== undefined) {
      const href = m[8];
      if (/^(https?:\/\/|\/|#)/i.test(href)) {
        node.append(inline(el("a", { href, rel: "noopener noreferrer", target: href.startsWith("#") ? null : "_blank" }), m[7]));
      } else {
        node.append(inline(el("span"), m[7]));
      }
    } else if (m[9] !== undefined) node.append(document.createTextNode(m[9]));
    rest = rest.slice(m.index + m[0].length);
  }
  return node;
}
