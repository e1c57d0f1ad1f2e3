"""`GET /insights`: dashboard insights computed in Python from the user's own data, with no
model call (the reference's current behaviour; INSIGHTS_SYSTEM_PROMPT is kept for later).

Every number comes from the tools' formulas (`domain/formulas.py`) over a 14-day window,
so an insight never disagrees with what a tool would tell the model. Each item has a
stable `key`; `status` is one of good | attention | insufficient_data | info.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from coach_core.domain.adherence import adherence_metrics
from coach_core.domain.confidence import INSIGHTS_WINDOW_DAYS, compute_confidence, compute_data_gaps
from coach_core.domain.formulas import (
    MAX_LOSE_RATE_KG_PER_WEEK,
    MIN_TARGET_KCAL,
    calculate_tdee,
    in_window,
    nutrition_summary,
    round_half_up,
    weight_trend,
)
from coach_core.models import UserData
from coach_core.schemas import DataGapItem, InsightItem, InsightsResponse, InsightStatus
from coach_core.text import plural

WINDOW_DAYS = INSIGHTS_WINDOW_DAYS
MIN_ENTRIES = 3
"""Fewer logged days than this in the window → `insufficient_data` for sleep, energy and intake."""
GOOD_ADHERENCE = 0.7
LOW_ADHERENCE = 0.4
INTAKE_TOLERANCE = 0.10
MAINTAIN_BAND_KG = 0.25
SLEEP_RANGE = (7.0, 9.0)
GOOD_ENERGY = 3.5
LOW_ENERGY = 2.5


def _item(key: str, title: str, detail: str, values: dict[str, Any], status: InsightStatus) -> InsightItem:
    return InsightItem.model_validate(
        {"key": key, "title": title, "detail": detail, "values": values, "status": status}
    )


def weight_trend_insight(data: UserData) -> InsightItem:
    trend = weight_trend(data.checkins, data.today, WINDOW_DAYS)
    rate = trend.weekly_rate_kg
    goal = data.profile.goal.type if data.profile.goal else None
    values = {
        "weekly_rate_kg": rate,
        "latest_average_kg": trend.latest_average_kg,
        "change_kg": trend.change_kg,
        "weigh_ins": trend.weigh_ins,
        "goal": goal,
    }
    title = "Weight trend"
    if rate is None:
        return _item(
            "weight_trend",
            title,
            f"{plural(trend.weigh_ins, 'weigh-in')} in the last {WINDOW_DAYS} days: at least 3 over a week "
            "are needed to measure a trend. Weigh in a few mornings a week.",
            values,
            "insufficient_data",
        )
    direction = "losing" if rate < 0 else "gaining" if rate > 0 else "holding steady at"
    amount = f"{abs(rate):.2f} kg per week" if rate else "your weight"
    detail = f"Over the last {WINDOW_DAYS} days you are {direction} {amount}."
    status: InsightStatus = "info"
    if goal == "lose":
        if rate < -MAX_LOSE_RATE_KG_PER_WEEK:
            status, detail = "attention", detail + " That is faster than 1 kg a week; a slower pace protects muscle."
        elif rate < 0:
            status, detail = "good", detail + " That is a sustainable pace for your goal."
        else:
            status, detail = "attention", detail + " Your goal is to lose; check your intake against your target."
    elif goal == "maintain":
        ok = abs(rate) <= MAINTAIN_BAND_KG
        status = "good" if ok else "attention"
        detail += " That is within your maintenance range." if ok else " That is more than maintenance drift."
    elif goal == "gain":
        status = "good" if rate > 0 else "attention"
        detail += (
            " That matches your goal to gain." if rate > 0 else " Your goal is to gain; consider eating a bit more."
        )
    return _item("weight_trend", title, detail, values, status)


def adherence_insight(data: UserData) -> InsightItem:
    m = adherence_metrics(data.checkins, data.nutrition, data.today, WINDOW_DAYS, data.streaks)
    values: dict[str, Any] = m.model_dump(
        include={"checkin_rate", "logging_rate", "checkin_streak", "logging_streak", "longest_checkin_streak"}
    )
    low = min(m.checkin_rate, m.logging_rate)
    status: InsightStatus
    if low >= GOOD_ADHERENCE:
        status, advice = "good", "Great consistency: keep it going."
    elif low < LOW_ADHERENCE:
        status, advice = "attention", "Small daily habits help: a 30-second check-in and logging meals as you eat."
    else:
        status, advice = "info", "You're building the habit; aim to check in and log most days."
    detail = (
        f"Checked in on {m.checkin_days} and logged food on {m.logged_days} of the last "
        f"{WINDOW_DAYS} days (current streaks: {plural(m.checkin_streak, 'day')} of check-ins, "
        f"{plural(m.logging_streak, 'day')} of logging). {advice}"
    )
    return _item("adherence", "Consistency", detail, values, status)


def nutrition_insight(data: UserData) -> InsightItem:
    food = nutrition_summary(data.nutrition, data.today, WINDOW_DAYS)
    tdee = calculate_tdee(data.profile, data.checkins, data.today)
    avg, target = food.avg_calories, tdee.target_calories
    values: dict[str, Any] = {
        "avg_calories": avg,
        "target_calories": target,
        "difference_kcal": None,
        "difference_pct": None,
        "logged_days": food.logged_days,
        "avg_protein_g": food.avg_protein_g,
        "target_protein_g": tdee.protein_g,
    }
    title = "Calories vs target"
    if food.logged_days < MIN_ENTRIES or avg is None:
        return _item(
            "nutrition_vs_target",
            title,
            f"Food logged on {food.logged_days} of the last {WINDOW_DAYS} days: log at least "
            f"{MIN_ENTRIES} days to compare your intake with your target.",
            values,
            "insufficient_data",
        )
    if target is None:
        return _item(
            "nutrition_vs_target",
            title,
            f"You averaged {avg} kcal on logged days. Add your weight, height and birth date so a "
            "personal target can be calculated.",
            values,
            "insufficient_data",
        )
    diff = avg - target
    pct = round_half_up(diff / target, 2)
    values.update(difference_kcal=diff, difference_pct=pct)
    if avg < MIN_TARGET_KCAL:
        status: InsightStatus = "attention"
        detail = (
            f"You averaged {avg} kcal on logged days, under the 1,200 kcal minimum we plan for. "
            f"Your target is {target} kcal; if you're finding it hard to eat enough, a dietitian can help."
        )
    elif abs(pct) <= INTAKE_TOLERANCE:
        status = "good"
        detail = f"You averaged {avg} kcal on logged days, close to your {target} kcal target."
    else:
        status = "attention"
        side = "above" if diff > 0 else "below"
        detail = f"You averaged {avg} kcal on logged days, {abs(diff)} kcal {side} your {target} kcal target."
    return _item("nutrition_vs_target", title, detail, values, status)


def _window_values(data: UserData, field: str) -> list[tuple[dt.date, float]]:
    return [
        (c.date, float(v))
        for c in data.checkins
        if in_window(c.date, data.today, WINDOW_DAYS) and (v := getattr(c, field)) is not None
    ]


def _mean(values: list[float]) -> float | None:
    return round_half_up(sum(values) / len(values), 1) if values else None


def sleep_insight(data: UserData) -> InsightItem:
    nights = [v for _, v in _window_values(data, "sleep_hours")]
    low, high = SLEEP_RANGE
    avg = _mean(nights)
    values = {
        "avg_sleep_hours": avg,
        "nights_logged": len(nights),
        "short_nights": sum(1 for v in nights if v < low),
    }
    title = "Sleep"
    if len(nights) < MIN_ENTRIES or avg is None:
        return _item(
            "sleep_pattern",
            title,
            f"Sleep logged on {len(nights)} of the last {WINDOW_DAYS} days: add sleep to your check-ins "
            "to see a pattern.",
            values,
            "insufficient_data",
        )
    if low <= avg <= high:
        status: InsightStatus = "good"
        detail = f"You averaged {avg} hours of sleep over {plural(len(nights), 'night')}, within the 7-9 hour range."
    else:
        status = "attention"
        detail = (
            f"You averaged {avg} hours of sleep over {plural(len(nights), 'night')}; 7-9 hours supports "
            "recovery, appetite control and energy."
        )
    return _item("sleep_pattern", title, detail, values, status)


def energy_insight(data: UserData) -> InsightItem:
    energy = _window_values(data, "energy")
    levels = [v for _, v in energy]
    avg = _mean(levels)
    sleep_by_day = dict(_window_values(data, "sleep_hours"))
    rested = [v for d, v in energy if d in sleep_by_day and sleep_by_day[d] >= SLEEP_RANGE[0]]
    short = [v for d, v in energy if d in sleep_by_day and sleep_by_day[d] < SLEEP_RANGE[0]]
    values = {
        "avg_energy": avg,
        "days_logged": len(levels),
        "avg_energy_after_7h_sleep": _mean(rested) if len(rested) >= 2 else None,
        "avg_energy_after_short_sleep": _mean(short) if len(short) >= 2 else None,
    }
    title = "Energy"
    if len(levels) < MIN_ENTRIES or avg is None:
        return _item(
            "energy_pattern",
            title,
            f"Energy logged on {len(levels)} of the last {WINDOW_DAYS} days: rate your energy in your "
            "check-ins to see a pattern.",
            values,
            "insufficient_data",
        )
    detail = f"Your average energy is {avg} out of 5 over {plural(len(levels), 'day')}."
    if values["avg_energy_after_7h_sleep"] is not None and values["avg_energy_after_short_sleep"] is not None:
        detail += (
            f" It averages {values['avg_energy_after_7h_sleep']} after 7+ hours of sleep and "
            f"{values['avg_energy_after_short_sleep']} after shorter nights."
        )
    status: InsightStatus = "good" if avg >= GOOD_ENERGY else "attention" if avg < LOW_ENERGY else "info"
    return _item("energy_pattern", title, detail, values, status)


def build_insights(data: UserData) -> InsightsResponse:
    """The full `/insights` response for one user's data (pure)."""
    score = compute_confidence(data, data.today, window_days=WINDOW_DAYS)
    gaps = compute_data_gaps(data, data.today, window_days=WINDOW_DAYS)
    return InsightsResponse(
        window_days=WINDOW_DAYS,
        data_quality_score=score,
        confidence=score,
        data_gaps=[DataGapItem.model_validate(g.model_dump()) for g in gaps],
        insights=[
            weight_trend_insight(data),
            adherence_insight(data),
            nutrition_insight(data),
            sleep_insight(data),
            energy_insight(data),
        ],
    )
