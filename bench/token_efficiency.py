"""5. Token efficiency: o200k_base tokens of the compact context summary versus the verbose
JSON rendering of the same facts, for every demo user (loaded from PostgreSQL through the
real `ContextBuilder`).

Budget: ≥ 50% fewer tokens for every demo user, with no field dropped that the verbose
form has. "No field dropped" is checked by perturbation: each leaf of the facts dict the
verbose form is rendered from is changed in turn, and the compact rendering must change
with it (a field the compact form ignored would leave it identical).
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Iterator
from typing import Any

from bench._common import import_demo_users, result, throwaway_database
from coach_core.context_builder import context_facts
from coach_core.models import UserData

BUDGET_REDUCTION = 0.50
SENTINELS: tuple[Any, ...] = (987.6, "zqxv", ["zqxv"], None, "2099-01-01", "male", "female")


def verbose_context(data: UserData) -> str:
    """The baseline: the same facts as `compact_summary`, as indented JSON with spelled-out names."""
    return json.dumps(context_facts(data), indent=2, ensure_ascii=False)


def _leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    if isinstance(node, dict) and node:
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    else:
        yield path, node


def _set(facts: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(facts)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _at(facts: dict[str, Any], path: tuple[str, ...]) -> Any:
    node: Any = facts
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def dropped_fields(facts: dict[str, Any], others: list[dict[str, Any]] = ()) -> list[str]:  # type: ignore[assignment]
    """Leaves of `facts` whose value the compact rendering does not depend on.

    Each leaf is replaced in turn by a different value (a shifted number, sentinels, or the
    value another user has there, e.g. a goal object where this user has none); the leaf is
    kept if some replacement the renderer accepts changes the rendering."""
    from coach_core.context_builder import render_compact

    baseline = render_compact(facts)
    dropped = []
    for path, value in _leaves(facts):
        shifted = value + 7 if isinstance(value, int | float) and not isinstance(value, bool) else None
        candidates = [shifted, *SENTINELS, *(_at(other, path) for other in others)]
        kept = False
        for candidate in candidates:
            if candidate == value:
                continue
            try:
                rendered = render_compact(_set(facts, path, candidate))
            except (KeyError, TypeError, ValueError, AttributeError):
                continue
            if rendered != baseline:
                kept = True
                break
        if not kept:
            dropped.append(".".join(path))
    return dropped


async def _measure(database_url: str) -> list[dict[str, Any]]:
    from bench.o200k import count_tokens
    from coach_core.context_builder import ContextBuilder, compact_summary
    from coach_core.db.connection import PoolDatabase

    users = await import_demo_users(database_url)
    db = PoolDatabase(database_url, max_size=2)
    rows = []
    try:
        builder = ContextBuilder()
        contexts = {name: (await builder.build(db, user_id)).data for name, user_id in users.items()}
        all_facts = {name: context_facts(data) for name, data in contexts.items()}
        for name, data in contexts.items():
            facts = all_facts[name]
            compact = compact_summary(data)
            verbose = verbose_context(data)
            minified = json.dumps(facts, separators=(",", ":"), ensure_ascii=False)
            compact_tokens, verbose_tokens = count_tokens(compact), count_tokens(verbose)
            minified_tokens = count_tokens(minified)
            others = [f for other, f in all_facts.items() if other != name]
            rows.append(
                {
                    "user": name,
                    "compact_tokens": compact_tokens,
                    "verbose_tokens": verbose_tokens,
                    "minified_json_tokens": minified_tokens,
                    "reduction": round(1 - compact_tokens / verbose_tokens, 4),
                    "reduction_vs_minified_json": round(1 - compact_tokens / minified_tokens, 4),
                    "fields": sum(1 for _ in _leaves(facts)),
                    "dropped_fields": dropped_fields(facts, others),
                    "compact_summary": compact,
                }
            )
    finally:
        await db.close()
    return rows


def run() -> dict[str, Any]:
    from bench.o200k import self_check

    check = self_check()
    with throwaway_database("tokens") as url:
        rows = asyncio.run(_measure(url))
    worst = min(r["reduction"] for r in rows)
    dropped = sorted({f for r in rows for f in r["dropped_fields"]})
    tokenizer_ok = check["known_counts_ok"] and check["agrees_with_quicktok"]
    passed = worst >= BUDGET_REDUCTION and not dropped and tokenizer_ok
    figure = f"{worst:.0%} fewer tokens (worst of {len(rows)} users); fields dropped: {len(dropped)}"
    return result(
        "5. Token efficiency",
        figure=figure,
        budget="≥ 50% fewer, no field dropped",
        passed=passed,
        figures={
            "encoding": "o200k_base (OpenAI ranks from quicktok-v1, SHA-256 checked against tiktoken's pin)",
            "tokenizer_check": check,
            "users": rows,
            "worst_reduction": worst,
            "mean_reduction": round(sum(r["reduction"] for r in rows) / len(rows), 4),
            "dropped_fields": dropped,
        },
    )
