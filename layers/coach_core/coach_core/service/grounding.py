"""Numeric grounding in a chat turn: what the pure check (`coach_core.grounding`) needs from the
turn, and what its report becomes: the response's `grounding`, the user's disclaimer, the
turn's log row, the metrics, and (`COACH_GROUNDING_REPAIR`, `/chat` only) one repair round.

The references are this turn's tool outputs, the user context the model was given (the same
facts the system prompt's line is rendered from), the user's own messages in the session (the
stored conversation and this message) and the documented policy constants.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coach_core.context_builder import UserContext, context_facts
from coach_core.grounding import GroundingReport, References, UngroundedFigure, build_references, check_text
from coach_core.guard import GuardRunner
from coach_core.models import ChatTurn, TurnLogRow, UngroundedFigureLog
from coach_core.observability import emit_grounding, log_exception
from coach_core.orchestrator import OrchestratorResult, cut_is_billable
from coach_core.policies.engine import SafetyPolicyEngine
from coach_core.policies.types import PolicyResult
from coach_core.prompts.grounding_prompt import repair_prompt, ungrounded_disclaimer
from coach_core.providers.attribution import last_provider
from coach_core.providers.base import LLMProvider, LLMResponse, Message, Usage, estimate_prompt_tokens
from coach_core.schemas import Grounding, UngroundedFigureItem
from coach_core.service.metering import UsageMeter

MAX_LOGGED_TEXT = 40
MAX_REPAIR_VALUES = 40
_HAS_UNIT_RE = re.compile(r"[a-z%/]", re.IGNORECASE)


_FACTS: OrderedDict[tuple[uuid.UUID, dt.date, int], dict[str, Any]] = OrderedDict()
FACTS_CACHE_SIZE = 256


def _facts(context: UserContext) -> dict[str, Any]:
    """The context facts the prompt's line was rendered from, once per user, day and data
    version (the context itself is cached the same way)."""
    data = context.data
    key = (data.profile.id, data.today, data.data_version)
    facts = _FACTS.get(key)
    if facts is None:
        facts = _FACTS[key] = context_facts(data)
        while len(_FACTS) > FACTS_CACHE_SIZE:
            _FACTS.popitem(last=False)
    return facts


def turn_references(
    context: UserContext, history: Sequence[ChatTurn], message: str, tool_outputs: Sequence[str]
) -> References:
    """Everything this turn's figures may be grounded in (see the module docstring): `history`
    is the session's stored conversation, whose user messages count with this one."""
    said = [t.content for t in history if t.role == "user"] + [message]
    return build_references(tool_outputs, _facts(context), said)


def _named(figure: UngroundedFigure) -> str:
    """The figure with its unit ("82.4" of "from 82.4 to 80.9 kg" is named "82.4 kg")."""
    return figure.text if _HAS_UNIT_RE.search(figure.text) else f"{figure.text} {figure.unit}"


def as_schema(report: GroundingReport) -> Grounding:
    return Grounding(
        checked=report.checked,
        ungrounded=[UngroundedFigureItem(text=u.text, value=u.value, unit=u.unit) for u in report.ungrounded],
    )


def disclaimer(report: GroundingReport) -> list[str]:
    """The user's disclaimer: each ungrounded figure and, where the data has one, its value."""
    if not report.ungrounded:
        return []
    return [
        ungrounded_disclaimer(
            [
                (_named(u), u.expected.shown if u.expected else None, u.expected.label if u.expected else None)
                for u in report.ungrounded
            ]
        )
    ]


def log_row(report: GroundingReport, provider: str | None, finish_reason: str, *, repaired: bool = False) -> TurnLogRow:
    """The turn's log row; the figure texts are cut short (they are the model's words)."""
    return TurnLogRow(
        provider=provider,
        finish_reason=finish_reason,
        figures_checked=report.checked,
        ungrounded=[
            UngroundedFigureLog(
                text=u.text[:MAX_LOGGED_TEXT],
                value=u.value,
                unit=u.unit,
                expected=u.expected.shown if u.expected else None,
            )
            for u in report.ungrounded
        ],
        grounding_repaired=repaired,
    )


