"""User context for the system prompt, plus the confidence score and data gaps.

`ContextBuilder.build` loads the profile (with goal and data version), check-ins and
nutrition of the last 90 days and the current streaks in four pipelined queries (one round
trip). From that `UserData` it derives one `context_facts` dict (computed with the tools' own
formulas, so the prompt and the tools agree) and renders it as `compact_summary` (one line of
facts, then the profile text the user typed fenced as one JSON line per field, appended to the
system prompt; `bench/token_efficiency.py` measures it against the same facts as indented
JSON). Free text never reaches the prompt as free text: diet type, allergies and dislikes are
data inside the fence, escaped so no value can close it or start a paragraph.

Built contexts are cached per process, per user and day, with the user's data version: every
write to a user's rows gives it a new version (a database trigger), so a cached context is used
only while it is current and is never stale; a request whose user has not written since
costs one small query instead of four. Versions come from one database-wide sequence, so an
account erased and re-created under the same id never meets a version its predecessor had: no
process (each Lambda function has its own) can serve the erased data, whoever ran the erasure.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import OrderedDict
from typing import Any

from pydantic import BaseModel, ConfigDict

from coach_core.db.connection import Database
from coach_core.domain.adherence import adherence_metrics
from coach_core.domain.confidence import (
    CONFIDENCE_WINDOW_DAYS,
    INSIGHTS_WINDOW_DAYS,
    compute_confidence,
    compute_data_gaps,
)
from coach_core.domain.formulas import (
    CONTEXT_LOOKBACK_DAYS,
    age_years,
    checkin_averages,
    nutrition_summary,
    weight_trend,
    window_start,
)
from coach_core.errors import UserNotFoundError
from coach_core.models import DataGap, UserData, utctoday
from coach_core.prompts.fence import json_line
from coach_core.prompts.system_prompts import PROFILE_CLOSE, PROFILE_OPEN
from coach_core.repositories import users

CONTEXT_DAYS = CONTEXT_LOOKBACK_DAYS
"""History loaded for a chat (90 days)."""
WEIGHT_DAYS = 30
SUMMARY_DAYS = 14
CACHE_SIZE = 1024
MISSING = "?"
SEX_CODES = {"female": "F", "male": "M", "other": "other-sex"}

__all__ = [
    "CONFIDENCE_WINDOW_DAYS",
    "INSIGHTS_WINDOW_DAYS",
    "ContextBuilder",
    "DataGap",
    "UserContext",
    "compact_summary",
    "compute_confidence",
    "compute_data_gaps",
    "context_facts",
]


class UserContext(BaseModel):
    model_config = ConfigDict(frozen=True)

    summary: str
    confidence: float
    data_gaps: list[DataGap]
    data: UserData


class ContextBuilder:
    """Builds the per-request `UserContext`. One instance per process serves all requests;
    its only state is the version-keyed cache (safe to share: entries are immutable)."""

    def __init__(self, cache_size: int = CACHE_SIZE) -> None:
        self._cache: OrderedDict[tuple[uuid.UUID, dt.date], UserContext] = OrderedDict()
        self._cache_size = cache_size
        self.hits = 0

    def forget(self, user_id: uuid.UUID) -> None:
        """Drop this process's cached contexts of one user (an erasure in this process; other
        processes' entries can never match again, see the module docstring)."""
        for key in [k for k in self._cache if k[0] == user_id]:
            del self._cache[key]

    async def load(self, db: Database, user_id: uuid.UUID, today: dt.date | None = None) -> UserData:
        """Profile (+goal, data version), check-ins and nutrition of the last 90 days and the
        current streaks: four queries, one round trip."""
        today = today or utctoday()
        start = window_start(today, CONTEXT_DAYS)
        async with db.connection() as conn:
            bundle = await users.get_user_bundle(conn, user_id, start, today)
        if bundle.profile is None:
            raise UserNotFoundError(f"user {user_id} has no profile")
        return UserData(
            profile=bundle.profile,
            checkins=bundle.checkins,
            nutrition=bundle.nutrition,
            today=today,
            streaks=bundle.streaks,
            data_version=bundle.data_version,
        )

    async def build(self, db: Database, user_id: uuid.UUID, today: dt.date | None = None) -> UserContext:
        """The user's context. A user with a cached context for today costs one small query
        (their data version): unchanged → the cached context. Anyone else costs one round
        trip of four queries, as without a cache."""
        today = today or utctoday()
        key = (user_id, today)
        cached = self._cache.get(key)
        if cached is not None:
            async with db.connection() as conn:
                version = await users.get_data_version(conn, user_id)
            if version is None:
                self._cache.pop(key, None)
                raise UserNotFoundError(f"user {user_id} has no profile")
            if version == cached.data.data_version:
                self._cache.move_to_end(key)
                self.hits += 1
                return cached
        data = await self.load(db, user_id, today)
        context = UserContext(
            summary=compact_summary(data),
            confidence=compute_confidence(data, data.today),
            data_gaps=compute_data_gaps(data, data.today),
            data=data,
        )
        if self._cache_size:
            self._cache[key] = context
            self._cache.move_to_end(key)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return context


# --- the facts and their two renderings ---------------------------------------------------


