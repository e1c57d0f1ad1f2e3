"""How the offline model phrases a tool result: one or two sentences from the real numbers,
and the data gaps the results carry that those sentences do not already say.

Injected into the offline provider (`providers.offline.OfflineKit`) by the service composer,
so the provider layer never imports tools. Results are read through each tool's `Output`
model: a result that does not validate (or is a tool error) is reported as unreadable. Every
figure comes from the result itself, so the answers are always grounded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from coach_core.domain.outputs import (
    AdherenceOutput,
    NutritionSummaryOutput,
    RecentCheckinsOutput,
    TdeeOutput,
    ToolOutput,
    UserProfileOutput,
    WeightTrendOutput,
)
from coach_core.text import plural


def num(value: float) -> str:
    text = f"{float(value):,.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pct(value: float) -> str:
    return f"{round(float(value) * 100)}%"


def weight_trend(o: WeightTrendOutput) -> str:
    parts = []
    if o.latest_average_kg is not None:
        parts.append(f"Your 7-day average is {num(o.latest_average_kg)} kg")
    rate = o.weekly_rate_kg
    if rate is None:
        parts.append("there aren't enough weigh-ins yet to measure a weekly rate (I need at least 3 spanning a week)")
    elif rate < 0:
        parts.append(f"you're losing {num(-rate)} kg per week")
    elif rate > 0:
        parts.append(f"you're gaining {num(rate)} kg per week")
    else:
        parts.append("your weight is holding steady")
    sentence = " and ".join(parts)
    sentence = sentence[0].upper() + sentence[1:] + "."
    if o.change_kg is not None and o.weigh_ins:
        sentence += (
            f" That's a change of {o.change_kg:+.2f} kg across {plural(o.weigh_ins, 'weigh-in')}"
            f" in the last {plural(o.days, 'day')}."
        )
    return sentence


def nutrition(o: NutritionSummaryOutput) -> str:
    if not o.logged_days or o.avg_calories is None:
        return (
            f"You haven't logged any meals in the last {plural(o.days, 'day')}, so I can't summarise your intake yet."
        )
    macros = [
        f"{num(v)} g {label}"
        for v, label in ((o.avg_protein_g, "protein"), (o.avg_carbs_g, "carbs"), (o.avg_fat_g, "fat"))
        if v is not None
    ]
    text = f"On the {plural(o.logged_days, 'day')} you logged, you averaged {num(o.avg_calories)} kcal"
    text += f" with {', '.join(macros)}." if macros else "."
    return text + f" Your logging rate is {pct(o.logging_rate)}."


def adherence(o: AdherenceOutput) -> str:
    return (
        f"Over the last {plural(o.days, 'day')}, your check-in rate is {pct(o.checkin_rate)} and your"
        f" food-logging rate is {pct(o.logging_rate)}."
        f" Current streaks: {plural(o.checkin_streak, 'day')} of check-ins and {plural(o.logging_streak, 'day')}"
        f" of logging. Your longest check-in streak"
        f" is {plural(o.longest_checkin_streak, 'day')}."
    )


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def checkins(o: RecentCheckinsOutput) -> str:
    if not o.count:
        return (
            f"You have no check-ins in the last {plural(o.days, 'day')}; a quick daily check-in helps me spot patterns."
        )
    averages = []
    for mean, key, label, unit in (
        (o.avg_sleep_hours, "sleep_hours", "sleep", " h"),
        (o.avg_energy, "energy", "energy", "/5"),
        (o.avg_mood, "mood", "mood", "/5"),
    ):
        if mean is None:
            mean = _mean([float(v) for c in o.checkins if (v := getattr(c, key)) is not None])
        if mean is not None:
            averages.append(f"{label} {num(mean)}{unit}")
    text = f"You have {plural(o.count, 'check-in')} in the last {plural(o.days, 'day')}"
    return text + (f", averaging {', '.join(averages)}." if averages else ".")


def tdee(o: TdeeOutput) -> str:
    if o.tdee is None:
        return "I can't estimate your maintenance calories yet: some of what it needs is missing."
    text = f"Your estimated maintenance (TDEE) is {num(o.tdee)} kcal"
    text += f" (BMR {num(o.bmr)} kcal)." if o.bmr is not None else "."
    if o.target_calories is not None:
        text += f" For your goal, aim for about {num(o.target_calories)} kcal a day"
        macros = [
            f"{num(v)} g {label}"
            for v, label in ((o.protein_g, "protein"), (o.fat_g, "fat"), (o.carbs_g, "carbs"))
            if v is not None
        ]
        text += f" with roughly {', '.join(macros)}." if macros else "."
        if o.target_clamped and o.target_calories > o.tdee:
            text += (
                " That target was raised to the 1,200 kcal minimum, which is above your estimated maintenance,"
                " so eating at it will not bring your weight down; more daily activity is the way to a deficit."
            )
        elif o.target_clamped:
            text += " That target is held at the 1,200 kcal minimum."
    return text


def profile(o: UserProfileOutput) -> str:
    facts = []
    if o.age is not None:
        facts.append(f"{o.age} years old")
    for value in (o.sex, o.activity_level):
        if value:
            facts.append(str(value).replace("_", " "))
    if o.height_cm is not None:
        facts.append(f"{num(o.height_cm)} cm")
    text = ("Your profile: " + ", ".join(facts) + ".") if facts else "Your profile is mostly empty."
    if o.goal is not None:
        text += f" Goal: {o.goal.type}"
        if o.goal.target_weight_kg is not None:
            text += f" toward {num(o.goal.target_weight_kg)} kg"
        if o.goal.target_rate_kg_per_week is not None:
            text += f" at {num(o.goal.target_rate_kg_per_week)} kg per week"
        text += "."
    return text


def _answerer(output_type: type[ToolOutput], render: Callable[[Any], str]) -> Callable[[str], str | None]:
    def answer(content: str) -> str | None:
        try:
            return render(output_type.model_validate_json(content))
        except ValidationError:
            return None

    return answer


ANSWERS: Mapping[str, tuple[str, Callable[[str], str | None]]] = {
    "get_weight_trend": ("weight trend", _answerer(WeightTrendOutput, weight_trend)),
    "get_nutrition_summary": ("nutrition summary", _answerer(NutritionSummaryOutput, nutrition)),
    "get_adherence_metrics": ("consistency metrics", _answerer(AdherenceOutput, adherence)),
    "get_recent_checkins": ("recent check-ins", _answerer(RecentCheckinsOutput, checkins)),
    "calculate_tdee": ("calorie targets", _answerer(TdeeOutput, tdee)),
    "get_user_profile": ("profile", _answerer(UserProfileOutput, profile)),
}

SAID: Mapping[str, frozenset[str]] = {
    "get_weight_trend": frozenset({"weight_kg", "weekly_rate_kg"}),
    "get_nutrition_summary": frozenset({"nutrition"}),
    "get_adherence_metrics": frozenset({"checkins", "nutrition"}),
    "get_recent_checkins": frozenset({"checkins"}),
    "calculate_tdee": frozenset({"target_calories"}),
}
"""The data-gap fields each tool's sentence already says in its own words (no weigh-ins, no
meals logged, the 1,200 kcal floor); the others are added as the tool wrote them."""


def gap_sentences(results: Sequence[tuple[str, str]], stated: Collection[str] = ()) -> str:
    """The data gaps of this turn's results, each field once, in the tools' own words ("Height
    is missing, so BMR cannot be computed."), except those the sentences of the `stated` tools
    already say."""
    fields: set[object] = set()
    out: list[str] = []
    for name, content in results:
        try:
            gaps = json.loads(content).get("data_gaps", [])
        except (ValueError, AttributeError):
            continue
        for gap in gaps if isinstance(gaps, list) else []:
            if not isinstance(gap, dict) or not isinstance(text := gap.get("description"), str):
                continue
            field = gap.get("field")
            if field in fields or (name in stated and field in SAID.get(name, ())):
                continue
            fields.add(field)
            out.append(text if text.endswith((".", "!", "?")) else text + ".")
    return " ".join(out)


def _generic(content: str) -> str | None:
    try:
        value = json.loads(content)
    except ValueError:
        return None
    if not isinstance(value, dict) or "error" in value:
        return None
    scalars = [f"{k.replace('_', ' ')} {v}" for k, v in value.items() if isinstance(v, str | int | float)]
    return ("Here is what I found: " + ", ".join(scalars[:8]) + ".") if scalars else ""


def answer_sentence(name: str, content: str) -> str:
    """The offline model's sentence about one tool result (`content` is the result JSON)."""
    label, answer = ANSWERS.get(name, (name.replace("_", " "), _generic))
    sentence = answer(content)
    if sentence is None:
        return f"I couldn't read your {label} just now, so I've left it out."
    return sentence
