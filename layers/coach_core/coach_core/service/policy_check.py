"""`coach policy-check --guard moderation|llm`: the guard as the plain (text, direction)
function the pure evaluator takes, on one event loop for the whole run."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Literal

from coach_core.guard import build_guard
from coach_core.guard.verdict import Direction
from coach_core.settings import get_settings


@contextmanager
def guard_check(kind: Literal["moderation", "llm"]) -> Iterator[Callable[[str, str], dict[str, Any]]]:
    from coach_core.service import make_provider  # the composer's provider factory

    settings = get_settings().model_copy(update={"safety_guard": kind, "safety_guard_cache_seconds": 0})
    runner = build_guard(settings, make_provider)
    assert runner is not None
    loop = asyncio.Runner()

    def check(text: str, direction: str) -> dict[str, Any]:
        side: Direction = "output" if direction == "output" else "input"
        verdict = loop.run(runner.check(text, side))
        return {"verdict": verdict.verdict, "guard": verdict.guard, "model": verdict.model}

    try:
        yield check
    finally:
        loop.run(runner.aclose())
        loop.close()
