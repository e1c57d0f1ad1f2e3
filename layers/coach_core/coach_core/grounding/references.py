"""The values a figure may be grounded in: this turn's tool outputs, the user context the model
was given, the user's own messages in the session, and the documented policy constants.

Tool outputs and the context are walked as JSON: each numeric leaf becomes a `Reference` whose
kind, role and topic come from its key (`KEY_RULES`, a table), in the canonical unit of its kind
(rates 0.86 → 86 %). Points of a daily series (a list: check-ins, the moving-average points) are
marked `series`: they ground only a figure said of a day ("on Monday", "from 71.2 to 69.8 kg").
A few values follow from the others and are stated as often as the tools' own ("7.8 kg to go",
"a 550 kcal deficit", "34 g short of your protein target", "12 of 14 days is 86 %"): `derived`
adds them, each needing the words that say which one it is (`needs_cue`). The user's messages
and strings the tools return (data-gap texts) are read with the same extractor as the answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Literal

from coach_core.domain.formulas import (
    DEFAULT_LOSE_RATE_KG_PER_WEEK,
    FAT_SHARE_OF_TARGET,
    GAIN_SURPLUS_KCAL,
    KCAL_PER_KG,
    MAX_LOSE_RATE_KG_PER_WEEK,
    MIN_TARGET_KCAL,
    MIN_WEIGH_INS_FOR_RATE,
    MOVING_AVERAGE_DAYS,
    PROTEIN_G_PER_KG_LOSING,
    PROTEIN_G_PER_KG_OTHERWISE,
)
from coach_core.policies.extraction import KG_PER_LB, Quantity, extract_quantities
from coach_core.policies.extraction.quantities import Kind

Source = Literal["tool", "context", "message", "policy"]
Role = Literal["body", "change", "rate", "absolute", "delta", "count", "window", "any"]

HARD_FLOOR_KCAL: Final = 800
"""docs/SAFETY.md, "The four policies": below 800 kcal a day is blocked."""
WINDOW_DAYS: Final = (MOVING_AVERAGE_DAYS, 14, 30, 90)
"""The tools' documented windows (DOMAIN.md defaults and limits) and the moving average's."""


@dataclass(frozen=True, slots=True)
class Reference:
    """One value a figure may match. `signed`: the value has a direction (a change, a weekly
    rate: negative = losing). `topic` names what it is within its kind (protein, intake, ...);
    `needs_cue` is a cue word group the figure's clause must hold for it to count."""

    kind: Kind
    value: float
    label: str
    source: Source
    role: Role = "any"
    topic: str | None = None
    signed: bool = False
    series: bool = False
    needs_cue: str | None = None
    stance: str | None = None
    """intake (what was eaten) or target (what to aim for), for grams of a macro."""
    shown: str = ""
    """The value as the source gave it, with its unit ("69.79 kg", "0.86" as "86%")."""


@dataclass(frozen=True, slots=True)
class KeyRule:
    pattern: re.Pattern[str]
    kind: Kind
    role: Role
    topic: str | None = None
    signed: bool = False
    factor: float = 1.0


def _rule(
    pattern: str, kind: Kind, role: Role, topic: str | None = None, *, signed: bool = False, factor: float = 1.0
) -> KeyRule:
    return KeyRule(re.compile(pattern), kind, role, topic, signed, factor)


