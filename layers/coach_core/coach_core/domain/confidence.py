"""Confidence (a data-completeness score, not a model self-assessment) and the data gaps
that would improve the advice; /chat uses a 7-day window, /insights 14 days."""

from __future__ import annotations

import datetime as dt

from coach_core.domain.formulas import count_in_window, round_half_up
from coach_core.models import DataGap, UserData

CONFIDENCE_WINDOW_DAYS = 7
INSIGHTS_WINDOW_DAYS = 14
PROFILE_FIELDS = ("birth_date", "sex", "height_cm", "activity_level", "goal")


def profile_completeness(data: UserData) -> float:
    """Share of birth_date, sex, height_cm, activity_level and goal that are present."""
    present = sum(1 for f in PROFILE_FIELDS if getattr(data.profile, f) is not None)
    return present / len(PROFILE_FIELDS)


def compute_confidence(data: UserData, today: dt.date, window_days: int = CONFIDENCE_WINDOW_DAYS) -> float:
    """Mean of check-in coverage, nutrition coverage and profile completeness (0.01)."""
    checkin_cov = count_in_window({c.date for c in data.checkins}, today, window_days) / window_days
    nutrition_cov = count_in_window({n.date for n in data.nutrition}, today, window_days) / window_days
    return round_half_up((checkin_cov + nutrition_cov + profile_completeness(data)) / 3, 2)


def compute_data_gaps(data: UserData, today: dt.date, window_days: int = CONFIDENCE_WINDOW_DAYS) -> list[DataGap]:
    """What would improve the advice: sparse check-ins or food logs, missing height or activity."""
    gaps = []
    checkin_days = count_in_window({c.date for c in data.checkins}, today, window_days)
    if checkin_days < window_days:
        gaps.append(
            DataGap(
                field="checkins",
                description=f"Check-ins on {checkin_days} of the last {window_days} days.",
                suggestion="Check in daily (weight, energy, sleep, mood) so trends are reliable.",
            )
        )
    logged_days = count_in_window({n.date for n in data.nutrition}, today, window_days)
    if logged_days < window_days:
        gaps.append(
            DataGap(
                field="nutrition",
                description=f"Food logged on {logged_days} of the last {window_days} days.",
                suggestion="Log meals every day, even roughly, so calorie advice fits what you eat.",
            )
        )
    if data.profile.height_cm is None:
        gaps.append(
            DataGap(
                field="height_cm",
                description="Height is missing, so energy needs cannot be calculated.",
                suggestion="Add your height in your profile.",
            )
        )
    if data.profile.activity_level is None:
        gaps.append(
            DataGap(
                field="activity_level",
                description="Activity level is missing, so energy needs assume a sedentary day.",
                suggestion="Set your activity level (sedentary to extra active) in your profile.",
            )
        )
    return gaps
