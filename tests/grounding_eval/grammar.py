"""The template grammar: answers about a user's data built from many independent parts.

An answer is an optional opener, two to five *fact* sentences (each a template for one fact of
the tool outputs, with its figure(s) written by an independently drawn renderer), zero to two
*advice* or *general* sentences whose figures are not about the user (aim-for targets, food
facts, activity, policy limits), optional closers, in a random order, joined as prose, lines
or bullets. Each fact has several templates; templates are split into `dev` (the ones the
checker was developed against) and `holdout` (written at the same time, never looked at while
tuning), so the report can show both.

Template syntax: `{0}`, `{1}` are the fact's figures (rendered), `{D}` a window phrase. A
template is a plain string; a fact is a function of the tool outputs returning its values and
templates, or None when the data lacks it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tests.grounding_eval import render as r

Renderers = tuple[Callable[[random.Random], r.Renderer], ...]


@dataclass(frozen=True)
class Fact:
    """One fact of the data: its values, how each is written, and its templates. `perturb`
    says which figures may be perturbed (a window length is not a fact about the user)."""

    name: str
    values: tuple[float, ...]
    renderers: Renderers
    dev: tuple[str, ...]
    holdout: tuple[str, ...]
    perturb: tuple[bool, ...] = (True,)
    integer: tuple[bool, ...] = (False,)


def _body(rng: random.Random) -> r.Renderer:
    return r.mass(rng, body=True)


def _change(rng: random.Random) -> r.Renderer:
    return r.mass(rng, body=False)


def _rate(rng: random.Random) -> r.Renderer:
    return r.mass(rng, body=False, grams=True)


def _signed_change(rng: random.Random) -> r.Renderer:
    base = r.mass(rng, body=False)
    if base.convert in ("st", "g"):
        base = r.Renderer("mass", " kg", decimals=2)
    return r.Renderer(base.kind, base.unit, base.decimals, base.step, base.comma, "", base.convert, signed=True)


def _days(rng: random.Random) -> r.Renderer:
    return r.count(rng, "")


def _days_unit(rng: random.Random) -> r.Renderer:
    return r.count(rng, rng.choice((" days", " days", " days")))


def _weigh_ins(rng: random.Random) -> r.Renderer:
    return r.count(rng, rng.choice((" weigh-ins", " weigh-ins", " weigh ins")))


def _checkins(rng: random.Random) -> r.Renderer:
    return r.count(rng, rng.choice((" check-ins", " check-ins", " checkins")))


def _pct(rng: random.Random) -> r.Renderer:
    return r.percent(rng)


def _g_per_kg(rng: random.Random) -> r.Renderer:
    return r.Renderer("g_per_kg", rng.choice((" g/kg", " g per kg", " grams per kilo", "g/kg")), decimals=1)


def facts_of(outputs: Mapping[str, dict[str, Any]], tools: tuple[str, ...]) -> list[Fact]:
    """Every fact the chosen tools' outputs can state."""
    out: list[Fact] = []
    t = outputs.get("get_weight_trend") if "get_weight_trend" in tools else None
    n = outputs.get("get_nutrition_summary") if "get_nutrition_summary" in tools else None
    e = outputs.get("calculate_tdee") if "calculate_tdee" in tools else None
    a = outputs.get("get_adherence_metrics") if "get_adherence_metrics" in tools else None
    c = outputs.get("get_recent_checkins") if "get_recent_checkins" in tools else None
    p = outputs.get("get_user_profile") if "get_user_profile" in tools else None

    def add(
        name: str,
        values: tuple[Any, ...],
        renderers: Renderers,
        dev: tuple[str, ...],
        holdout: tuple[str, ...],
        perturb: tuple[bool, ...] | None = None,
        integer: tuple[bool, ...] | None = None,
    ) -> None:
        if any(v is None for v in values):
            return
        out.append(
            Fact(
                name,
                tuple(float(v) for v in values),
                renderers,
                dev,
                holdout,
                perturb or (True,) * len(values),
                integer or (False,) * len(values),
            )
        )

    if t is not None:
        avg, change, rate, days = t["latest_average_kg"], t["change_kg"], t["weekly_rate_kg"], t["days"]
        add(
            "avg_weight",
            (avg,),
            (_body,),
            (
                "your 7-day average is {0}",
                "your trend weight is {0}",
                "your weight is averaging {0}",
                "right now your average weight is {0}",
                "the 7-day average now reads {0}",
                "you're sitting at {0} on your 7-day average",
                "your smoothed weight is {0}",
                "the scale trend says {0}",
                "you're hovering around {0}",
                "your weight currently averages {0}",
                "at the moment, you average {0}",
                "your rolling average is {0}",
            ),
            (
                "your average over the past week comes to {0}",
                "you're currently at {0}",
                "on your moving average you weigh {0}",
                "your latest 7-day average: {0}",
            ),
        )
        if change:
            loss = change < 0
            add(
                "change",
                (change, days),
                (_change, _days),
                (
                    ("you're down {0} over the last {1} days" if loss else "you're up {0} over the last {1} days"),
                    ("you've lost {0} in {1} days" if loss else "you've gained {0} in {1} days"),
                    (
                        "your weight has dropped {0} over the past {1} days"
                        if loss
                        else "your weight has risen {0} over the past {1} days"
                    ),
                    ("that's {0} lighter than {1} days back" if loss else "that's {0} heavier than {1} days back"),
                    ("{0} down in {1} days" if loss else "{0} up in {1} days"),
                    (
                        "compared with {1} days ago you're {0} lighter"
                        if loss
                        else "compared with {1} days ago you're {0} heavier"
                    ),
                ),
                (
                    ("over {1} days the trend fell by {0}" if loss else "over {1} days the trend climbed by {0}"),
                    (
                        "you've shed {0} across the last {1} days"
                        if loss
                        else "you've put on {0} across the last {1} days"
                    ),
                ),
                perturb=(True, False),
                integer=(False, True),
            )
            add(
                "change_signed",
                (change,),
                (_signed_change,),
                (
                    "that's a change of {0}",
                    "your {D} change is {0}",
                ),
                ("net change: {0}",),
            )
        if rate:
            loss = rate < 0
            add(
                "rate",
                (rate,),
                (_rate,),
                (
                    ("you're losing {0} a week" if loss else "you're gaining {0} a week"),
                    ("you're losing about {0} per week" if loss else "you're putting on about {0} per week"),
                    ("your weight is coming down {0} each week" if loss else "your weight is going up {0} each week"),
                    ("that works out to {0}/week of loss" if loss else "that works out to {0}/week of gain"),
                    ("your pace is {0} per week down" if loss else "your pace is {0} per week up"),
                    ("weekly, you're losing {0}" if loss else "weekly, you're gaining {0}"),
                ),
                (
                    ("the trend is falling at {0} weekly" if loss else "the trend is rising at {0} weekly"),
                    ("you've been dropping {0} a week" if loss else "you've been adding {0} a week"),
                ),
            )
        add(
            "weigh_ins",
            (t["weigh_ins"],),
            (_weigh_ins,),
            (
                "that's based on {0}",
                "this comes from {0} in the window",
            ),
            ("you've logged {0} so far",),
            integer=(True,),
        )
    goal = None
    if p is not None and p.get("goal"):
        goal = p["goal"].get("target_weight_kg")
        add(
            "goal_weight",
            (goal,),
            (_body,),
            (
                "your goal is {0}",
                "you're aiming for {0}",
                "your goal weight is {0}",
            ),
            ("your target weight is set at {0}",),
        )
        if p.get("age") is not None:
            add(
                "age",
                (p["age"],),
                (lambda g: r.plain(g, "age", " years old"),),
                ("you're {0}",),
                ("at {0}, your needs are a little different",),
                integer=(True,),
            )
        if p.get("height_cm") is not None:
            add(
                "height",
                (p["height_cm"],),
                (lambda g: r.plain(g, "height", " cm", g.choice((0, 1))),),
                ("your height is {0}",),
                ("you're {0} tall",),
            )
    if t is not None and goal is not None and t["latest_average_kg"] is not None:
        add(
            "goal_gap",
            (abs(t["latest_average_kg"] - goal),),
            (_change,),
            (
                "you have {0} to go to reach your goal",
                "you're {0} away from your goal weight",
            ),
            ("there's {0} left between you and your goal",),
        )
    if n is not None and n["avg_calories"] is not None:
        add(
            "intake",
            (n["avg_calories"],),
            (r.energy,),
            (
                "you've averaged {0} a day",
                "your average intake is {0}",
                "you're eating roughly {0} per day",
                "your intake has been {0} on average",
                "you've been taking in {0} daily",
                "you ate {0} a day on average",
                "the average day comes in at {0}",
                "intake is running at {0}",
                "average calories: {0}",
            ),
            (
                "your logged days average {0}",
                "you're consuming {0} a day on average",
            ),
        )
        add(
            "intake_logged",
            (n["logged_days"], n["avg_calories"]),
            (_days, r.energy),
            (
                "on the {0} days you logged, you ate about {1}",
                "across {0} logged days you averaged {1}",
            ),
            ("your {0} logged days came in at {1} on average",),
            integer=(True, False),
        )
        for macro, label in (("protein", "protein"), ("carbs", "carbs"), ("fat", "fat")):
            value = n[f"avg_{macro}_g"]
            add(
                f"avg_{macro}",
                (value,),
                (r.grams,),
                (
                    f"you're averaging {{0}} of {label}",
                    f"{label} has been around {{0}} a day",
                    f"your average {label} is {{0}}",
                    f"you're getting {{0}} {label} daily",
                    f"avg {label}: {{0}}",
                    f"your {label} averages {{0}}",
                ),
                (
                    f"your {label} intake sits at {{0}}",
                    f"daily {label} has averaged {{0}}",
                ),
            )
        if None not in (n["avg_protein_g"], n["avg_carbs_g"], n["avg_fat_g"]):
            add(
                "macros",
                (n["avg_protein_g"], n["avg_carbs_g"], n["avg_fat_g"]),
                (r.grams, r.grams, r.grams),
                (
                    "you're averaging {0} protein, {1} carbs and {2} fat",
                    "your macros average out to {0} of protein, {1} of carbs and {2} of fat",
                ),
                ("on a typical logged day you get {0} protein, {1} carbohydrate and {2} fat",),
            )
        add(
            "logging_rate",
            (n["logging_rate"],),
            (_pct,),
            (
                "you logged food on {0} of days",
                "your logging rate is {0}",
            ),
            ("you've been tracking meals {0} of the time",),
        )
        add(
            "logged_fraction",
            (n["logged_days"], n["days"]),
            (_days, _days_unit),
            (
                "you've logged {0} of the last {1}",
                "you tracked meals on {0} out of {1}",
            ),
            ("food was logged on {0}/{1}",),
            perturb=(True, False),
            integer=(True, True),
        )
    if e is not None and e["tdee"] is not None:
        add(
            "tdee",
            (e["tdee"],),
            (r.energy,),
            (
                "your maintenance (TDEE) is {0}",
                "you burn about {0} a day",
                "your estimated maintenance sits at {0}",
                "to maintain your weight you need about {0} a day",
                "your TDEE comes to {0}",
                "your maintenance is around {0}",
                "you need roughly {0} just to maintain",
                "maintenance calories: {0}",
            ),
            (
                "your body uses roughly {0} a day",
                "your maintenance calories are {0}",
            ),
        )
        add(
            "bmr",
            (e["bmr"],),
            (r.energy,),
            (
                "your BMR is {0}",
                "at rest you burn roughly {0}",
                "your basal metabolic rate is about {0}",
                "your BMR works out to {0}",
            ),
            ("your resting burn is {0}",),
        )
        add(
            "target",
            (e["target_calories"],),
            (r.energy,),
            (
                "your daily target is {0}",
                "your calorie target comes to {0}",
                "for your goal, your target is {0} a day",
                "the calculator puts your target at {0}",
                "your target intake is {0}",
                "you've been given a target of {0}",
                "target: {0}",
                "your intake target is {0}",
            ),
            ("your goal intake is {0}", "you should be eating {0} to hit your goal"),
        )
        if e["tdee"] - e["target_calories"] > 0:
            add(
                "deficit",
                (e["tdee"] - e["target_calories"],),
                (r.delta_energy,),
                (
                    "that's a deficit of {0} a day",
                    "that puts you {0} below maintenance",
                    "your target sits {0} under your TDEE",
                ),
                ("the gap to maintenance is a {0} deficit",),
            )
        add(
            "protein_target",
            (e["protein_g"],),
            (r.grams,),
            (
                "your protein target is {0}",
                "the plan sets protein at {0}",
            ),
            ("you need about {0} of protein a day",),
        )
        add(
            "targets",
            (e["protein_g"], e["fat_g"], e["carbs_g"]),
            (r.grams, r.grams, r.grams),
            ("your targets are {0} protein, {1} fat and {2} carbs",),
            ("the macro split is {0} of protein, {1} of fat and {2} of carbs",),
        )
        if n is not None and n["avg_protein_g"] is not None and e["protein_g"] - n["avg_protein_g"] > 1:
            add(
                "protein_gap",
                (e["protein_g"] - n["avg_protein_g"],),
                (r.grams,),
                (
                    "you're {0} short of your protein target",
                    "that's {0} below your protein target",
                ),
                ("you're falling {0} under your protein target",),
            )
        if n is not None and n["avg_calories"] is not None and e["tdee"]:
            add(
                "pct_maintenance",
                (n["avg_calories"] / e["tdee"] * 100,),
                (r.share,),
                ("you're eating {0} of your maintenance",),
                ("your intake is {0} of your TDEE",),
            )
        if t is not None and n is not None and n["avg_protein_g"] and t["latest_average_kg"]:
            add(
                "protein_per_kg",
                (n["avg_protein_g"] / t["latest_average_kg"],),
                (_g_per_kg,),
                (
                    "that's about {0} of body weight",
                    "you're at {0} of protein",
                ),
                ("protein comes to {0}",),
            )
    if a is not None:
        add(
            "checkin_rate",
            (a["checkin_rate"],),
            (_pct,),
            (
                "your check-in rate is {0}",
                "you checked in on {0} of days",
            ),
            ("check-ins happened {0} of the time",),
        )
        add(
            "checkin_fraction",
            (a["checkin_days"], a["days"]),
            (_days, _days_unit),
            ("you checked in on {0} of the last {1}",),
            ("check-ins: {0} of {1}",),
            perturb=(True, False),
            integer=(True, True),
        )
        if a["checkin_streak"]:
            add(
                "checkin_streak",
                (a["checkin_streak"],),
                (_days,),
                (
                    "you're on a {0}-day check-in streak",
                    "your check-in streak is {0} days",
                    "that's {0} days in a row of check-ins",
                    "current check-in streak: {0} days",
                ),
                ("you've checked in {0} days straight",),
                integer=(True,),
            )
        if a["logging_streak"]:
            add(
                "logging_streak",
                (a["logging_streak"],),
                (_days,),
                (
                    "your logging streak is {0} days",
                    "you've logged {0} days in a row",
                    "that's {0} straight days of logging",
                ),
                ("a {0}-day logging streak is going",),
                integer=(True,),
            )
        if a["longest_checkin_streak"]:
            add(
                "longest_streak",
                (a["longest_checkin_streak"],),
                (_days,),
                ("your longest check-in streak in this window is {0} days",),
                ("your best run of check-ins was {0} days",),
                integer=(True,),
            )
    if c is not None and c["count"]:
        add(
            "sleep",
            (c["avg_sleep_hours"],),
            (r.hours,),
            (
                "you're sleeping {0} a night on average",
                "your sleep averages {0}",
                "average sleep: {0}",
            ),
            ("you've been getting {0} per night",),
        )
        add(
            "energy_rating",
            (c["avg_energy"],),
            (r.rating,),
            (
                "your energy has averaged {0}",
                "energy comes in at {0}",
            ),
            ("you rate your energy {0} on average",),
        )
        add("mood_rating", (c["avg_mood"],), (r.rating,), ("your mood averages {0}",), ("mood has been {0}",))
        add(
            "checkin_count",
            (c["count"],),
            (_checkins,),
            ("you have {0} in this period",),
            ("there are {0} on record for the window",),
            integer=(True,),
        )
    return out


