"""Keyed hashes that stand for an identity where a key or a row must not name it: HMAC-SHA256
with the server's secret (`Settings.hash_key`), so the same user always maps to the same value
while nobody without the secret can link a value to a user id or test a guess."""

from __future__ import annotations

import hashlib
import hmac

SEPARATOR = "\x1f"


def keyed_hash(key: bytes, *parts: str) -> str:
    """Hex HMAC-SHA256 of the parts joined by a unit separator (so ("ab", "c") != ("a", "bc"))."""
    return hmac.new(key, SEPARATOR.join(parts).encode(), hashlib.sha256).hexdigest()