# Key name → what its number is (first match wins). Keys not listed (dates, factors, flags) are
# not figures about the user.
KEY_RULES: Final = (
    _rule(r"^weekly_rate_kg$", "mass", "rate", signed=True),
    _rule(r"rate_kg_per_week$", "mass", "rate", "goal"),
    _rule(r"^change.*_kg$", "mass", "change", signed=True),
    _rule(r"^target_weight_kg$", "mass", "body", "goal"),
    _rule(r"(?:average|avg).*_kg$", "mass", "body", "average"),
    _rule(r"_kg$", "mass", "body"),
    _rule(r"^(?:avg|average)_calories$", "energy", "absolute", "intake"),
    _rule(r"^target_calories$", "energy", "absolute", "target"),
    _rule(r"^tdee$", "energy", "absolute", "tdee"),
    _rule(r"^bmr$", "energy", "absolute", "bmr"),
    _rule(r"^calories$", "energy", "absolute", "intake"),
    _rule(r"protein_g$", "grams", "any", "protein"),
    _rule(r"carbs_g$", "grams", "any", "carbs"),
    _rule(r"fat_g$", "grams", "any", "fat"),
    _rule(r"^checkin_rate$", "percent", "any", "checkin", factor=100.0),
    _rule(r"^logging_rate$", "percent", "any", "logging", factor=100.0),
    _rule(r"^(?:longest_)?checkin_streak", "days", "count", "checkin"),
    _rule(r"^logging_streak", "days", "count", "logging"),
    _rule(r"^checkin_days$", "days", "count", "checkin"),
    _rule(r"^logged_days$", "days", "count", "logging"),
    _rule(r"^count$", "days", "count", "checkin"),
    _rule(r"^weigh_ins$", "days", "count", "weighin"),
    _rule(r"^days$", "days", "window"),
    _rule(r"sleep_hours", "hours", "any", "sleep"),
    _rule(r"energy", "rating", "any", "energy"),
    _rule(r"mood", "rating", "any", "mood"),
    _rule(r"^age(?:_years)?$", "age", "any"),
    _rule(r"^height_cm$", "height", "any"),
)

LABELS: Final[Mapping[str, str]] = {
    "latest_average_kg": "7-day average weight",
    "latest_7_day_average_kg": "7-day average weight",
    "average_kg": "7-day average weight that day",
    "weight_kg": "weight",
    "change_kg": "weight change",
    "weekly_rate_kg": "weekly rate of change",
    "target_weight_kg": "goal weight",
    "target_rate_kg_per_week": "goal rate",
    "rate_kg_per_week": "goal rate",
    "avg_calories": "average daily intake",
    "average_calories": "average daily intake",
    "target_calories": "daily calorie target",
    "tdee": "estimated maintenance (TDEE)",
    "bmr": "BMR",
    "avg_protein_g": "average protein",
    "average_protein_g": "average protein",
    "avg_carbs_g": "average carbs",
    "average_carbs_g": "average carbs",
    "avg_fat_g": "average fat",
    "average_fat_g": "average fat",
    "protein_g": "protein target",
    "carbs_g": "carbohydrate target",
    "fat_g": "fat target",
    "checkin_rate": "check-in rate",
    "logging_rate": "logging rate",
    "logged_days": "days logged",
    "checkin_days": "check-in days",
    "weigh_ins": "weigh-ins",
    "count": "check-ins",
    "days": "days in the window",
    "checkin_streak": "check-in streak",
    "logging_streak": "logging streak",
    "longest_checkin_streak": "longest check-in streak",
    "avg_sleep_hours": "average sleep",
    "average_sleep_hours": "average sleep",
    "age": "age",
    "age_years": "age",
    "height_cm": "height",
}
UNITS: Final[Mapping[str, str]] = {
    "mass": " kg",
    "energy": " kcal",
    "grams": " g",
    "g_per_kg": " g/kg",
    "percent": "%",
    "hours": " h",
    "days": "",
    "rating": "/5",
    "age": " years",
    "height": " cm",
}


def _stance(key: str, kind: Kind) -> str | None:
    if kind == "grams":
        return "intake" if key.startswith(("avg_", "average_")) else "target"
    if kind == "days" and "streak" in key:
        return "longest" if key.startswith("longest") else "streak"
    return None


@lru_cache(maxsize=256)
def _rule_for(key: str) -> KeyRule | None:
    for rule in KEY_RULES:
        if rule.pattern.search(key):
            return rule
    return None


def _shown(kind: Kind, value: float) -> str:
    text = f"{value:,.2f}".rstrip("0").rstrip(".")
    return ("0" if text in ("-0", "") else text) + UNITS[kind]


def _leaves(value: Any, key: str = "", series: bool = False) -> Iterable[tuple[str, Any, bool]]:
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _leaves(v, str(k), series)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item, key, True)
    else:
        yield key, value, series


def _objects(value: Any) -> Iterable[Mapping[str, Any]]:
    if isinstance(value, Mapping):
        yield value
        for v in value.values():
            yield from _objects(v)
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item)


