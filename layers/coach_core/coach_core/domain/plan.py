"""Weekly plans, pure: the deterministic plan built from `calculate_tdee`'s output, reading
a plan out of a model reply, and raising days under the calorie floor.

The offline provider answers `/plan` with `build_offline_plan` (so demos and tests get a real,
schema-valid plan from the user's own numbers), and the plan service substitutes it for a
model plan whose text the safety policies block. No I/O, no clock.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from coach_core.domain.formulas import macro_grams
from coach_core.domain.outputs import TdeeOutput
from coach_core.schemas import WeeklyPlan

CALORIE_FLOOR = 1200
DEFAULT_TARGET_KCAL = 2000
HIGH_DAY_DELTA = 40
LOW_DAY_DELTA = -100
PROTEIN_G_PER_KG = 1.6

# (day, training type, minutes, description, focus); five higher days (+40 kcal) and two
# lower days (-100 kcal) keep the weekly average on the target.
WEEK: tuple[tuple[str, str, int, str, str], ...] = (
    (
        "Monday",
        "strength",
        45,
        "Full-body strength: squats, push-ups, rows, 3 sets of 8-12.",
        "Start the week with a protein-rich breakfast.",
    ),
    ("Tuesday", "cardio", 30, "Brisk walk or easy cycle at a conversational pace.", "Log every meal, snacks included."),
    (
        "Wednesday",
        "mobility",
        20,
        "Gentle stretching and mobility for hips, back and shoulders.",
        "Lighter day: prioritise vegetables and water.",
    ),
    (
        "Thursday",
        "strength",
        45,
        "Full-body strength: lunges, presses, deadlift pattern, 3 sets.",
        "Protein at every meal.",
    ),
    ("Friday", "cardio", 30, "Intervals: 6 x 1 minute brisk, 2 minutes easy.", "Plan the weekend's meals ahead."),
    (
        "Saturday",
        "mixed",
        40,
        "An active outing: hike, sport or a long walk plus core work.",
        "Enjoy a flexible meal and keep portions mindful.",
    ),
    (
        "Sunday",
        "rest",
        0,
        "Rest day: an easy walk if you feel like it.",
        "Check in: weight, sleep and energy; prepare for the week.",
    ),
)
LOW_DAYS = frozenset({"mobility", "rest"})


def day_targets(kcal: int, protein_g: int) -> dict[str, int]:
    """Calories and macros for one day, split as calculate_tdee splits its target (fat 25 % of
    kcal, carbohydrate the remainder, never negative)."""
    fat_g, carbs_g = macro_grams(kcal, protein_g)
    return {"calories": kcal, "protein_g": protein_g, "carbs_g": carbs_g, "fat_g": fat_g}


def build_offline_plan(tdee: TdeeOutput | None) -> dict[str, Any]:
    """A 7-day plan (the `WeeklyPlan` JSON shape) around `target_calories`.

    Missing numbers (or no TDEE result at all) get conservative defaults and the summary says
    so. No day is ever below 1,200 kcal.
    """
    target = None if tdee is None or tdee.target_calories is None else float(tdee.target_calories)
    weight = None if tdee is None else tdee.weight_kg
    protein = None if tdee is None or tdee.protein_g is None else float(tdee.protein_g)
    gaps: list[str] = []
    if target is None:
        target = DEFAULT_TARGET_KCAL
        gaps.append("no calorie target could be calculated, so a general 2,000 kcal target is used")
    base = max(CALORIE_FLOOR, round(target))
    if protein is None:
        if weight is not None:
            protein = PROTEIN_G_PER_KG * weight
        else:
            protein = base * 0.25 / 4
            gaps.append("without a recent weight, protein is set to a quarter of calories")
    protein_g = round(protein)
    vary = base + LOW_DAY_DELTA >= CALORIE_FLOOR

    days = []
    for name, kind, minutes, description, focus in WEEK:
        delta = 0
        if vary:
            delta = LOW_DAY_DELTA if kind in LOW_DAYS else HIGH_DAY_DELTA
        kcal = max(CALORIE_FLOOR, base + delta)
        days.append(
            {
                "day": name,
                **day_targets(kcal, protein_g),
                "training": {"type": kind, "duration_minutes": minutes, "description": description},
                "focus": focus,
            }
        )

    summary = (
        f"A balanced week around {base} kcal per day on average, with {protein_g} g of protein "
        "daily, two strength sessions, two cardio sessions, one active day and two easier days."
    )
    if tdee is not None and tdee.floor_above_tdee and tdee.tdee is not None:
        summary += (
            f" Your calculated target was raised to the 1,200 kcal minimum, which is above your estimated "
            f"maintenance of {tdee.tdee:,} kcal: this week is a small surplus, not a deficit, so more daily "
            "activity is what can move your weight."
        )
    elif tdee is not None and tdee.target_clamped:
        summary += " Your calculated target was raised to the 1,200 kcal minimum for safety."
    if gaps:
        summary += " Note: " + "; ".join(gaps) + ". Log your weight and profile for a personal plan."
    return {
        "title": "Your week of steady progress",
        "summary": summary,
        "days": days,
        "habits": [
            "Log every meal, including snacks and drinks.",
            "Check in each morning: weight, sleep and energy.",
            "Drink water with every meal.",
            "Aim for 7-9 hours of sleep.",
        ],
    }


def parse_plan(text: str) -> tuple[WeeklyPlan | None, str]:
    """The plan in a model reply (tolerating Markdown fences or prose around the object), or
    None and a short, model-readable reason."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None, "no JSON object found"
    try:
        raw = json.loads(text[start : end + 1])
    except ValueError as exc:
        return None, f"invalid JSON ({type(exc).__name__}: {str(exc)[:200]})"
    try:
        return WeeklyPlan.model_validate(raw), ""
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:10]:
            where = ".".join(str(p) for p in err["loc"]) or "plan"
            problems.append(f"{where}: {err['msg']}")
        return None, "; ".join(problems)


def clamp_plan(plan: WeeklyPlan, floor: int = CALORIE_FLOOR) -> tuple[WeeklyPlan, bool]:
    """Raise any day below `floor` kcal to the floor (macros recomputed); True if anything changed."""
    days = []
    changed = False
    for day in plan.days:
        if day.calories < floor:
            changed = True
            day = day.model_copy(update=day_targets(floor, day.protein_g))
        days.append(day)
    return (plan.model_copy(update={"days": days}) if changed else plan), changed


def offline_plan_json(tdee_json: str | None) -> str:
    """The offline model's plan answer: `build_offline_plan` over `calculate_tdee`'s result
    JSON (missing or unreadable → the general plan), as JSON text."""
    tdee: TdeeOutput | None = None
    if tdee_json is not None:
        try:
            tdee = TdeeOutput.model_validate_json(tdee_json)
        except ValidationError:
            tdee = None
    return json.dumps(build_offline_plan(tdee))
