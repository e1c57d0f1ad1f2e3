// The console page: who is talking (a demo user or a pasted token), which session, the
// streamed conversation and the side panel. State lives in one object; every request goes to
// the same origin (CSP connect-src 'self').

import { API, ApiError, CONSOLE_API, requestJson, streamChat, tokenSubject } from "./api.js";
import { byId, el, put } from "./dom.js";
import { clearPanel, panelError, renderContext, renderInsights, renderPlan, revealPlan } from "./panel.js";
import { CoachTurn, historyBubble, userBubble } from "./turn.js";

const state = {
  users: [],
  token: null,
  label: "",
  sessionId: null,
  seenViolations: new Set(),
  controller: null,
  provider: null,
  generation: 0, // bumped when the identity changes: late answers for the old user are dropped
};

const ui = {
  user: byId("user"), userAbout: byId("user-about"), tokenForm: byId("token-form"), tokenInput: byId("token"),
  sessionId: byId("session-id"), newSession: byId("new-session"), resumeForm: byId("resume-form"),
  resumeId: byId("resume-id"), provider: byId("provider"), status: byId("status"), log: byId("log"),
  composer: byId("composer"), message: byId("message"), send: byId("send"), stop: byId("stop"),
  planButton: byId("plan-button"),
};

function setStatus(text, kind = "info") {
  ui.status.textContent = text;
  ui.status.dataset.kind = kind;
}

function setProvider(name) {
  if (!name) return;
  state.provider = name;
  ui.provider.textContent = name;
}

function errorMessage(err) {
  return err instanceof ApiError ? err.message : "Something went wrong in the console.";
}

function setSession(id) {
  state.sessionId = id;
  ui.sessionId.textContent = id ?? "new";
}

function busy() {
  return state.controller !== null;
}

function syncControls() {
  const ready = state.token !== null;
  ui.message.disabled = !ready;
  ui.send.disabled = !ready || busy();
  ui.planButton.disabled = !ready;
  ui.stop.hidden = !busy();
}

function scrollToEnd() {
  ui.log.scrollTop = ui.log.scrollHeight; // the log scrolls, never the page
}

async function get(path) {
  const { data, provider } = await requestJson(path, { token: state.token });
  setProvider(provider);
  return data;
}

// --- identity and the side panel ------------------------------------------------------------

async function loadUsers() {
  try {
    const { data } = await requestJson(`${CONSOLE_API}/users`);
    state.users = data.users;
    for (const u of data.users) {
      // The name alone, so the closed picker never cuts it; the description shows beside it.
      const label = u.seeded ? u.name : `${u.name} (not seeded)`;
      ui.user.append(el("option", { value: u.user_id, disabled: !u.seeded || !u.token, title: about(u) }, label));
    }
    if (!data.minting) setStatus("This server verifies RS256 tokens: paste a token to chat.", "warn");
  } catch (err) {
    setStatus(`Could not list the demo users: ${errorMessage(err)}`, "error");
  }
}

/** A demo user's description, shown beside the picker (wrapping, never cut). */
function about(user) {
  return user.seeded ? user.description : "not seeded yet: run coach seed-demo";
}

async function useIdentity(token, label) {
  stopStream();
  state.generation += 1;
  state.token = token;
  state.label = label;
  ui.message.placeholder = `Message the coach as ${label} (Enter sends, Shift+Enter adds a line)`;
  startNewSession();
  syncControls();
  await loadPanel(state.generation);
}

async function loadPanel(generation) {
  clearPanel(`Loading ${state.label}…`);
  const [context, insights] = await Promise.allSettled([get(`${CONSOLE_API}/me/context`), get(`${API}/insights`)]);
  if (generation !== state.generation) return;
  if (context.status === "fulfilled") renderContext(context.value, state.label);
  else {
    byId("who").textContent = `${state.label}: ${errorMessage(context.reason)}`;
    panelError("chart", errorMessage(context.reason));
  }
  if (insights.status === "fulfilled") renderInsights(insights.value);
  else panelError("insights", errorMessage(insights.reason));
}

async function planWeek() {
  const generation = state.generation;
  ui.planButton.disabled = true;
  put(byId("plan"), el("p", { class: "muted" }, "Planning the week…"));
  revealPlan();
  try {
    const { data, provider } = await requestJson(`${API}/plan`, { token: state.token, method: "POST", body: {} });
    setProvider(provider);
    if (generation === state.generation) {
      renderPlan(data);
      revealPlan({ focus: true });
    }
  } catch (err) {
    if (generation === state.generation) {
      panelError("plan", errorMessage(err));
      revealPlan({ focus: true });
    }
  } finally {
    syncControls();
  }
}

// --- sessions ----------------------------------------------------------------------------------

function startNewSession() {
  setSession(null);
  state.seenViolations = new Set();
  put(ui.log);
  setStatus(state.token ? `New session with ${state.label}.` : "");
}

