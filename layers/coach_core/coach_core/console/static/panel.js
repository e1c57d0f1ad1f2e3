// The side panel: the user's data as the coach sees it (context line, weight chart,
// insights, the last 14 days of rows) and the weekly plan.

import { renderChart } from "./chart.js";
import { byId, el, fmt, put, table } from "./dom.js";

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
  renderChart(byId("chart"), ctx.weights, ctx.chart_days, ctx.today);
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

/** The week as a table that reads in a narrow panel: per day, one line of figures (the
 * macros never wrap) and the day's focus on a line of its own beneath it. */
function planTable(days) {
  const training = (t) => (t.type === "rest" ? "rest" : `${t.type} ${t.duration_minutes}\u00a0min`);
  return el("table", { class: "plan-table", "aria-label": "Weekly plan" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "Day"),
      el("th", { scope: "col", class: "num" }, "kcal"),
      el("th", { scope: "col", class: "macros" }, "P / C / F g"),
      el("th", { scope: "col" }, "Training"))),
    days.map((d) => el("tbody", { class: "plan-day", dataset: { day: d.day } },
      el("tr", {},
        el("th", { scope: "row", rowspan: 2 }, d.day),
        el("td", { class: "num" }, fmt.num(d.calories)),
        el("td", { class: "macros" }, `${d.protein_g} / ${d.carbs_g} / ${d.fat_g}`),
        el("td", { class: "training", title: d.training.description }, training(d.training))),
      el("tr", { class: "plan-focus" }, el("td", { colspan: 3 }, d.focus)))));
}

export function renderPlan(body) {
  const plan = body.plan;
  put(byId("plan"),
    el("p", { class: "plan-title" }, el("strong", {}, plan.title)),
    el("p", {}, plan.summary),
    el("div", { class: "table-wrap" }, planTable(plan.days)),
    plan.habits?.length ? el("ul", { class: "habits", "aria-label": "Habits" }, plan.habits.map((h) => el("li", {}, h))) : null,
    body.disclaimers?.length ? el("ul", { class: "disclaimers", "aria-label": "Disclaimers" },
      body.disclaimers.map((d) => el("li", { class: "disclaimer", role: "note" }, d))) : null,
    el("p", { class: "stats" },
      `confidence ${fmt.pct(body.confidence)} · ${body.tool_trace.length} tool call${body.tool_trace.length === 1 ? "" : "s"}`
      + ` · ${body.tokens_used} provider tokens`));
}

/** Bring the plan card into view (the panel scrolls on a wide screen, the page on a narrow
 * one) and, with `focus`, move focus to the plan so the keyboard and screen readers follow. */
export function revealPlan({ focus = false } = {}) {
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  byId("plan-card").scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  if (focus) byId("plan").focus({ preventScroll: true });
}
