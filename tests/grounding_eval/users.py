"""Synthetic users and the exact tool outputs the model would receive for them.

A user is drawn from a seeded `random.Random`: profile (sex, age, height, activity, goal),
90 days of check-ins (a weight trend with noise, energy, sleep, mood, some days skipped) and
food logs (calories and macros around a personal mean, some days not logged). The tool outputs
are the domain formulas' results serialised exactly as the registry serialises them, and the
context facts are the ones the context builder puts in the system prompt.
"""

from __future__ import annotations

import datetime as dt
import random
import uuid
from dataclasses import dataclass
from typing import Any

from coach_core.context_builder import context_facts
from coach_core.domain.adherence import adherence_metrics
from coach_core.domain.formulas import calculate_tdee, nutrition_summary, recent_checkins, user_profile, weight_trend
from coach_core.domain.outputs import ToolOutput
from coach_core.models import CheckIn, Diet, Goal, NutritionLog, Profile, Streaks, UserData
from coach_core.tools.registry import canonical_json

TODAY = dt.date(2026, 11, 15)
HISTORY_DAYS = 90
ACTIVITY = ("sedentary", "lightly_active", "moderately_active", "very_active", "extra_active")


@dataclass(frozen=True)
class SyntheticUser:
    data: UserData
    outputs: dict[str, ToolOutput]

    def output_json(self, name: str) -> str:
        return canonical_json(self.outputs[name].model_dump(mode="json"))

    @property
    def context(self) -> dict[str, Any]:
        return context_facts(self.data)


def _streak(dates: set[dt.date]) -> int:
    day = TODAY if TODAY in dates else TODAY - dt.timedelta(days=1)
    run = 0
    while day in dates:
        run += 1
        day -= dt.timedelta(days=1)
    return run


def synthetic_user(rng: random.Random) -> SyntheticUser:
    sex = rng.choice(("female", "male", "male", "female", "other"))
    birth = dt.date(rng.randint(1955, 2004), rng.randint(1, 12), rng.randint(1, 28))
    height = round(rng.uniform(150, 195), 1)
    goal_type = rng.choice(("lose", "lose", "lose", "maintain", "gain"))
    start = round(rng.uniform(52, 125), 1)
    slope = {"lose": rng.uniform(-0.16, -0.02), "maintain": rng.uniform(-0.02, 0.02), "gain": rng.uniform(0.01, 0.06)}
    daily = slope[goal_type]
    offset = {"lose": -rng.uniform(4, min(25.0, start * 0.3)), "maintain": 0.0, "gain": rng.uniform(2, 8)}[goal_type]
    goal = Goal(
        type=goal_type,  # type: ignore[arg-type]
        target_weight_kg=round(start + offset, 1) if goal_type != "maintain" or rng.random() < 0.5 else None,
        target_rate_kg_per_week=round(rng.choice((0.25, 0.5, 0.5, 0.75, 1.0)), 2) if goal_type == "lose" else None,
    )
    profile = Profile(
        id=uuid.UUID(int=rng.getrandbits(128)),
        birth_date=birth,
        sex=sex,  # type: ignore[arg-type]
        height_cm=height,
        activity_level=rng.choice(ACTIVITY),  # type: ignore[arg-type]
        diet=Diet(type=rng.choice((None, "omnivore", "vegetarian", "vegan"))),
        goal=goal,
    )
    checkin_p, weigh_p, log_p = rng.uniform(0.45, 1.0), rng.uniform(0.5, 1.0), rng.uniform(0.35, 1.0)
    kcal_mean = rng.uniform(1350, 3200)
    protein_share, fat_share = rng.uniform(0.15, 0.3), rng.uniform(0.25, 0.4)
    checkins, nutrition = [], []
    for i in range(HISTORY_DAYS, -1, -1):
        day = TODAY - dt.timedelta(days=i)
        if rng.random() < checkin_p:
            weight = start + daily * (HISTORY_DAYS - i) + rng.gauss(0, 0.35)
            checkins.append(
                CheckIn(
                    date=day,
                    weight_kg=round(weight, rng.choice((1, 2))) if rng.random() < weigh_p else None,
                    energy=rng.randint(1, 5),
                    sleep_hours=round(rng.uniform(4.5, 9.5) * 4) / 4,
                    mood=rng.randint(1, 5),
                )
            )
        if rng.random() < log_p:
            kcal = max(600, round(rng.gauss(kcal_mean, kcal_mean * 0.12)))
            nutrition.append(
                NutritionLog(
                    date=day,
                    calories=kcal,
                    protein_g=round(kcal * protein_share / 4, 1),
                    carbs_g=round(kcal * (1 - protein_share - fat_share) / 4, 1),
                    fat_g=round(kcal * fat_share / 9, 1),
                )
            )
    streaks = Streaks(checkin=_streak({c.date for c in checkins}), logging=_streak({n.date for n in nutrition}))
    data = UserData(profile=profile, checkins=checkins, nutrition=nutrition, today=TODAY, streaks=streaks)
    window = rng.choice((7, 14, 14, 30))
    trend_days = rng.choice((14, 30, 30, 60))
    outputs: dict[str, ToolOutput] = {
        "get_weight_trend": weight_trend(checkins, TODAY, trend_days),
        "get_nutrition_summary": nutrition_summary(nutrition, TODAY, window),
        "calculate_tdee": calculate_tdee(profile, checkins, TODAY),
        "get_adherence_metrics": adherence_metrics(checkins, nutrition, TODAY, window, streaks),
        "get_recent_checkins": recent_checkins(checkins, TODAY, rng.choice((7, 14))),
        "get_user_profile": user_profile(profile, TODAY),
    }
    return SyntheticUser(data, outputs)
