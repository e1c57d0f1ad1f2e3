"""Trigger sanitising for the violation log: e-mail addresses and phone numbers masked,
whitespace collapsed, at most TRIGGER_LIMIT characters, cut at word boundaries."""

from __future__ import annotations

import re

from coach_core.policies.text.regex import LazyPattern

TRIGGER_LIMIT = 200
_EMAIL_RE = LazyPattern(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE_RE = LazyPattern(r"(?<![\w+])\+?\(?[0-9][0-9()\s.-]{5,}[0-9](?![\w])")


def _mask_phone(m: re.Match[str]) -> str:
    digits = sum(ch.isdigit() for ch in m.group(0))
    return "[phone]" if digits >= 7 and "," not in m.group(0) else m.group(0)


def sanitize_trigger(text: str, limit: int = TRIGGER_LIMIT) -> str:
    """Mask e-mail addresses and phone numbers, collapse whitespace and truncate to `limit`."""
    masked = _PHONE_RE.sub(_mask_phone, _EMAIL_RE.sub("[email]", text))
    masked = " ".join(masked.split())
    if len(masked) > limit:
        masked = masked[: limit - 1].rstrip() + "…"
    return masked


def excerpt(text: str, start: int, end: int, limit: int = TRIGGER_LIMIT) -> str:
    """The sanitised words around text[start:end], cut at whitespace so no token is split."""
    room = max(0, (limit - (end - start)) // 2)
    lo = max(0, start - room)
    hi = min(len(text), end + room)
    if lo > 0:
        space = text.find(" ", lo, start)
        lo = space + 1 if space != -1 else start
    if hi < len(text):
        space = text.rfind(" ", end, hi)
        hi = space if space != -1 else end
    return sanitize_trigger(text[lo:hi], limit)
