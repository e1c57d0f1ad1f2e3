// One exchange in the conversation log: the user's bubble and the coach's turn, which fills
// in as events arrive (tool cards, streamed text, then the `done` details, or an error).

import { el, fmt, put } from "./dom.js";

const ACTION_LABEL = { block: "Blocked", flag: "Flagged", modify: "Modified", allow: "Noted" };
const ACTION_RANK = { block: 3, flag: 2, modify: 1, allow: 0 };

export function userBubble(text, { fromHistory = false } = {}) {
  return el("li", { class: "turn user", dataset: { history: fromHistory ? "yes" : "no" } },
    el("p", { class: "bubble" }, text));
}

/** A stored assistant message (a resumed session's history): text only. */
export function historyBubble(text) {
  return el("li", { class: "turn coach", dataset: { state: "done", history: "yes" } },
    el("p", { class: "answer" }, text));
}

export class CoachTurn {
  constructor() {
    this.text = document.createTextNode("");
    this.tools = el("ol", { class: "tools", "aria-label": "Tool calls" });
    this.marks = el("ul", { class: "marks", "aria-label": "Safety policy actions", hidden: true });
    this.details = el("div", { class: "details" });
    this.root = el("li", { class: "turn coach", dataset: { state: "waiting" }, "aria-busy": "true" },
      this.marks, this.tools,
      el("p", { class: "answer" }, this.text, el("span", { class: "cursor", "aria-hidden": "true" })),
      this.details);
    this.started = performance.now();
    this.firstTokenMs = null;
    this.tokenEvents = 0;
    this.keepAlives = 0;
    this.provider = null;
  }

  get state() {
    return this.root.dataset.state;
  }

  set state(value) {
    this.root.dataset.state = value;
    if (value === "done" || value === "error" || value === "stopped") this.root.removeAttribute("aria-busy");
  }

  /** Route one stream event to its handler. */
  handle(event) {
    const data = event?.data ?? {};
    switch (event?.type) {
      case "token": return this.token(String(data.content ?? ""));
      case "tool_start": return this.toolStart(data);
      case "tool_end": return this.toolEnd(data);
      case "done": return this.done(data);
      case "error": return this.error(String(data.message ?? "Something went wrong."), "stream");
      default: return undefined; // a future event type: ignore, as the contract allows
    }
  }

  token(content) {
    if (this.firstTokenMs === null) this.firstTokenMs = performance.now() - this.started;
    this.tokenEvents += 1;
    this.text.appendData(content);
    this.state = "streaming";
  }

  toolStart({ tool_name: name, description, input_summary: input }) {
    const card = el("li", { class: "tool", dataset: { tool: name, status: "running" }, title: description || null },
      el("div", { class: "tool-head" },
        el("span", { class: "tool-name" }, name),
        el("span", { class: "badge running" }, "running")),
      el("p", { class: "tool-io tool-input" }, el("span", { class: "label" }, "input "),
        el("code", { class: "tool-args" }, input || "{}")));
    card.dataset.sent = input || "{}";
    this.tools.append(card);
    if (this.state === "waiting") this.state = "tools";
  }

  toolEnd({ tool_name: name, latency_ms: latency, cached, status, output_summary: output }) {
    const card = [...this.tools.children].find((c) => c.dataset.tool === name && c.dataset.status === "running");
    if (!card) return;
    card.dataset.status = status || "success";
    put(card.querySelector(".tool-head"),
      el("span", { class: "tool-name" }, name),
      el("span", { class: `badge ${status === "error" ? "bad" : "good"}` }, status || "success"),
      cached ? el("span", { class: "badge cached" }, "cached") : null,
      el("span", { class: "latency" }, `${fmt.num(latency)} ms`));
    card.append(el("p", { class: "tool-io" }, el("span", { class: "label" }, "output "), output || "—"));
  }

