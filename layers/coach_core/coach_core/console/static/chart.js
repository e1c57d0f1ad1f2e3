// The weight chart: an SVG line over the chart window (dates on the x-axis, the lowest and
// highest weight on the y-axis) with a readout that follows the pointer or the arrow keys.
// Labels live outside the plot box (y labels in a left gutter, dates below the axis), so no
// point can ever cover one.

import { el, fmt, put, svg } from "./dom.js";

const W = 320, H = 136;
const GUTTER = 46; // left: the y labels, right-aligned at GUTTER - 6
const RIGHT = 10, TOP = 8, BOTTOM = 24; // BOTTOM: the date labels below the axis
const INSET = 6; // keeps the dots (hovered: r=4) inside the plot box
const DAY_MS = 86_400_000;
const READOUT_HINT = "Hover over the chart (or focus it and use the arrow keys) for a day's weight.";

const CHAR_W = 5.5; // the tick font's advance (9px monospace), to keep labels inside the box

function dayMs(iso) {
  return Date.parse(`${iso}T00:00:00Z`);
}

function isoDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** "Nov 18": a date-axis label. */
function shortDay(iso) {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** A week apart, ending today: today, today-7, … (oldest first), all inside the window. */
function dateTicks(startMs, endMs) {
  const ticks = [];
  for (let t = endMs; t >= startMs; t -= 7 * DAY_MS) ticks.unshift(isoDay(t));
  return ticks;
}

/** The y-axis range: the weights' own, widened to at least 0.5 kg around its middle. */
function weightRange(weights) {
  const lo = Math.min(...weights), hi = Math.max(...weights);
  if (hi - lo >= 0.5) return [lo, hi];
  const mid = (lo + hi) / 2;
  return [mid - 0.25, mid + 0.25];
}

/**
 * Draw `points` ({date, weight_kg}, oldest first) over the `days` days ending `today` into
 * `figure`. Each dot keeps its <title> (the native tooltip); the readout under the chart says
 * the date and weight of the point nearest the pointer.
 */
export function renderChart(figure, points, days, today) {
  if (points.length < 2) {
    put(figure, el("figcaption", { class: "muted" },
      `${points.length} weigh-in${points.length === 1 ? "" : "s"} in ${days} days: not enough for a trend.`));
    return;
  }
  const endMs = dayMs(today), startMs = endMs - (days - 1) * DAY_MS;
  const weights = points.map((p) => p.weight_kg);
  const [lo, hi] = weightRange(weights);
  const x0 = GUTTER + INSET, x1 = W - RIGHT - INSET, y0 = TOP + INSET, y1 = H - BOTTOM - INSET;
  const x = (iso) => x0 + ((dayMs(iso) - startMs) / Math.max(endMs - startMs, DAY_MS)) * (x1 - x0);
  const y = (kg) => y1 - ((kg - lo) / (hi - lo)) * (y1 - y0);
  const first = points[0], last = points[points.length - 1];
  const change = last.weight_kg - first.weight_kg;
  const caption = `${points.length} weigh-ins from ${fmt.num(first.weight_kg, 1)} kg (${first.date}) to `
    + `${fmt.num(last.weight_kg, 1)} kg (${last.date}), ${change >= 0 ? "+" : ""}${fmt.num(change, 1)} kg`;
  const low = Math.min(...weights), high = Math.max(...weights);
  const yLabels = low === high ? [low] : [low, high];
  const axisY = H - BOTTOM;

  const dots = points.map((p) => svg("circle", {
    cx: x(p.date).toFixed(1), cy: y(p.weight_kg).toFixed(1), r: 2.4, class: "dot",
    dataset: { date: p.date, kg: String(p.weight_kg) },
  }, svg("title", {}, `${p.date}: ${fmt.num(p.weight_kg, 1)} kg`)));
  const guide = svg("line", { x1: 0, x2: 0, y1: TOP, y2: axisY, class: "guide", visibility: "hidden" });
  const readout = el("p", { class: "chart-readout muted", "aria-live": "polite" }, READOUT_HINT);
  const chart = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": caption, class: "chart-svg", tabindex: 0,
  },
  yLabels.map((kg) => svg("line", { x1: GUTTER, x2: W - RIGHT, y1: y(kg).toFixed(1), y2: y(kg).toFixed(1), class: "grid" })),
  svg("line", { x1: GUTTER, y1: axisY, x2: W - RIGHT, y2: axisY, class: "axis" }),
  yLabels.map((kg) => svg("text", { x: GUTTER - 6, y: (y(kg) + 3).toFixed(1), class: "tick y-tick", "text-anchor": "end" },
    `${fmt.num(kg, 1)} kg`)),
  dateTicks(startMs, endMs).map((iso) => {
    const label = shortDay(iso);
    const half = (label.length * CHAR_W) / 2;
    const at = Math.min(Math.max(x(iso), GUTTER + half), W - half - 1);
    return [
      svg("line", { x1: x(iso).toFixed(1), x2: x(iso).toFixed(1), y1: axisY, y2: axisY + 3, class: "axis" }),
      svg("text", { x: at.toFixed(1), y: H - 6, class: "tick x-tick", "text-anchor": "middle", dataset: { date: iso } }, label),
    ];
  }),
  guide,
  svg("polyline", { points: points.map((p) => `${x(p.date).toFixed(1)},${y(p.weight_kg).toFixed(1)}`).join(" "), class: "line" }),
  dots);

  let active = -1;
  const show = (index) => {
    if (active >= 0) dots[active].classList.remove("active");
    active = index;
    if (index < 0) {
      guide.setAttribute("visibility", "hidden");
      readout.textContent = READOUT_HINT;
      return;
    }
    const p = points[index];
    dots[index].classList.add("active");
    guide.setAttribute("x1", dots[index].getAttribute("cx"));
    guide.setAttribute("x2", dots[index].getAttribute("cx"));
    guide.setAttribute("visibility", "visible");
    readout.textContent = `${fmt.day(p.date)}: ${fmt.num(p.weight_kg, 1)} kg`;
  };
  const nearest = (clientX) => {
    const box = chart.getBoundingClientRect();
    const at = ((clientX - box.left) / box.width) * W;
    let best = 0;
    points.forEach((p, i) => { if (Math.abs(x(p.date) - at) < Math.abs(x(points[best].date) - at)) best = i; });
    return best;
  };
  chart.addEventListener("pointermove", (event) => show(nearest(event.clientX)));
  chart.addEventListener("pointerdown", (event) => show(nearest(event.clientX)));
  chart.addEventListener("pointerleave", () => show(-1));
  chart.addEventListener("blur", () => show(-1));
  chart.addEventListener("keydown", (event) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step !== undefined) show(Math.min(Math.max((active < 0 ? points.length : active) + step, 0), points.length - 1));
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(points.length - 1);
    else return;
    event.preventDefault();
  });
  put(figure, chart, readout, el("figcaption", { class: "muted" }, caption));
}
