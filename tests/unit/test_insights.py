"""GIVEN a user's data WHEN insights are built THEN every item has its stable key, the
numbers come from the tools' formulas, and statuses follow the data (no model involved)."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest

from coach_core.context_builder import compute_confidence, compute_data_gaps
from coach_core.domain.formulas import calculate_tdee
from coach_core.domain.insights import build_insights
from coach_core.models import CheckIn, Goal, NutritionLog, Profile, UserData

TODAY = dt.date(2026, 11, 15)
KEYS = ["weight_trend", "adherence", "nutrition_vs_target", "sleep_pattern", "energy_pattern"]


def _profile(goal: str = "lose", height: float | None = 168.0) -> Profile:
    return Profile(
        id=uuid.UUID(int=1),
        birth_date=dt.date(1990, 5, 1),
        sex="female",
        height_cm=height,
        activity_level="lightly_active",
        goal=Goal(type=goal, target_rate_kg_per_week=0.5),
    )  # type: ignore[arg-type]


def _data(
    days: int,
    *,
    kg_per_day: float = -0.1,
    sleep: float = 7.5,
    energy: int = 4,
    calories: int | None = None,
    goal: str = "lose",
    height: float | None = 168.0,
) -> UserData:
    checkins = [
        CheckIn(
            date=TODAY - dt.timedelta(days=i), weight_kg=70 + kg_per_day * i, sleep_hours=sleep, energy=energy, mood=3
        )
        for i in range(days)
    ]
    profile = _profile(goal, height)
    target = calculate_tdee(profile, checkins, TODAY).target_calories
    kcal = calories if calories is not None else (target or 2000)
    nutrition = [NutritionLog(date=TODAY - dt.timedelta(days=i), calories=kcal) for i in range(days)]
    return UserData(
        profile=profile,
        checkins=sorted(checkins, key=lambda c: c.date),
        nutrition=sorted(nutrition, key=lambda n: n.date),
        today=TODAY,
    )


def _by_key(data: UserData) -> dict[str, dict[str, object]]:
    return {i.key: i.model_dump() for i in build_insights(data).insights}


def test_given_any_data_when_building_then_keys_are_stable_and_score_is_the_14_day_confidence() -> None:
    data = _data(10)
    response = build_insights(data)
    assert [i.key for i in response.insights] == KEYS
    assert response.window_days == 14
    assert response.data_quality_score == compute_confidence(data, TODAY, window_days=14) == response.confidence
    assert [g.model_dump() for g in response.data_gaps] == [
        g.model_dump() for g in compute_data_gaps(data, TODAY, window_days=14)
    ]
    assert response.data_quality_score < compute_confidence(data, TODAY)  # 10/14 days is stricter than 7/7


def test_given_no_logs_when_building_then_every_data_item_is_insufficient() -> None:
    items = _by_key(_data(0))
    assert items["weight_trend"]["status"] == "insufficient_data"
    assert items["nutrition_vs_target"]["status"] == "insufficient_data"
    assert items["sleep_pattern"]["status"] == "insufficient_data"
    assert items["energy_pattern"]["status"] == "insufficient_data"
    assert items["adherence"]["status"] == "attention"
    assert items["adherence"]["values"]["checkin_rate"] == 0.0


@pytest.mark.parametrize(
    ("goal", "kg_per_day", "status"),
    [
        ("lose", 0.1, "good"),
        ("lose", 0.2, "attention"),
        ("lose", -0.05, "attention"),
        ("maintain", 0.01, "good"),
        ("maintain", 0.1, "attention"),
        ("gain", -0.05, "good"),
        ("gain", 0.05, "attention"),
    ],
)
def test_given_a_weight_slope_when_building_then_status_reflects_the_goal(
    goal: str, kg_per_day: float, status: str
) -> None:
    # kg_per_day > 0 means the weight falls toward today.
    item = _by_key(_data(14, kg_per_day=kg_per_day, goal=goal))["weight_trend"]
    assert item["status"] == status
    assert item["values"]["weekly_rate_kg"] == pytest.approx(-kg_per_day * 7, abs=0.01)


@pytest.mark.parametrize(("offset", "status"), [(0, "good"), (400, "attention"), (-400, "attention")])
def test_given_intake_vs_target_when_building_then_difference_is_reported(offset: int, status: str) -> None:
    base = _data(14)
    target = calculate_tdee(base.profile, base.checkins, TODAY).target_calories
    item = _by_key(_data(14, calories=target + offset))["nutrition_vs_target"]
    assert item["status"] == status
    assert item["values"]["target_calories"] == target
    assert item["values"]["difference_kcal"] == offset


def test_given_no_height_when_building_then_intake_has_no_target() -> None:
    item = _by_key(_data(14, calories=1800, height=None))["nutrition_vs_target"]
    assert item["status"] == "insufficient_data"
    assert item["values"]["avg_calories"] == 1800 and item["values"]["target_calories"] is None


@pytest.mark.parametrize(("sleep", "status"), [(7.5, "good"), (5.5, "attention"), (10.0, "attention")])
def test_given_sleep_hours_when_building_then_sleep_status_follows_the_7_to_9_range(sleep: float, status: str) -> None:
    item = _by_key(_data(14, sleep=sleep))["sleep_pattern"]
    assert item["status"] == status and item["values"]["avg_sleep_hours"] == sleep


@pytest.mark.parametrize(("energy", "status"), [(4, "good"), (3, "info"), (2, "attention")])
def test_given_energy_scores_when_building_then_energy_status_follows_the_mean(energy: int, status: str) -> None:
    item = _by_key(_data(14, energy=energy))["energy_pattern"]
    assert item["status"] == status and item["values"]["avg_energy"] == energy
