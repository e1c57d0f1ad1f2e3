"""Which provider a request last called, for the `X-Coach-Provider` header.

The API installs one mutable `ProviderTrail` per request (`provider_trail()`); the fallback
provider notes each provider it calls (`note_provider`). A trail is an object, not a value
in the context variable, so a note made inside a task the request spawned (a context copy)
still reaches the request's trail. Outside a request (a CLI run, a test calling a provider
directly) there is no trail and notes go nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(slots=True)
class ProviderTrail:
    """`last`: the provider the request called most recently (the one whose answer, or whose
    error, the response carries); None while no provider has been called."""

    last: str | None = None


_TRAIL: ContextVar[ProviderTrail | None] = ContextVar("coach_provider_trail", default=None)


@contextmanager
def provider_trail() -> Iterator[ProviderTrail]:
    """A fresh trail for the code run inside (one request)."""
    trail = ProviderTrail()
    token = _TRAIL.set(trail)
    try:
        yield trail
    finally:
        _TRAIL.reset(token)


def note_provider(name: str) -> None:
    """Record that `name` is being called for the current request (if there is one)."""
    trail = _TRAIL.get()
    if trail is not None:
        trail.last = name


def last_provider() -> str | None:
    """The provider the current request called most recently (None outside a request, or
    before any call): names who wrote a streamed answer that was cut off before it finished."""
    trail = _TRAIL.get()
    return None if trail is None else trail.last
