"""User context for the system prompt, plus the confidence score and data gaps.

`ContextBuilder.build` loads the profile (with goal), check-ins and nutrition logs of the
last 90 days in three pipelined queries (one round trip). From that `UserData` it derives one
`context_facts` dict (computed with the tools' own formulas, so the prompt and the tools
agree) and renders it two ways: `compact_summary` (one line, appended to the system
prompt) and `verbose_context` (indented JSON with spelled-out names, kept to measure the
token saving; both carry the same facts).
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import Any

from pydantic import BaseModel, ConfigDict

from coach_core.db.connection import Database
from coach_core.errors import UserNotFoundError
from coach_core.models import DataGap, UserData, utctoday
from coach_core.repositories import users
from coach_core.tools.formulas import (
    STREAK_LOOKBACK_DAYS,
    adherence_metrics,
    age_years,
    checkin_averages,
    count_in_window,
    nutrition_summary,
    round_half_up,
    weight_trend,
    window_start,
)

CONTEXT_DAYS = STREAK_LOOKBACK_DAYS
"""History loaded for a chat (90 days); also the tools' streak look-back, so prompt and tool agree."""
CONFIDENCE_WINDOW_DAYS = 7
INSIGHTS_WINDOW_DAYS = 14
WEIGHT_DAYS = 30
SUMMARY_DAYS = 14
PROFILE_FIELDS = ("birth_date", "sex", "height_cm", "activity_level", "goal")
MISSING = "?"
SEX_CODES = {"female": "F", "male": "M", "other": "other-sex"}

__all__ = [
    "ContextBuilder",
    "DataGap",
    "UserContext",
    "compact_summary",
    "compute_confidence",
    "compute_data_gaps",
    "context_facts",
    "verbose_context",
]


class UserContext(BaseModel):
    model_config = ConfigDict(frozen=True)

    summary: str
    confidence: float
    data_gaps: list[DataGap]
    data: UserData


class ContextBuilder:
    """Builds the per-request `UserContext`; stateless, so one instance serves all requests."""

    async def load(self, db: Database, user_id: uuid.UUID, today: dt.date | None = None) -> UserData:
        """Profile (+goal), check-ins and nutrition of the last 90 days: three queries, one
        round trip."""
        today = today or utctoday()
        start = window_start(today, CONTEXT_DAYS)
        async with db.connection() as conn:
            profile, checkins, nutrition = await users.get_user_bundle(conn, user_id, start, today)
        if profile is None:
            raise UserNotFoundError(f"user {user_id} has no profile")
        return UserData(profile=profile, checkins=checkins, nutrition=nutrition, today=today)

    async def build(self, db: Database, user_id: uuid.UUID, today: dt.date | None = None) -> UserContext:
        data = await self.load(db, user_id, today)
        return UserContext(
            summary=compact_summary(data),
            confidence=compute_confidence(data, data.today),
            data_gaps=compute_data_gaps(data, data.today),
            data=data,
        )


# --- confidence and data gaps -----------------------------------------------------------


def _coverage(dates: set[dt.date], today: dt.date, window_days: int) -> int:
    return count_in_window(dates, today, window_days)


def profile_completeness(data: UserData) -> float:
    """Share of birth_date, sex, height_cm, activity_level and goal that are present."""
    present = sum(1 for f in PROFILE_FIELDS if getattr(data.profile, f) is not None)
    return present / len(PROFILE_FIELDS)


def compute_confidence(data: UserData, today: dt.date, window_days: int = CONFIDENCE_WINDOW_DAYS) -> float:
    """Mean of check-in coverage, nutrition coverage and profile completeness (0.01).

    A data-completeness score, not a model self-assessment; /insights uses window_days=14."""
    checkin_cov = _coverage({c.date for c in data.checkins}, today, window_days) / window_days
    nutrition_cov = _coverage({n.date for n in data.nutrition}, today, window_days) / window_days
    return round_half_up((checkin_cov + nutrition_cov + profile_completeness(data)) / 3, 2)