def emit(report: GroundingReport) -> None:
    emit_grounding(report.checked, len(report.ungrounded))


def data_values(refs: References) -> list[str]:
    """The values the model was given, one line each ("7-day average weight: 69.79 kg"), for the
    repair prompt: tool and context values only, no daily points, no derived values."""
    seen: dict[str, None] = {}
    for kind_refs in refs.by_kind.values():
        for r in kind_refs:
            if r.source in ("tool", "context") and not r.series and r.needs_cue is None and r.shown:
                seen.setdefault(f"{r.label}: {r.shown}", None)
    return list(seen)[:MAX_REPAIR_VALUES]


@dataclass(frozen=True, slots=True)
class Repair:
    text: str
    response: LLMResponse


async def repair(
    provider: LLMProvider,
    meter: UsageMeter,
    *,
    system: str,
    messages: Sequence[Message],
    answer: str,
    report: GroundingReport,
    refs: References,
    model_tier: str,
) -> Repair | None:
    """One round: the model sees its answer, the ungrounded figures and the data's values, and
    answers again with no tools. None when it fails or answers with nothing (the original answer
    stands, with its disclaimer); the caller checks the new text again. The call is billed like
    any other (`meter`), an estimate when it is cut."""
    figures = [
        f"{_named(u)} (nearest value in the data: {u.expected.shown}, {u.expected.label})" if u.expected else _named(u)
        for u in report.ungrounded
    ]
    conversation = [*messages, Message.assistant(answer), Message.user(repair_prompt(figures, data_values(refs)))]
    try:
        response = await provider.complete(system=system, messages=conversation, tools=[], model_tier=model_tier)
    except BaseException as exc:  # the answer already passed every check: a failed repair keeps it
        if cut_is_billable(exc, False):
            estimate = Usage(estimate_prompt_tokens(system, conversation, []), 0)
            meter.provider(last_provider() or provider.name, estimate, estimated=True)
        if not isinstance(exc, Exception):
            raise
        log_exception("grounding repair failed", exc)
        return None
    meter.provider(response.provider or provider.name, response.usage, estimated=False)
    text = (response.text or "").strip()
    if not text or response.tool_calls:
        return None
    return Repair(text, response)


@dataclass(frozen=True, slots=True)
class Repaired:
    """The turn after a repair round: its result (the corrected text, the round's usage added),
    the output check of the corrected text, and the guard's tokens spent on it."""

    result: OrchestratorResult
    checked: PolicyResult
    guard_tokens: int


async def repair_turn(
    provider: LLMProvider,
    policies: SafetyPolicyEngine,
    guard: GuardRunner | None,
    meter: UsageMeter,
    *,
    user_id: uuid.UUID,
    system: str,
    messages: Sequence[Message],
    result: OrchestratorResult,
    refs: References,
    model_tier: str,
) -> Repaired | None:
    """`/chat` with `COACH_GROUNDING_REPAIR`: when the answer has ungrounded figures, one repair
    round; the corrected answer replaces it only if it passes the output rules and the guard
    (the corrected text is checked for grounding again by the caller). None: keep the answer."""
    report = check_text(result.text, refs)
    if not report.ungrounded:
        return None
    fixed = await repair(
        provider,
        meter,
        system=system,
        messages=messages,
        answer=result.text,
        report=report,
        refs=refs,
        model_tier=model_tier,
    )
    if fixed is None:
        return None
    checked = policies.check_output(fixed.text)
    verdict = None if guard is None else await guard.check(fixed.text, "output", user_id=user_id, bill=meter.guard)
    guard_tokens = verdict.tokens if verdict is not None else 0
    if checked.replaces_message or (verdict is not None and verdict.is_crisis):
        return None
    answered_by = fixed.response.provider or result.provider
    by_provider = dict(result.usage_by_provider)
    by_provider[answered_by] = (
        by_provider[answered_by] + fixed.response.usage if answered_by in by_provider else (fixed.response.usage)
    )
    return Repaired(
        dataclasses.replace(
            result, text=fixed.text, usage=result.usage + fixed.response.usage, usage_by_provider=by_provider
        ),
        checked,
        guard_tokens,
    )