def context_facts(data: UserData) -> dict[str, Any]:
    """Everything the prompt says about the user, by spelled-out name (the verbose form)."""
    p, today = data.profile, data.today
    trend = weight_trend(data.checkins, today, WEIGHT_DAYS)
    food = nutrition_summary(data.nutrition, today, SUMMARY_DAYS)
    moods = checkin_averages(data.checkins, today, SUMMARY_DAYS)
    streaks = adherence_metrics(data.checkins, data.nutrition, today, SUMMARY_DAYS, data.streaks)
    return {
        "user": {
            "age_years": age_years(p.birth_date, today),
            "sex": p.sex,
            "height_cm": p.height_cm,
            "activity_level": p.activity_level,
        },
        "diet": {"type": p.diet.type, "allergies": list(p.diet.allergies), "dislikes": list(p.diet.dislikes)},
        "goal": None
        if p.goal is None
        else {
            "type": p.goal.type,
            "target_weight_kg": p.goal.target_weight_kg,
            "target_rate_kg_per_week": p.goal.target_rate_kg_per_week,
        },
        "weight": {
            "latest_7_day_average_kg": trend.latest_average_kg,
            f"change_over_{WEIGHT_DAYS}_days_kg": trend.change_kg,
            "weekly_rate_kg": trend.weekly_rate_kg,
        },
        f"nutrition_last_{SUMMARY_DAYS}_days": {
            "average_calories": food.avg_calories,
            "average_protein_g": food.avg_protein_g,
            "average_carbs_g": food.avg_carbs_g,
            "average_fat_g": food.avg_fat_g,
            "logged_days": food.logged_days,
            "days": SUMMARY_DAYS,
        },
        f"checkins_last_{SUMMARY_DAYS}_days": {
            "checkin_days": moods.checkin_days,
            "days": SUMMARY_DAYS,
            "average_energy_1_to_5": moods.avg_energy,
            "average_sleep_hours": moods.avg_sleep_hours,
            "average_mood_1_to_5": moods.avg_mood,
        },
        "streaks": {
            "checkin_streak_days": streaks.checkin_streak,
            "logging_streak_days": streaks.logging_streak,
        },
        "today": today.isoformat(),
    }


def _v(value: Any) -> str:
    """One value, compactly: missing as '?', whole floats without '.0', lists comma-joined."""
    if value is None:
        return MISSING
    if isinstance(value, list):
        return ",".join(str(v) for v in value) if value else "none"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _signed(value: float | None) -> str:
    if value is None:
        return MISSING
    return ("+" if value > 0 else "") + _v(value)


def render_compact(facts: dict[str, Any]) -> str:
    """The compact form of `context_facts` (same fields, short labels): one line of the facts
    the service computed, then the profile text (`render_profile_text`)."""
    u, g, w = facts["user"], facts["goal"], facts["weight"]
    n = facts[f"nutrition_last_{SUMMARY_DAYS}_days"]
    c = facts[f"checkins_last_{SUMMARY_DAYS}_days"]
    s = facts["streaks"]
    change = w[f"change_over_{WEIGHT_DAYS}_days_kg"]
    sex = MISSING if u["sex"] is None else SEX_CODES[u["sex"]]
    activity = MISSING if u["activity_level"] is None else u["activity_level"]
    goal = (
        "none" if g is None else f"{g['type']}→{_v(g['target_weight_kg'])}kg @{_v(g['target_rate_kg_per_week'])}kg/wk"
    )
    parts = [
        f"USER: {_v(u['age_years'])}y {sex} {_v(u['height_cm'])}cm {activity}",
        f"GOAL {goal}",
        f"WT 7d-avg {_v(w['latest_7_day_average_kg'])}kg, {WEIGHT_DAYS}d Δ{_signed(change)}kg, "
        f"rate {_signed(w['weekly_rate_kg'])}kg/wk",
        f"NUT {n['days']}d avg {_v(n['average_calories'])}kcal P{_v(n['average_protein_g'])} "
        f"C{_v(n['average_carbs_g'])} F{_v(n['average_fat_g'])}, logged {n['logged_days']}/{n['days']}",
        f"CHK {c['days']}d {c['checkin_days']}/{c['days']}, energy {_v(c['average_energy_1_to_5'])} "
        f"sleep {_v(c['average_sleep_hours'])}h mood {_v(c['average_mood_1_to_5'])}",
        f"STREAK chk {s['checkin_streak_days']} log {s['logging_streak_days']}",
        f"TODAY {facts['today']}",
    ]
    return " | ".join(parts) + "\n" + render_profile_text(facts)


def render_profile_text(facts: dict[str, Any]) -> str:
    """What the user typed (diet type, allergies, dislikes): one escaped JSON line per field
    inside the profile fence, never free text."""
    d = facts["diet"]
    fields = {"diet_type": d["type"], "allergies": d["allergies"], "dislikes": d["dislikes"]}
    return "\n".join([PROFILE_OPEN, *(f"{name}: {json_line(value)}" for name, value in fields.items()), PROFILE_CLOSE])


def compact_summary(data: UserData) -> str:
    """The system prompt's context: `USER: 36y F 168cm lightly_active | GOAL ... | TODAY ...`, then
    the fenced profile text."""
    return render_compact(context_facts(data))