  done(data) {
    this.state = "done";
    const grounding = data.grounding ?? { checked: 0, ungrounded: [] };
    const ungrounded = Array.isArray(grounding.ungrounded) ? grounding.ungrounded : [];
    this.markUngrounded(ungrounded);
    const totalMs = performance.now() - this.started;
    const gaps = Array.isArray(data.data_gaps) ? data.data_gaps : [];
    const disclaimers = Array.isArray(data.disclaimers) ? data.disclaimers : [];
    const trace = Array.isArray(data.tool_trace) ? data.tool_trace : [];
    const cachedCount = trace.filter((t) => t.cached).length;
    const confidence = Number(data.confidence ?? 0);
    put(this.details,
      disclaimers.length ? el("ul", { class: "disclaimers", "aria-label": "Disclaimers" },
        disclaimers.map((d) => el("li", { class: "disclaimer", role: "note" }, d))) : null,
      el("p", { class: "grounding", dataset: { ungrounded: String(ungrounded.length) } },
        el("span", { class: "label" }, "figures "),
        `${fmt.num(Number(grounding.checked ?? 0))} checked against your data`,
        ungrounded.length ? ` · ${ungrounded.length} not found in it` : " · all found"),
      el("p", { class: "confidence" },
        el("span", { class: "label" }, "confidence "),
        el("meter", { min: 0, max: 1, low: 0.5, high: 0.8, optimum: 1, value: confidence }),
        ` ${fmt.pct(confidence)}`),
      gaps.length ? el("details", { class: "gaps" },
        el("summary", {}, `Data gaps (${gaps.length})`),
        el("ul", {}, gaps.map((g) => el("li", {}, el("strong", {}, g.field), `: ${g.description} ${g.suggestion}`)))) : null,
      el("p", { class: "stats" }, [
        data.provider ?? this.provider ?? "provider ?",
        `${this.tokenEvents} token events`,
        this.firstTokenMs === null ? "no tokens" : `first token ${fmt.num(this.firstTokenMs)} ms`,
        `${fmt.num(totalMs)} ms total`,
        `${trace.length} tool call${trace.length === 1 ? "" : "s"}${trace.length ? ` (${cachedCount} cached)` : ""}`,
        this.keepAlives ? `${this.keepAlives} keep-alive${this.keepAlives === 1 ? "" : "s"}` : null,
      ].filter(Boolean).join(" · ")));
  }

  /** Show on each card the arguments the tool ran with (validated, defaults filled in: what
   * `/chat`'s `tool_trace` reports), and what the model sent when that differs (`tool_start`
   * carries the model's raw arguments, e.g. `{}` for "use the defaults"). `calls` are this
   * turn's logged tool calls; a name that repeats is matched in order. */
  showArguments(calls) {
    const cards = [...this.tools.children];
    const taken = new Set();
    for (const item of calls) {
      const card = cards.find((c) => !taken.has(c) && c.dataset.tool === item.tool_name);
      if (!card) continue;
      taken.add(card);
      const ran = String(item.input_summary ?? "");
      const sent = card.dataset.sent ?? "";
      card.dataset.args = ran;
      put(card.querySelector(".tool-input"),
        el("span", { class: "label" }, "input "),
        el("code", { class: "tool-args" }, ran || "{}"),
        ran !== sent ? el("span", { class: "tool-sent" }, " · the model sent ", el("code", {}, sent)) : null);
    }
  }

  /** Mark each figure of the answer that matched nothing in the user's data (the `done` event's
   * `grounding.ungrounded`): found in order, case-insensitively, and wrapped in a <mark>. */
  markUngrounded(figures) {
    if (!figures.length) return;
    this.root.dataset.grounding = "ungrounded";
    const text = this.text.data;
    const lower = text.toLowerCase();
    const nodes = [];
    let at = 0;
    for (const figure of figures) {
      const needle = String(figure.text ?? "").toLowerCase();
      const found = needle ? lower.indexOf(needle, at) : -1;
      if (found < 0) continue;
      nodes.push(document.createTextNode(text.slice(at, found)));
      nodes.push(el("mark", { class: "ungrounded", title: `Not in your data (${figure.value} ${figure.unit})` },
        text.slice(found, found + needle.length)));
      at = found + needle.length;
    }
    if (!nodes.length) return;
    nodes.push(document.createTextNode(text.slice(at)));
    this.text.replaceWith(...nodes);
    this.text = nodes[nodes.length - 1];
  }

  /** Show a failure as its message; `source` says where it came from (the stream's `error`
   * event, an HTTP error before the stream opened, or the network). */
  error(message, source) {
    this.state = "error";
    this.root.dataset.errorSource = source;
    this.details.append(el("p", { class: "error", role: "alert" }, message));
  }

  stopped() {
    this.state = "stopped";
    this.details.append(el("p", { class: "muted" }, "Stopped. Nothing of this exchange was stored."));
  }

  /** Mark the turn with the policy violations logged for it (blocked, flagged, modified). */
  violations(rows) {
    if (!rows.length) return;
    const strongest = rows.reduce((a, b) => (ACTION_RANK[b.action_taken] > ACTION_RANK[a.action_taken] ? b : a));
    this.root.dataset.policy = strongest.action_taken;
    this.marks.hidden = false;
    put(this.marks, rows.map((v) => el("li", { class: `mark ${v.action_taken}`, dataset: { rule: v.rule_id ?? "" } },
      el("strong", {}, `${ACTION_LABEL[v.action_taken] ?? v.action_taken}: ${v.violation_type}`),
      ` · ${v.direction} · action ${v.action_taken} · rule ${v.rule_id ?? "—"} · ${v.severity} · ${v.source}`,
      v.score != null ? ` · model score ${v.score.toFixed(2)}` : null,
      v.guard_model ? ` (${v.guard_model})` : null)));
  }
}