def _shares(node: Mapping[str, Any]) -> Iterable[Reference]:
    """Within one result: the days with an entry as a share of its window (12 of 14 days is
    85.7 %), and the days without one ("you missed 2 days")."""
    days = node.get("days")
    if not isinstance(days, int | float) or isinstance(days, bool) or not days:
        return
    for key, topic in (("logged_days", "logging"), ("checkin_days", "checkin")):
        done = node.get(key)
        if isinstance(done, int | float) and not isinstance(done, bool):
            share = done / days * 100
            yield Reference(
                "percent",
                share,
                f"share of days with a {topic} entry",
                "tool",
                topic=topic,
                shown=_shown("percent", share),
            )
            yield Reference(
                "days",
                days - done,
                f"days without a {topic} entry",
                "tool",
                "count",
                needs_cue="missed",
                shown=_shown("days", days - done),
            )


@dataclass
class References:
    """Everything one turn's figures may match, by kind. `headline` keeps the first value of
    each named key (tool before context) for the derived values and the disclaimer."""

    by_kind: dict[str, list[Reference]] = field(default_factory=dict)
    series_by_kind: dict[str, list[Reference]] = field(default_factory=dict)
    """A daily series' points apart: most claims are not said of a day, and a 90-day trend has 180."""
    headline: dict[str, float] = field(default_factory=dict)

    def add(self, ref: Reference) -> None:
        (self.series_by_kind if ref.series else self.by_kind).setdefault(ref.kind, []).append(ref)

    def of(self, kind: str, *, series: bool = False) -> Sequence[Reference]:
        """The references of a kind; with `series`, one day's values too."""
        if series and kind in self.series_by_kind:
            return [*self.by_kind.get(kind, ()), *self.series_by_kind[kind]]
        return self.by_kind.get(kind, ())

    def add_json(self, data: Any, source: Source) -> None:
        """Every numeric leaf of a tool output or the context facts (strings of data gaps are
        read with the extractor)."""
        for key, value, series in _leaves(data):
            if isinstance(value, bool) or value is None:
                continue
            if isinstance(value, str):
                if key in ("description", "suggestion"):
                    self.add_text(value, source)
                continue
            if not isinstance(value, int | float):
                continue
            rule = _rule_for(key)
            if rule is None:
                continue
            scaled = float(value) * rule.factor
            label = LABELS.get(key, key.replace("_", " "))
            stance = _stance(key, rule.kind)
            self.add(
                Reference(
                    rule.kind,
                    scaled,
                    label,
                    source,
                    rule.role,
                    rule.topic,
                    rule.signed,
                    series,
                    stance=stance,
                    shown=_shown(rule.kind, scaled),
                )
            )
            if not series:
                self.headline.setdefault(key, float(value))
        for node in _objects(data):
            for ref in _shares(node):
                self.add(ref)

    def add_tool_output(self, content: str) -> None:
        try:
            data = json.loads(content)
        except ValueError:
            return
        if isinstance(data, Mapping) and "error" not in data:
            self.add_json(data, "tool")

    def add_text(self, text: str, source: Source) -> None:
        """Figures a text states (a user's message, a data-gap text): they match by kind and value."""
        for q in _quantities(text):
            for value in {q.value, q.high}:
                self.add(
                    Reference(
                        q.kind, value, "what you said" if source == "message" else "your data", source, shown=q.text
                    )
                )

    def add_constants(self) -> None:
        for ref in POLICY_CONSTANTS:
            self.add(ref)

    def add_derived(self) -> None:
        for ref in derived(self.headline):
            self.add(ref)


@lru_cache(maxsize=512)
def _quantities(text: str) -> tuple[Quantity, ...]:
    """The same data-gap texts recur on every turn: read each once per process."""
    return tuple(extract_quantities(text))


def _const(kind: Kind, value: float, label: str, role: Role = "any", unit: str | None = None) -> Reference:
    return Reference(kind, value, label, "policy", role, shown=_shown(kind, value) if unit is None else unit)