async function violationsFor(sessionId) {
  const body = await get(`${CONSOLE_API}/sessions/${sessionId}/violations`);
  const fresh = body.violations.filter((v) => !state.seenViolations.has(v.id));
  for (const v of body.violations) state.seenViolations.add(v.id);
  return fresh;
}

/** The arguments each tool of the turn that just ended ran with: its `count` newest logged
 * calls (`done` does not carry them; the stream's `tool_start` has the model's own). */
async function toolCallsFor(sessionId, count) {
  if (count === 0) return [];
  const body = await get(`${CONSOLE_API}/sessions/${sessionId}/tool-calls`);
  return body.tool_calls.slice(-count);
}

async function resume(id) {
  if (!state.token) return setStatus("Choose a user first.", "warn");
  stopStream();
  try {
    const session = await get(`${CONSOLE_API}/sessions/${encodeURIComponent(id)}`);
    put(ui.log, session.history.map((t) =>
      (t.role === "user" ? userBubble(t.content, { fromHistory: true }) : historyBubble(t.content))));
    setSession(session.session_id);
    state.seenViolations = new Set();
    const logged = await violationsFor(session.session_id);
    const note = session.status === "EXPIRED" ? " It has expired: your next message starts a new session." : "";
    setStatus(`Resumed session ${session.session_id}: ${session.message_count} messages, `
      + `${session.tokens_used} tokens, ${logged.length} policy violation(s) logged.${note}`);
    scrollToEnd();
  } catch (err) {
    setStatus(`Could not resume: ${errorMessage(err)}`, "error");
  }
}

// --- chatting ------------------------------------------------------------------------------------

function stopStream() {
  if (state.controller) state.controller.abort();
}

async function send(text) {
  const generation = state.generation;
  const turn = new CoachTurn();
  ui.log.append(userBubble(text), turn.root);
  scrollToEnd();
  state.controller = new AbortController();
  syncControls();
  const sentWith = state.sessionId;
  try {
    let toolCount = 0;
    const ended = await streamChat({
      token: state.token, message: text, sessionId: sentWith, signal: state.controller.signal,
      onOpen: (provider) => { setProvider(provider); turn.provider = provider; },
      onEvent: (event) => {
        turn.handle(event);
        if (event.type === "done" && generation === state.generation) {
          setSession(event.data.session_id);
          toolCount = Array.isArray(event.data.tool_trace) ? event.data.tool_trace.length : 0;
        }
        scrollToEnd();
      },
      onComment: () => { turn.keepAlives += 1; },
    });
    if (ended === "done" && generation === state.generation) {
      if (sentWith && sentWith !== state.sessionId) setStatus("That session had expired: a new one started.", "warn");
      const [violations, calls] = await Promise.all([
        violationsFor(state.sessionId),
        toolCallsFor(state.sessionId, toolCount).catch(() => []), // the cards keep what the model sent
      ]);
      turn.violations(violations);
      turn.showArguments(calls);
    }
  } catch (err) {
    if (err?.name === "AbortError") turn.stopped();
    else turn.error(errorMessage(err), err instanceof ApiError && err.status > 0 ? "http" : "network");
  } finally {
    state.controller = null;
    syncControls();
    scrollToEnd();
  }
}

// --- wiring --------------------------------------------------------------------------------------

ui.user.addEventListener("change", () => {
  const user = state.users.find((u) => u.user_id === ui.user.value);
  ui.userAbout.textContent = user ? about(user) : "";
  if (user) useIdentity(user.token, user.name);
});

ui.tokenForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const token = ui.tokenInput.value.trim();
  if (!token) return setStatus("Paste a token first.", "warn");
  ui.user.value = "";
  ui.userAbout.textContent = "";
  const sub = tokenSubject(token);
  useIdentity(token, sub ? `token for ${sub}` : "pasted token");
  ui.tokenInput.value = "";
});

ui.newSession.addEventListener("click", () => {
  stopStream();
  startNewSession();
  ui.message.focus();
});

ui.resumeForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const id = ui.resumeId.value.trim();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    setStatus("A session id is a UUID, e.g. 0d1f4c8e-5b0a-4a43-a1b2-5c7d9e0f1a2b.", "warn");
    return;
  }
  resume(id);
});

ui.composer.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = ui.message.value.trim();
  if (!text || !state.token || busy()) return;
  ui.message.value = "";
  send(text);
});

ui.message.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey
      && !event.isComposing) {
    event.preventDefault();
    ui.composer.requestSubmit();
  } else if (event.key === "Escape" && busy()) {
    stopStream();
  }
});

ui.stop.addEventListener("click", () => {
  stopStream();
  ui.message.focus();
});

ui.planButton.addEventListener("click", planWeek);

requestJson("/health").then(({ data }) => setProvider(data.provider), () => setProvider("unreachable"));
loadUsers();
syncControls();
