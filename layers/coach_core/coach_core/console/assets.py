"""The console's static files and the headers every console response carries.

Files are served from the package's `static/` folder by an explicit suffix → content-type
table (no guessing, `nosniff`), never outside that folder. The Content-Security-Policy allows
only same-origin scripts, styles, images and connections: no inline script or style, no
eval, no CDN, no framing; Trusted Types make any string-to-HTML sink throw.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import as_file, files
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types 'none'",
    )
)

SECURITY_HEADERS: Mapping[str, str] = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
}

MEDIA_TYPES: Mapping[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}
PLAIN_NAMES = frozenset({"LICENSE"})
"""Suffix-less files that may be served (a vendored library's licence), as plain text."""


def static_root() -> Path:
    """The `static/` folder of the installed package (a real directory: the package is a
    plain or editable install, never a zip)."""
    with as_file(files("coach_core.console") / "static") as path:
        return Path(path).resolve()


def media_type(path: Path) -> str | None:
    if path.name in PLAIN_NAMES:
        return "text/plain; charset=utf-8"
    return MEDIA_TYPES.get(path.suffix)


def find_asset(relative: str) -> tuple[Path, str] | None:
    """The file under `static/` and its content type, or None (missing, outside the folder,
    hidden, or of a type the console does not serve)."""
    root = static_root()
    candidate = (root / relative).resolve()
    if not candidate.is_relative_to(root) or not candidate.is_file():
        return None
    if any(part.startswith(".") for part in candidate.relative_to(root).parts):
        return None
    kind = media_type(candidate)
    return (candidate, kind) if kind else None


class ConsoleHeadersMiddleware:
    """Adds `SECURITY_HEADERS` to every response under `prefix` (pages, files, JSON and
    errors alike) and at each of the `exact` paths (the dev home page `/`); API responses also
    get `Cache-Control: no-store`."""

    def __init__(self, app: ASGIApp, prefix: str, api_prefix: str, exact: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.prefix = prefix
        self.api_prefix = api_prefix
        self.exact = exact

    def _covers(self, path: str) -> bool:
        return path == self.prefix or path.startswith(self.prefix + "/") or path in self.exact

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or not self._covers(path):
            await self.app(scope, receive, send)
            return
        extra = dict(SECURITY_HEADERS)
        if path.startswith(self.api_prefix + "/"):
            extra["cache-control"] = "no-store"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.decode("latin-1").lower() not in extra]
                headers += [(k.encode("latin-1"), v.encode("latin-1")) for k, v in extra.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