POLICY_CONSTANTS: Final = (
    _const("energy", MIN_TARGET_KCAL, "the 1,200 kcal minimum", "absolute"),
    _const("energy", HARD_FLOOR_KCAL, "the 800 kcal hard floor", "absolute"),
    _const("energy", KCAL_PER_KG, "kcal per kg of body fat"),
    _const("energy", KCAL_PER_KG * KG_PER_LB, "kcal per lb of body fat"),
    _const("energy", GAIN_SURPLUS_KCAL, "the gain surplus", "delta"),
    _const("energy", KCAL_PER_KG * DEFAULT_LOSE_RATE_KG_PER_WEEK / 7, "the default daily deficit", "delta"),
    _const("energy", KCAL_PER_KG * MAX_LOSE_RATE_KG_PER_WEEK / 7, "the largest daily deficit", "delta"),
    _const("mass", MAX_LOSE_RATE_KG_PER_WEEK, "the 1 kg a week limit", "rate"),
    _const("mass", DEFAULT_LOSE_RATE_KG_PER_WEEK, "the default rate", "rate"),
    _const("percent", FAT_SHARE_OF_TARGET * 100, "fat's share of the target"),
    _const("g_per_kg", PROTEIN_G_PER_KG_LOSING, "protein per kg when losing"),
    _const("g_per_kg", PROTEIN_G_PER_KG_OTHERWISE, "protein per kg otherwise"),
    _const("days", MIN_WEIGH_INS_FOR_RATE, "weigh-ins needed for a rate", "window"),
    *(_const("days", d, "a tool window", "window") for d in WINDOW_DAYS),
)


def _first(values: Mapping[str, float], *keys: str) -> float | None:
    for key in keys:
        if key in values:
            return values[key]
    return None


def derived(h: Mapping[str, float]) -> list[Reference]:
    """Values that follow from the tools' own (see the module docstring)."""
    out: list[Reference] = []
    avg_kg = _first(h, "latest_average_kg", "latest_7_day_average_kg", "weight_kg")
    goal_kg = _first(h, "target_weight_kg")
    change = _first(h, "change_kg", "change_over_30_days_kg")
    rate = _first(h, "weekly_rate_kg")
    intake = _first(h, "avg_calories", "average_calories")
    tdee, target = _first(h, "tdee"), _first(h, "target_calories")

    def add(
        kind: Kind,
        value: float,
        label: str,
        role: Role = "any",
        cue: str | None = None,
        topic: str | None = None,
        stance: str | None = None,
    ) -> None:
        out.append(
            Reference(kind, value, label, "tool", role, topic, needs_cue=cue, stance=stance, shown=_shown(kind, value))
        )

    if avg_kg is not None and goal_kg is not None:
        add("mass", abs(avg_kg - goal_kg), "distance to your goal weight", "change")
    if avg_kg and change is not None and avg_kg - change > 0:
        add("percent", abs(change) / (avg_kg - change) * 100, "weight change as a share of body weight", cue="body")
    if avg_kg and rate is not None:
        add("percent", abs(rate) / avg_kg * 100, "weekly rate as a share of body weight", cue="body")
    energies = {"average daily intake": intake, "maintenance (TDEE)": tdee, "calorie target": target}
    named = [(k, v) for k, v in energies.items() if v is not None]
    for i, (name_a, a) in enumerate(named):
        for name_b, b in named[i + 1 :]:
            add("energy", abs(a - b), f"difference between your {name_a} and {name_b}", "delta")
            if b:
                add("percent", a / b * 100, f"{name_a} as a share of {name_b}", cue="energy")
            if a:
                add("percent", b / a * 100, f"{name_b} as a share of {name_a}", cue="energy")
                add("percent", abs(a - b) / a * 100, f"gap between {name_a} and {name_b}", cue="energy")
    for macro in ("protein", "carbs", "fat"):
        eaten, aimed = _first(h, f"avg_{macro}_g", f"average_{macro}_g"), _first(h, f"{macro}_g")
        if eaten is not None and aimed is not None:
            add("grams", abs(aimed - eaten), f"gap to your {macro} target", cue="gap", topic=macro)
        if macro == "protein" and avg_kg:
            for value, label, stance in ((eaten, "average protein", "intake"), (aimed, "protein target", "target")):
                if value is not None:
                    add("g_per_kg", value / avg_kg, f"{label} per kg of body weight", stance=stance)
    return out


def build_references(
    tool_outputs: Iterable[str],
    context: Mapping[str, Any] | None,
    user_messages: Iterable[str],
) -> References:
    """The turn's references: tool outputs first (their values name the disclaimer's figures),
    then the context facts, the user's own messages, the policy constants and the derived values."""
    refs = References()
    for content in tool_outputs:
        refs.add_tool_output(content)
    if context is not None:
        refs.add_json(context, "context")
    for message in user_messages:
        refs.add_text(message, "message")
    refs.add_constants()
    refs.add_derived()
    return refs
