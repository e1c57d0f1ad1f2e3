"""GIVEN a count of 0, 1 or more WHEN any text shows it with its noun (tool summaries, data gaps,
insights) THEN the noun agrees with the count: "1 day", "2 days", never "1 days" or "day(s)"."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from collections.abc import Callable

import pytest

from coach_core.domain import adherence as adh
from coach_core.domain import formulas as f
from coach_core.domain.insights import adherence_insight, weight_trend_insight
from coach_core.models import CheckIn, Diet, Goal, NutritionLog, Profile, Streaks, UserData
from coach_core.text import noun, plural
from coach_core.tools.adherence import GetAdherenceMetricsTool
from coach_core.tools.checkins import GetRecentCheckinsTool
from coach_core.tools.nutrition import GetNutritionSummaryTool
from coach_core.tools.profile import GetUserProfileTool
from coach_core.tools.weight import GetWeightTrendTool

TODAY = dt.date(2026, 11, 30)
WRONG = re.compile(r"\b1 (days|weigh-ins|check-ins|nights|gaps|sessions|migrations|workers)\b|\(s\)")


@pytest.mark.parametrize(
    ("count", "singular", "plural_form", "expected"),
    [
        (0, "day", None, "0 days"),
        (1, "day", None, "1 day"),
        (2, "day", None, "2 days"),
        (1, "weigh-in", None, "1 weigh-in"),
        (14, "weigh-in", None, "14 weigh-ins"),
        (1, "old expired session", None, "1 old expired session"),
        (1, "entry", "entries", "1 entry"),
        (3, "entry", "entries", "3 entries"),
        (-1, "day", None, "-1 days"),
    ],
)
def test_given_a_count_when_pluralised_then_the_noun_agrees(
    count: int, singular: str, plural_form: str | None, expected: str
) -> None:
    assert plural(count, singular, plural_form) == expected
    assert noun(count, singular, plural_form) == expected.split(" ", 1)[1]


def _profile(**fields: object) -> Profile:
    base: dict[str, object] = {
        "id": uuid.UUID(int=7),
        "birth_date": dt.date(1990, 5, 1),
        "sex": "female",
        "height_cm": 168.0,
        "activity_level": "lightly_active",
        "diet": Diet(),
        "goal": Goal(type="lose"),
    }
    return Profile.model_validate({**base, **fields})


ONE_CHECKIN = [CheckIn(date=TODAY, weight_kg=70.0, energy=3, sleep_hours=7.0, mood=3)]
ONE_LOG = [NutritionLog(date=TODAY, calories=1800, protein_g=90.0)]
ONE_DAY_STREAKS = Streaks(checkin=1, logging=1)
ONE_DAY_DATA = UserData(
    profile=_profile(), checkins=ONE_CHECKIN, nutrition=ONE_LOG, today=TODAY, streaks=ONE_DAY_STREAKS
)

CASES: list[tuple[str, Callable[[], str], str]] = [
    (
        "checkins-summary",
        lambda: GetRecentCheckinsTool().summarize(f.recent_checkins(ONE_CHECKIN, TODAY, 1)),
        "1 check-in in 1 day;",
    ),
    (
        "weight-summary",
        lambda: GetWeightTrendTool().summarize(f.weight_trend(ONE_CHECKIN, TODAY, 7)),
        "1 weigh-in in 7 days;",
    ),
    (
        "nutrition-summary",
        lambda: GetNutritionSummaryTool().summarize(f.nutrition_summary(ONE_LOG, TODAY, 1)),
        "1/1 day logged;",
    ),
    (
        "adherence-summary",
        lambda: GetAdherenceMetricsTool().summarize(
            adh.adherence_metrics(ONE_CHECKIN, ONE_LOG, TODAY, 7, ONE_DAY_STREAKS)
        ),
        "over 7 days;",
    ),
    (
        "profile-summary",
        lambda: GetUserProfileTool().summarize(f.user_profile(_profile(height_cm=None), TODAY)),
        ", 1 gap",
    ),
    (
        "no-checkins-gap",
        lambda: f.recent_checkins([], TODAY, 1).data_gaps[0].description,
        "No check-ins in the last 1 day.",
    ),
    (
        "no-food-gap",
        lambda: f.nutrition_summary([], TODAY, 1).data_gaps[0].description,
        "No food logged in the last 1 day.",
    ),
    (
        "weekly-rate-gap",
        lambda: f.weight_trend(ONE_CHECKIN, TODAY, 7).data_gaps[0].description,
        "the last 7 days have 1 weigh-in spanning 0 days.",
    ),
    (
        "adherence-gap",
        lambda: adh.adherence_metrics([], ONE_LOG, TODAY, 7).data_gaps[0].description,
        "No check-ins in the last 7 days.",
    ),
    ("weight-insight", lambda: weight_trend_insight(ONE_DAY_DATA).detail, "1 weigh-in in the last 14 days"),
    (
        "adherence-insight",
        lambda: adherence_insight(ONE_DAY_DATA).detail,
        "(current streaks: 1 day of check-ins, 1 day of logging)",
    ),
]


@pytest.mark.parametrize(("render", "expected"), [(r, e) for _, r, e in CASES], ids=[c[0] for c in CASES])
def test_given_counts_of_one_when_text_is_rendered_then_nouns_agree(render: Callable[[], str], expected: str) -> None:
    text = render()
    assert expected in text
    assert WRONG.search(text) is None, text
