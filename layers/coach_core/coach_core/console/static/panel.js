// The side panel: the user's data as the coach sees it (context line, weight chart,
// insights, the last 14 days of rows) and the weekly plan.

import { byId, el, fmt, put, svg, table } from "./dom.js";

const STATUS_LABEL = { good: "good", attention: "attention", insufficient_data: "not enough data", info: "info" };

function lastDays(todayIso, count) {
  const today = new Date(`${todayIso}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(today);
    d.setUTCDate(today.getUTCDate() - i);
    return d.toISOString().slice(0, 10);
  });
}

export function clearPanel(message = "No user chosen.") {
  byId("who").textContent = message;
  for (const id of ["summary", "context-confidence", "insights-quality"]) byId(id).textContent = "";
  for (const id of ["chart", "insights", "plan", "checkins", "food"]) put(byId(id));
}

export function panelError(id, message) {
  put(byId(id), el("p", { class: "error", role: "alert" }, message));
}

export function renderContext(ctx, label) {
  byId("who").textContent = `${label} · ${ctx.user_id} · today ${ctx.today}`;
  byId("summary").textContent = ctx.summary;
  byId("context-confidence").textContent = `Confidence (last 7 days): ${fmt.pct(ctx.confidence)}`;
  renderChart(ctx.weights, ctx.chart_days);
  const days = lastDays(ctx.today, ctx.window_days);
  const checkins = new Map(ctx.checkins.map((c) => [c.date, c]));
  const food = new Map(ctx.nutrition.map((n) => [n.date, n]));
  const missing = (map) => (day) => (map.has(day) ? null : "missing");
  put(byId("checkins"), table(["Date", "Weight kg", "Energy", "Sleep h", "Mood"], days, (day) => {
    const c = checkins.get(day) ?? {};
    return [fmt.day(day), fmt.num(c.weight_kg, 1), fmt.num(c.energy), fmt.num(c.sleep_hours, 1), fmt.num(c.mood)];
  }, { label: "Check-ins", rowClass: missing(checkins) }));
  put(byId("food"), table(["Date", "kcal", "Protein g", "Carbs g", "Fat g"], days, (day) => {
    const n = food.get(day) ?? {};
    return [fmt.day(day), fmt.num(n.calories), fmt.num(n.protein_g), fmt.num(n.carbs_g), fmt.num(n.fat_g)];
  }, { label: "Food logs", rowClass: missing(food) }));
}

/** A small line chart of the weigh-ins (SVG built node by node: no library, no inline style). */
export function renderChart(points, days) {
  const figure = byId("chart");
  if (points.length < 2) {
    put(figure, el("figcaption", { class: "muted" }, `${points.length} weigh-in(s) in ${days} days: not enough for a trend.`));
    return;
  }
  const W = 320, H = 120, PAD = 24;
  const t0 = Date.parse(points[0].date), t1 = Date.parse(points[points.length - 1].date);
  const weights = points.map((p) => p.weight_kg);
  const lo = Math.min(...weights), hi = Math.max(...weights);
  const span = Math.max(hi - lo, 0.5);
  const x = (p) => PAD + ((Date.parse(p.date) - t0) / Math.max(t1 - t0, 1)) * (W - 2 * PAD);
  const y = (kg) => H - PAD - ((kg - lo) / span) * (H - 2 * PAD);
  const first = points[0], last = points[points.length - 1];
  const change = last.weight_kg - first.weight_kg;
  const caption = `${points.length} weigh-ins from ${fmt.num(first.weight_kg, 1)} kg (${first.date}) to `
    + `${fmt.num(last.weight_kg, 1)} kg (${last.date}), ${change >= 0 ? "+" : ""}${fmt.num(change, 1)} kg`;
  put(figure,
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": caption, class: "chart-svg" },
      svg("line", { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, class: "axis" }),
      svg("text", { x: 2, y: y(hi) + 4, class: "tick" }, fmt.num(hi, 1)),
      svg("text", { x: 2, y: y(lo) + 4, class: "tick" }, fmt.num(lo, 1)),
      svg("polyline", { points: points.map((p) => `${x(p).toFixed(1)},${y(p.weight_kg).toFixed(1)}`).join(" "), class: "line" }),
      points.map((p) => svg("circle", { cx: x(p).toFixed(1), cy: y(p.weight_kg).toFixed(1), r: 2.2, class: "dot" },
        svg("title", {}, `${p.date}: ${fmt.num(p.weight_kg, 1)} kg`)))),
    el("figcaption", { class: "muted" }, caption));
}

export function renderInsights(body) {
  byId("insights-quality").textContent =
    `Data quality ${fmt.pct(body.data_quality_score)} over ${body.window_days} days`;
  put(byId("insights"), body.insights.map((i) =>
    el("li", { class: "insight", dataset: { key: i.key, status: i.status } },
      el("div", { class: "insight-head" },
        el("strong", {}, i.title),
        el("span", { class: `badge ${i.status}` }, STATUS_LABEL[i.status] ?? i.status)),
      el("p", {}, i.detail))));
}

export function renderPlan(body) {
  const plan = body.plan;
  const training = (t) => (t.type === "rest" ? "rest" : `${t.type} ${t.duration_minutes} min`);
  put(byId("plan"),
    el("p", { class: "plan-title" }, el("strong", {}, plan.title)),
    el("p", {}, plan.summary),
    el("div", { class: "table-wrap" }, table(
      ["Day", "kcal", "P / C / F g", "Training", "Focus"], plan.days,
      (d) => [d.day, fmt.num(d.calories), `${d.protein_g} / ${d.carbs_g} / ${d.fat_g}`,
        el("span", { title: d.training.description }, training(d.training)), d.focus],
      { label: "Weekly plan" })),
    plan.habits?.length ? el("ul", { class: "habits", "aria-label": "Habits" }, plan.habits.map((h) => el("li", {}, h))) : null,
    body.disclaimers?.length ? el("ul", { class: "disclaimers", "aria-label": "Disclaimers" },
      body.disclaimers.map((d) => el("li", { class: "disclaimer", role: "note" }, d))) : null,
    el("p", { class: "stats" },
      `confidence ${fmt.pct(body.confidence)} · ${body.tool_trace.length} tool calls · ${body.tokens_used} provider tokens`));
}
