// Tiny DOM helpers. Every piece of text goes in as a text node (never as HTML), which is
// also what the page's Trusted Types policy ('none') demands.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, props, children) {
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** `el("p", {class: "x"}, "text", otherNode)`: an HTML element. */
export function el(tag, props, ...children) {
  return fill(document.createElement(tag), props, children);
}

/** The same for SVG elements. */
export function svg(tag, props, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), props, children);
}

/** Replace an element's children. */
export function put(target, ...children) {
  target.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

/** A table with a caption-less header row; `cells(row)` gives one row's cells. */
export function table(columns, rows, cells, { label, rowClass } = {}) {
  return el(
    "table",
    { "aria-label": label },
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, rows.map((row) => el("tr", { class: rowClass?.(row) }, cells(row).map((c, i) =>
      i === 0 ? el("th", { scope: "row" }, c) : el("td", {}, c))))),
  );
}

export const fmt = {
  num(value, digits = 0) {
    if (value === null || value === undefined || Number.isNaN(value)) return "—";
    return Number(value).toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  },
  pct(value) {
    return value === null || value === undefined ? "—" : `${Math.round(Number(value) * 100)} %`;
  },
  day(iso) {
    const d = new Date(`${iso}T00:00:00Z`);
    return d.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
  },
};
