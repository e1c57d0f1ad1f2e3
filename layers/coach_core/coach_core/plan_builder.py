"""A deterministic weekly plan from `calculate_tdee`'s output.

The offline provider answers `/plan` with this (so demos and tests get a real, schema-valid
plan from the user's own numbers), and the service substitutes it for a model plan whose
text the safety policies block. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from coach_core.tools.formulas import macro_grams

CALORIE_FLOOR = 1200
DEFAULT_TARGET_KCAL = 2000
HIGH_DAY_DELTA = 40
LOW_DAY_DELTA = -100
PROTEIN_G_PER_KG = 1.6

# (day, training type, minutes, description, focus); five higher days (+40 kcal) and two
# lower days (-100 kcal) keep the weekly average on the target.
WEEK: tuple[tuple[str, str, int, str, str], ...] = (
    ("Monday", "strength", 45, "Full-body strength: squats, push-ups, rows, 3 sets of 8-12.",
     "Start the week with a protein-rich breakfast."),
    ("Tuesday", "cardio", 30, "Brisk walk or easy cycle at a conversational pace.",
     "Log every meal, snacks included."),
    ("Wednesday", "mobility", 20, "Gentle stretching and mobility for hips, back and shoulders.",
     "Lighter day: prioritise vegetables and water."),
    ("Thursday", "strength", 45, "Full-body strength: lunges, presses, deadlift pattern, 3 sets.",
     "Protein at every meal."),
    ("Friday", "cardio", 30, "Intervals: 6 x 1 minute brisk, 2 minutes easy.",
     "Plan the weekend's meals ahead."),
    ("Saturday", "mixed", 40, "An active outing: hike, sport or a long walk plus core work.",
     "Enjoy a flexible meal and keep portions mindful."),
    ("Sunday", "rest", 0, "Rest day: an easy walk if you feel like it.",
     "Check in: weight, sleep and energy; prepare for the week."),
)
LOW_DAYS = frozenset({"mobility", "rest"})


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def day_targets(kcal: int, protein_g: int) -> dict[str, int]:
    """Calories and macros for one day, split as calculate_tdee splits its target (fat 25 % of
    kcal, carbohydrate the remainder, never negative)."""
    fat_g, carbs_g = macro_grams(kcal, protein_g)
    return {"calories": kcal, "protein_g": protein_g, "carbs_g": carbs_g, "fat_g": fat_g}


def build_offline_plan(tdee_output: dict[str, Any]) -> dict[str, Any]:
    """A 7-day plan (the `WeeklyPlan` JSON shape) around `target_calories`.

    Missing numbers get conservative defaults and the summary says so. No day is ever
    below 1,200 kcal.
    """
    target = _number(tdee_output.get("target_calories"))
    weight = _number(tdee_output.get("weight_kg"))
    protein = _number(tdee_output.get("protein_g"))
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
    if tdee_output.get("target_clamped"):
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