def compute_data_gaps(data: UserData, today: dt.date, window_days: int = CONFIDENCE_WINDOW_DAYS) -> list[DataGap]:
    """What would improve the advice: sparse check-ins or food logs, missing height or activity."""
    gaps = []
    checkin_days = _coverage({c.date for c in data.checkins}, today, window_days)
    if checkin_days < window_days:
        gaps.append(DataGap(
            field="checkins",
            description=f"Check-ins on {checkin_days} of the last {window_days} days.",
            suggestion="Check in daily (weight, energy, sleep, mood) so trends are reliable.",
        ))
    logged_days = _coverage({n.date for n in data.nutrition}, today, window_days)
    if logged_days < window_days:
        gaps.append(DataGap(
            field="nutrition",
            description=f"Food logged on {logged_days} of the last {window_days} days.",
            suggestion="Log meals every day, even roughly, so calorie advice fits what you eat.",
        ))
    if data.profile.height_cm is None:
        gaps.append(DataGap(
            field="height_cm",
            description="Height is missing, so energy needs cannot be calculated.",
            suggestion="Add your height in your profile.",
        ))
    if data.profile.activity_level is None:
        gaps.append(DataGap(
            field="activity_level",
            description="Activity level is missing, so energy needs assume a sedentary day.",
            suggestion="Set your activity level (sedentary to extra active) in your profile.",
        ))
    return gaps


# --- the facts and their two renderings ---------------------------------------------------


def context_facts(data: UserData) -> dict[str, Any]:
    """Everything the prompt says about the user, by spelled-out name (the verbose form)."""
    p, today = data.profile, data.today
    trend = weight_trend(data.checkins, today, WEIGHT_DAYS)
    food = nutrition_summary(data.nutrition, today, SUMMARY_DAYS)
    moods = checkin_averages(data.checkins, today, SUMMARY_DAYS)
    streaks = adherence_metrics(data.checkins, data.nutrition, today, SUMMARY_DAYS)
    return {
        "user": {
            "age_years": age_years(p.birth_date, today),
            "sex": p.sex,
            "height_cm": p.height_cm,
            "activity_level": p.activity_level,
        },
        "diet": {"type": p.diet.type, "allergies": list(p.diet.allergies), "dislikes": list(p.diet.dislikes)},
        "goal": None if p.goal is None else {
            "type": p.goal.type,
            "target_weight_kg": p.goal.target_weight_kg,
            "target_rate_kg_per_week": p.goal.target_rate_kg_per_week,
        },
        "weight": {
            "latest_7_day_average_kg": trend["latest_average_kg"],
            f"change_over_{WEIGHT_DAYS}_days_kg": trend["change_kg"],
            "weekly_rate_kg": trend["weekly_rate_kg"],
        },
        f"nutrition_last_{SUMMARY_DAYS}_days": {
            "average_calories": food["avg_calories"],
            "average_protein_g": food["avg_protein_g"],
            "average_carbs_g": food["avg_carbs_g"],
            "average_fat_g": food["avg_fat_g"],
            "logged_days": food["logged_days"],
            "days": SUMMARY_DAYS,
        },
        f"checkins_last_{SUMMARY_DAYS}_days": {
            "checkin_days": moods["checkin_days"],
            "days": SUMMARY_DAYS,
            "average_energy_1_to_5": moods["avg_energy"],
            "average_sleep_hours": moods["avg_sleep_hours"],
            "average_mood_1_to_5": moods["avg_mood"],
        },
        "streaks": {
            "checkin_streak_days": streaks["checkin_streak"],
            "logging_streak_days": streaks["logging_streak"],
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
    """The single-line form of `context_facts` (same fields, short labels)."""
    u, d, g, w = facts["user"], facts["diet"], facts["goal"], facts["weight"]
    n = facts[f"nutrition_last_{SUMMARY_DAYS}_days"]
    c = facts[f"checkins_last_{SUMMARY_DAYS}_days"]
    s = facts["streaks"]
    change = w[f"change_over_{WEIGHT_DAYS}_days_kg"]
    sex = MISSING if u["sex"] is None else SEX_CODES[u["sex"]]
    activity = MISSING if u["activity_level"] is None else u["activity_level"]
    goal = (
        "none" if g is None
        else f"{g['type']}→{_v(g['target_weight_kg'])}kg @{_v(g['target_rate_kg_per_week'])}kg/wk"
    )
    parts = [
        f"USER: {_v(u['age_years'])}y {sex} {_v(u['height_cm'])}cm {activity}",
        f"diet {_v(d['type'])}; allergies {_v(d['allergies'])}; dislikes {_v(d['dislikes'])}",
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
    return " | ".join(parts)


def compact_summary(data: UserData) -> str:
    """One line for the system prompt, e.g. `USER: 36y F 168cm lightly_active | diet ... | TODAY ...`."""
    return render_compact(context_facts(data))


def verbose_context(data: UserData) -> str:
    """The same facts as indented JSON with spelled-out names (the token-saving baseline)."""
    return json.dumps(context_facts(data), indent=2, ensure_ascii=False)
