// HTTP and SSE for the console: JSON requests with the bearer token, and the chat stream
// read with fetch() + ReadableStream (EventSource cannot POST or send a header). Framing is
// left to the vendored, spec-complete eventsource-parser; this file only knows the contract
// of docs/API.md: each event is {"type", "data"}, the last one is `done` or `error`.

import { EventSourceParserStream } from "./vendor/eventsource-parser/stream.js";

export const API = "/api/v1/coach";
export const CONSOLE_API = "/console/api";

/** A failed request, with a message fit to show (the server's `detail`, never a stack). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** The user-facing text of an error body: `detail` as a string, or 422 field errors. */
export function detailText(status, body) {
  const detail = body && body.detail;
  if (typeof detail === "string" && detail) return detail;
  if (Array.isArray(detail) && detail.length) {
    return detail
      .map((e) => {
        const where = Array.isArray(e?.loc) ? e.loc.filter((p) => p !== "body").join(".") : "";
        return where ? `${where}: ${e?.msg ?? "invalid value"}` : String(e?.msg ?? "Invalid request.");
      })
      .join("; ");
  }
  return `The server answered ${status}.`;
}

function headers(token, json) {
  const h = { Accept: "application/json" };
  if (token) h.Authorization = `Bearer ${token}`;
  if (json) h["Content-Type"] = "application/json";
  return h;
}

async function send(path, { token, method = "GET", body, signal, accept } = {}) {
  const init = { method, headers: headers(token, body !== undefined), cache: "no-store", signal };
  if (accept) init.headers.Accept = accept;
  if (body !== undefined) init.body = JSON.stringify(body);
  try {
    return await fetch(path, init);
  } catch (err) {
    if (err?.name === "AbortError") throw err;
    throw new ApiError(0, "Could not reach the coach server.");
  }
}

async function failure(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return new ApiError(response.status, detailText(response.status, body));
}

/**
 * A JSON request. Resolves with {data, provider}; rejects with an ApiError carrying the
 * server's `detail` (401, 404, 422, 5xx alike).
 */
export async function requestJson(path, options = {}) {
  const response = await send(path, options);
  const provider = response.headers.get("X-Coach-Provider");
  if (!response.ok) throw await failure(response);
  try {
    return { data: await response.json(), provider };
  } catch {
    throw new ApiError(response.status, "The server sent a response the console cannot read.");
  }
}

/** Turn a byte stream of SSE records into parsed `{type, data}` events. */
export function sseEvents(byteStream, { onComment } = {}) {
  return byteStream
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ onComment }))
    .pipeThrough(
      new TransformStream({
        transform(message, controller) {
          let event;
          try {
            event = JSON.parse(message.data);
          } catch {
            controller.error(new ApiError(0, "The stream sent an event the console cannot read."));
            return;
          }
          controller.enqueue(event);
        },
      }),
    );
}

/**
 * POST /chat/stream and hand every event to `onEvent` as it arrives. `onOpen(provider)`
 * runs once the response headers are in. Resolves with the terminal event type (`done` or
 * `error`); rejects with an ApiError before the stream opens (401, 404, 422, …) or if it
 * ends without a terminal event, and with an AbortError when `signal` aborts.
 */
export async function streamChat({ token, message, sessionId, signal, onOpen, onEvent, onComment }) {
  const body = { message, session_id: sessionId ?? null };
  const response = await send(`${API}/chat/stream`, {
    token, method: "POST", body, signal, accept: "text/event-stream",
  });
  if (!response.ok) throw await failure(response);
  onOpen?.(response.headers.get("X-Coach-Provider"));
  const reader = sseEvents(response.body, { onComment }).getReader();
  let terminal = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      onEvent(value);
      if (value.type === "done" || value.type === "error") terminal = value.type;
    }
  } catch (err) {
    if (err?.name === "AbortError" || err instanceof ApiError) throw err;
    throw new ApiError(0, "The connection dropped before the answer was complete.");
  } finally {
    reader.releaseLock();
  }
  if (terminal === null) throw new ApiError(0, "The stream ended before the answer was complete.");
  return terminal;
}

/** The `sub` claim of a JWT, for display only (the server verifies the token). */
export function tokenSubject(token) {
  try {
    const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    const padded = part + "=".repeat((4 - (part.length % 4)) % 4);
    const claims = JSON.parse(atob(padded));
    return typeof claims.sub === "string" ? claims.sub : null;
  } catch {
    return null;
  }
}