OPENERS = (
    "",
    "",
    "",
    "Looking at your numbers, ",
    "Good news: ",
    "From your logs, ",
    "So far, ",
    "Here's where you are: ",
    "Quick summary: ",
    "Based on your data, ",
)
CLOSERS = (
    "",
    "",
    "",
    "",
    " - nice work",
    ", which is right on track",
    ", so keep it up",
    ", and that's solid",
    ", which is a good sign",
    " (that's from your own logs)",
)
WINDOWS = ("30-day", "recent", "latest", "overall")


def advice(rng: random.Random, split: str) -> str:
    """A sentence whose figures are advice, general facts, foods, activities or policy limits."""
    lo, hi = rng.randint(6, 7), rng.randint(8, 9)
    dev = (
        f"Aim for {lo}-{hi} hours of sleep a night.",
        f"Try adding {rng.randint(15, 35)} g of protein at breakfast.",
        f"A brisk {rng.choice((20, 30, 40, 45))}-minute walk burns roughly {rng.randint(10, 40) * 10} kcal.",
        "Most adults do well with 1.6-2.2 g of protein per kg of body weight.",
        f"A chicken breast has about {rng.randint(25, 40)} g of protein.",
        "Keep weight loss under 1 kg a week.",
        f"Try logging at least {rng.randint(4, 6)} days a week.",
        f"Drink {rng.choice(('2', '2.5', '3'))} litres of water a day.",
        "Add one serving of vegetables to lunch.",
        f"Consider a {rng.choice((10, 15, 20))}-minute walk after dinner.",
        f"Greek yogurt packs about {rng.randint(8, 12)} g of protein per 100 g.",
        f"Walking {rng.randint(6, 10)},000 steps a day is a great target.",
        "A safe pace is 0.5-1 kg per week.",
        "Losing 1 kg of fat takes a deficit of roughly 7,700 kcal.",
        "Don't go below 1,200 kcal a day without medical supervision.",
        f"You could bump protein by {rng.randint(10, 30)} g if you're hungry.",
        f"If you want, try {rng.randint(2, 4)} strength sessions a week.",
    )
    holdout = (
        f"A good rule of thumb is {rng.randint(20, 40)} g of protein per meal.",
        f"Shoot for {rng.randint(25, 35)} g of fibre a day.",
        f"One egg has about {rng.randint(6, 7)} g of protein and {rng.randint(70, 80)} kcal.",
        f"You might try eating {rng.randint(100, 300)} kcal more on training days.",
        f"Next week, see if you can check in {rng.randint(5, 7)} days.",
        f"Swap one snack for fruit to save around {rng.randint(10, 25) * 10} kcal.",
    )
    return rng.choice(dev if split == "dev" else holdout)
