"""What the offline model suggests changing: deterministic rules over this turn's tool results.

Injected into the offline provider (`OfflineKit.advice`) for the questions that ask what to
change ("what should I change?", "am I eating enough protein?"). Each rule compares figures the
tools returned (intake against the calorie and protein targets, the weekly rate against the
goal, the logging and check-in rates) and says either what to change or what is working,
quoting only those figures, so the advice is always grounded. Rules run in priority order and
at most `MAX_CHANGES` changes are said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import ValidationError

from coach_core.domain.outputs import (
    AdherenceOutput,
    NutritionSummaryOutput,
    TdeeOutput,
    ToolOutput,
    WeightTrendOutput,
)
from coach_core.tools.answers import num, pct

CALORIE_TOLERANCE_KCAL = 100
"""Intake within this of the target counts as on target (daily logs are rough)."""
PROTEIN_SHORT_SHARE = 0.9
"""Protein below this share of the target is worth raising."""
LOW_RATE = 0.6
"""A logging or check-in rate below this makes the averages shaky."""
FAST_LOSS_KG_PER_WEEK = 1.0
"""SAFETY_POLICIES.md: losing faster than this is not advised."""
FAR_UNDER_KCAL = 300
"""Losing: intake this far under the target is harder to keep up than the target itself."""
STEADY_KG_PER_WEEK = 0.25
"""Maintaining: a weekly rate within this either way counts as steady."""
MAX_CHANGES = 3


@dataclass
class _Facts:
    """The results this turn has, read through their output models (None when absent)."""

    weight: WeightTrendOutput | None = None
    food: NutritionSummaryOutput | None = None
    tdee: TdeeOutput | None = None
    habits: AdherenceOutput | None = None
    changes: list[str] = field(default_factory=list)
    working: list[str] = field(default_factory=list)
    floored: bool = False
    """The target is the 1,200 kcal floor above maintenance: intake is not compared with it."""


_MODELS: dict[str, tuple[str, type[ToolOutput]]] = {
    "get_weight_trend": ("weight", WeightTrendOutput),
    "get_nutrition_summary": ("food", NutritionSummaryOutput),
    "calculate_tdee": ("tdee", TdeeOutput),
    "get_adherence_metrics": ("habits", AdherenceOutput),
}


def _facts(results: Sequence[tuple[str, str]]) -> _Facts:
    facts = _Facts()
    for name, content in results:
        if name not in _MODELS:
            continue
        attr, model = _MODELS[name]
        try:
            setattr(facts, attr, model.model_validate_json(content))
        except ValidationError:
            continue
    return facts


def _floor(f: _Facts) -> None:
    t = f.tdee
    if t is not None and t.target_clamped and t.tdee is not None and (t.target_calories or 0) > t.tdee:
        f.floored = True
        f.changes.append(
            f"Your target was raised to the 1,200 kcal minimum, which is above your estimated maintenance of"
            f" {num(t.tdee)} kcal: eating less is not the lever here, more daily activity is."
        )


def _rate(f: _Facts) -> None:
    w, t = f.weight, f.tdee
    if w is None or w.weekly_rate_kg is None or t is None:
        return
    rate = w.weekly_rate_kg
    if t.goal_type == "lose" and rate < -FAST_LOSS_KG_PER_WEEK:
        f.changes.append(
            f"You're losing {num(-rate)} kg per week, faster than the 1 kg per week that is safe to keep up:"
            " eat closer to your target to slow it."
        )
    elif (t.goal_type == "lose" and rate < 0) or (t.goal_type == "gain" and rate > 0):
        f.working.append(
            f"you're {'losing' if rate < 0 else 'gaining'} {num(abs(rate))} kg per week, in line with your goal"
        )
    elif t.goal_type == "maintain" and abs(rate) <= STEADY_KG_PER_WEEK:
        f.working.append("your weight is holding steady, as maintaining needs")
    elif rate != 0:
        f.changes.append(
            f"You're {'losing' if rate < 0 else 'gaining'} {num(abs(rate))} kg per week, which is"
            f" not what your goal to {t.goal_type} asks for."
        )
    else:
        f.changes.append(f"Your weight is holding steady, but your goal is to {t.goal_type}.")


def _calories(f: _Facts) -> None:
    n, t = f.food, f.tdee
    if n is None or t is None or n.avg_calories is None or t.target_calories is None or f.floored:
        return
    eaten, target = n.avg_calories, t.target_calories
    said = f"You're averaging {num(eaten)} kcal a day against your target of {num(target)} kcal"
    close = f"your intake of {num(eaten)} kcal a day is close to your target of {num(target)} kcal"
    if abs(eaten - target) <= CALORIE_TOLERANCE_KCAL:
        f.working.append(close)
    elif eaten > target and t.goal_type != "gain":
        f.changes.append(said + ": bringing meals down toward the target is the biggest change to make.")
    elif eaten > target:
        f.changes.append(said + ": gaining closer to the target puts on less of it as fat.")
    elif t.goal_type != "lose":
        f.changes.append(said + ": a snack or a bigger portion each day would close that gap.")
    elif target - eaten > FAR_UNDER_KCAL:
        f.changes.append(said + ": eating closer to the target is easier to keep up and protects muscle.")
    else:
        f.working.append(close)


def _protein(f: _Facts) -> None:
    n, t = f.food, f.tdee
    if n is None or t is None or n.avg_protein_g is None or not t.protein_g:
        return
    if n.avg_protein_g < PROTEIN_SHORT_SHARE * t.protein_g:
        f.changes.append(
            f"Your protein averages {num(n.avg_protein_g)} g a day against your target of {num(t.protein_g)} g:"
            " add a protein source to each meal."
        )
    else:
        f.working.append(
            f"your protein averages {num(n.avg_protein_g)} g a day, meeting your target of {num(t.protein_g)} g"
        )


def _habits(f: _Facts) -> None:
    logging = f.habits.logging_rate if f.habits is not None else f.food.logging_rate if f.food is not None else None
    if logging is not None and logging < LOW_RATE:
        f.changes.append(
            f"Your food-logging rate is {pct(logging)}: logging on more days makes these averages more reliable."
        )
    if f.habits is not None and f.habits.checkin_rate < LOW_RATE:
        f.changes.append(
            f"Your check-in rate is {pct(f.habits.checkin_rate)}: a quick daily check-in, even just"
            " a weigh-in, sharpens your trend."
        )


RULES = (_floor, _rate, _calories, _protein, _habits)
"""In priority order: the first `MAX_CHANGES` changes found are said."""


def advice_sentences(results: Sequence[tuple[str, str]]) -> str:
    """What to change (at most `MAX_CHANGES`) and what is working, from this turn's results."""
    facts = _facts(results)
    for rule in RULES:
        rule(facts)
    working = ("What's working: " + "; ".join(facts.working) + ".") if facts.working else ""
    if facts.changes:
        return " ".join(["Here is what I would change.", *facts.changes[:MAX_CHANGES], working]).strip()
    if facts.working:
        return "Your numbers look on track, so I would keep doing what you're doing. " + working
    return (
        "I don't have enough of your data to suggest a change yet. Log your meals and weigh in for a week,"
        " then ask me again."
    )
