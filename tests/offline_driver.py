"""Drive the offline model through a turn without a database: its tool calls are answered from
a fixed set of tool outputs (name → result JSON), as the registry would answer them, until it
answers in text. Shared by the intent-table tests and the grounding tests."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from coach_core.context_builder import context_facts
from coach_core.domain.adherence import adherence_metrics, current_streak
from coach_core.domain.formulas import calculate_tdee, nutrition_summary, recent_checkins, user_profile, weight_trend
from coach_core.domain.outputs import ToolOutput
from coach_core.models import CheckIn, Goal, NutritionLog, Profile, Streaks, UserData
from coach_core.providers.base import Message, ToolCall, ToolDefinition
from coach_core.providers.offline import OfflineProvider
from coach_core.service import OFFLINE_KIT
from coach_core.tools import default_tools
from coach_core.tools.registry import canonical_json

TOOLS = [ToolDefinition(t.name, t.description, t.parameters_schema()) for t in default_tools()]
MAX_ROUNDS = 5


@dataclass(frozen=True)
class Turn:
    """What the model did: its tool rounds (the calls it sent, in order) and its answer."""

    rounds: tuple[tuple[ToolCall, ...], ...]
    text: str
    outputs: tuple[str, ...]
    """The result JSON of every call, in call order (what grounds the answer)."""

    @property
    def tools(self) -> list[list[str]]:
        return [[c.name for c in calls] for calls in self.rounds]

    @property
    def arguments(self) -> dict[str, str]:
        return {c.name: c.arguments for calls in self.rounds for c in calls}


def drive(
    question: str,
    outputs: Mapping[str, str],
    history: Sequence[Message] = (),
    tools: Sequence[ToolDefinition] = TOOLS,
) -> Turn:
    """One turn of the offline model on `question` (after `history`)."""
    provider = OfflineProvider(OFFLINE_KIT)
    messages = [*history, Message.user(question)]
    rounds: list[tuple[ToolCall, ...]] = []
    sent: list[str] = []
    for _ in range(MAX_ROUNDS):
        step = provider.reply(messages, tools)
        if not step.calls:
            return Turn(tuple(rounds), step.text, tuple(sent))
        rounds.append(step.calls)
        messages.append(Message.assistant(step.text, step.calls))
        for call in step.calls:
            sent.append(outputs[call.name])
            messages.append(Message.tool_result(call, outputs[call.name]))
    raise AssertionError(f"no answer after {MAX_ROUNDS} rounds: {rounds}")


def user_outputs(
    profile: Profile, checkins: Sequence[CheckIn], nutrition: Sequence[NutritionLog], today: dt.date, window: int = 14
) -> dict[str, str]:
    """The six tools' result JSON for a user, computed by the domain formulas and serialised as
    the registry serialises them."""
    streaks = Streaks(
        checkin=current_streak({c.date for c in checkins}, today),
        logging=current_streak({n.date for n in nutrition}, today),
    )
    outputs: dict[str, ToolOutput] = {
        "get_weight_trend": weight_trend(checkins, today, 30),
        "get_nutrition_summary": nutrition_summary(nutrition, today, window),
        "calculate_tdee": calculate_tdee(profile, checkins, today),
        "get_adherence_metrics": adherence_metrics(checkins, nutrition, today, window, streaks),
        "get_recent_checkins": recent_checkins(checkins, today, window),
        "get_user_profile": user_profile(profile, today),
    }
    return {name: canonical_json(o.model_dump(mode="json")) for name, o in outputs.items()}


TODAY = dt.date(2026, 11, 15)


def floor_user() -> tuple[dict[str, str], dict[str, Any]]:
    """A small, sedentary user losing weight: the 1,200 kcal floor is above their TDEE (the
    issue's case: 1,200 against a TDEE near 1,100). (tool outputs, context facts)"""
    profile = Profile(
        id=uuid.UUID(int=1),
        birth_date=dt.date(1961, 3, 2),
        sex="female",
        height_cm=150.0,
        activity_level="sedentary",
        goal=Goal(type="lose", target_rate_kg_per_week=0.5),
    )
    checkins = [
        CheckIn(
            date=TODAY - dt.timedelta(days=i), weight_kg=round(41.0 + 0.02 * i, 2), energy=3, sleep_hours=7.0, mood=4
        )
        for i in range(20)
    ]
    nutrition = [
        NutritionLog(date=TODAY - dt.timedelta(days=i), calories=1450, protein_g=60.0, carbs_g=170.0, fat_g=50.0)
        for i in range(0, 20, 2)
    ]
    data = UserData(profile=profile, checkins=checkins, nutrition=nutrition, today=TODAY)
    return user_outputs(profile, checkins, nutrition, TODAY), context_facts(data)


def sparse_user() -> tuple[dict[str, str], dict[str, Any]]:
    """A new user: no birth date, height or activity level, two weigh-ins, meals without macros."""
    profile = Profile(id=uuid.UUID(int=2), sex="male")
    checkins = [CheckIn(date=TODAY - dt.timedelta(days=i), weight_kg=88.4 - 0.1 * i) for i in (0, 3)]
    nutrition = [NutritionLog(date=TODAY - dt.timedelta(days=1), calories=2300)]
    data = UserData(profile=profile, checkins=checkins, nutrition=nutrition, today=TODAY)
    return user_outputs(profile, checkins, nutrition, TODAY), context_facts(data)
