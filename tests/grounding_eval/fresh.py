"""The `fresh` split: templates written after the checker was frozen (issue 24), measured once and
never tuned on. Same facts and renderers as the grammar, new phrasings; `{label}` is the macro's
name for the `avg_<macro>` facts."""

from __future__ import annotations

import random
from collections.abc import Mapping

FRESH: Mapping[str, tuple[str, ...]] = {
    "avg_weight": (
        "the scale's weekly average puts you at {0}",
        "your current trend sits right around {0}",
        "smoothing out the daily swings, you're at {0}",
        "averaged over the last week, you weigh {0}",
        "your weekly average weight reads {0} right now",
    ),
    "change_loss": (
        "since the start of this {1}-day window you've come down {0}",
        "the trend shows {0} lost in {1} days",
        "that's a drop of {0} across {1} days",
    ),
    "change_gain": (
        "since the start of this {1}-day window you've gone up {0}",
        "the trend shows {0} gained in {1} days",
        "that's a rise of {0} across {1} days",
    ),
    "change_signed": ("the change over the window comes to {0}", "overall you're at {0} for the period"),
    "rate_loss": (
        "the weekly trend is about {0} down",
        "on average you drop {0} every week",
        "you're shedding roughly {0} per week",
    ),
    "rate_gain": (
        "the weekly trend is about {0} up",
        "on average you add {0} every week",
        "you're gaining roughly {0} per week",
    ),
    "weigh_ins": ("I counted {0} in this period", "the trend is built from {0}"),
    "goal_weight": ("the goal you set is {0}", "you've set your sights on {0}"),
    "goal_gap": ("you're about {0} from your goal", "{0} separates you from your goal weight"),
    "age": ("your profile says you're {0}",),
    "height": ("your profile lists {0} for height",),
    "intake": (
        "across the days you tracked, intake averaged {0}",
        "your typical day comes to about {0}",
        "food logs put you at {0} per day",
        "you've been landing around {0} a day",
    ),
    "intake_logged": ("you tracked {0} days, averaging {1}", "in {0} logged days your average was {1}"),
    "avg_macro": (
        "you're hitting about {0} of {label} per day",
        "{label} is averaging {0}",
        "the logs show {0} of {label} a day",
    ),
    "macros": (
        "per day that's {0} protein, {1} carbs, {2} fat",
        "your daily average is {0} protein with {1} carbs and {2} fat",
    ),
    "logging_rate": ("meals were logged on {0} of days", "your food logging sits at {0}"),
    "logged_fraction": ("you logged food on {0} of the past {1}", "{0} out of the last {1} have a food log"),
    "tdee": (
        "you burn roughly {0} on a normal day",
        "maintenance for you works out at about {0}",
        "your daily energy needs come to {0}",
    ),
    "bmr": ("your body burns around {0} at rest", "your resting metabolic rate comes to {0}"),
    "target": (
        "to lose at your pace, your daily target is {0}",
        "the plan puts your calories at {0}",
        "your calorie goal is {0} a day",
    ),
    "deficit": ("that's {0} under your maintenance each day", "your target builds in a {0} daily deficit"),
    "protein_target": ("your daily protein goal is {0}", "protein is set to {0} per day in your plan"),
    "targets": ("the plan's macros are {0} protein, {1} fat and {2} carbs",),
    "protein_gap": ("you're still about {0} below your protein goal", "protein is running {0} behind target"),
    "pct_maintenance": ("that's roughly {0} of what you burn", "your intake equals {0} of maintenance"),
    "protein_per_kg": ("per kilo of body weight that's {0}",),
    "checkin_rate": ("you've checked in on {0} of days", "check-in consistency is {0}"),
    "checkin_fraction": ("you checked in {0} out of the last {1}",),
    "checkin_streak": ("your current check-in run is {0} days", "you've checked in every day for {0} days"),
    "logging_streak": ("you've logged meals {0} days running", "your food-log streak stands at {0} days"),
    "longest_streak": (
        "your best check-in run this window was {0} days",
        "the longest streak of check-ins was {0} days",
    ),
    "sleep": ("you're averaging {0} of sleep", "sleep has come in at {0} a night"),
    "energy_rating": ("you rated your energy {0} on average",),
    "mood_rating": ("your average mood score is {0}",),
    "checkin_count": ("I see {0} for this stretch",),
}


def fresh_templates(name: str, values: tuple[float, ...]) -> tuple[str, ...]:
    """The fresh templates of a fact (empty: the fact is not used in this split)."""
    if name in ("change", "rate"):
        return FRESH[f"{name}_{'loss' if values[0] < 0 else 'gain'}"]
    if name in ("avg_protein", "avg_carbs", "avg_fat"):
        label = name.removeprefix("avg_")
        return tuple(t.replace("{label}", label) for t in FRESH["avg_macro"])
    return FRESH.get(name, ())


def fresh_advice(rng: random.Random) -> str:
    return rng.choice(
        (
            f"Eating slowly helps; try to make meals last {rng.randint(15, 25)} minutes.",
            f"A handful of almonds is roughly {rng.randint(15, 18) * 10} kcal.",
            f"Most people need {rng.randint(2, 3)}-{rng.randint(4, 5)} weeks to see a trend.",
            f"Try a {rng.choice((10, 15))}-minute walk after each meal.",
            f"Consider spreading {rng.randint(25, 40)} g of protein over breakfast.",
            f"Cutting {rng.randint(15, 25) * 10} kcal from snacks is a gentle start.",
            f"Protein shakes usually have {rng.randint(20, 25)}-{rng.randint(26, 30)} g of protein per scoop.",
            f"Keep fruit to {rng.randint(2, 3)} servings a day if you're tracking sugar.",
        )
    )


# `fresh2`: written after the `fresh` split's advice flags were looked at (and the checker changed
# for them), measured once and never tuned on.
FRESH2: Mapping[str, tuple[str, ...]] = {
    "avg_weight": (
        "latest seven-day average: {0}",
        "your weight trend currently reads {0}",
        "you're weighing in at an average of {0}",
    ),
    "change_loss": ("the last {1} days took {0} off your trend", "your trend is {0} lower than {1} days ago"),
    "change_gain": ("the last {1} days added {0} to your trend", "your trend is {0} higher than {1} days ago"),
    "change_signed": ("trend change: {0}",),
    "rate_loss": ("at the moment you're down roughly {0} a week", "that's a loss of about {0} per week"),
    "rate_gain": ("at the moment you're up roughly {0} a week", "that's a gain of about {0} per week"),
    "weigh_ins": ("your log has {0}",),
    "goal_weight": ("you want to reach {0}",),
    "goal_gap": ("the gap to your goal is {0}",),
    "intake": ("daily intake has averaged {0}", "you typically eat about {0}"),
    "intake_logged": ("{0} days of logs average out to {1}",),
    "avg_macro": ("{label} averages {0} per day in your logs", "your logs show {0} of {label} daily"),
    "macros": ("macros so far: {0} protein / {1} carbs / {2} fat",),
    "logging_rate": ("{0} of your days have a food log",),
    "logged_fraction": ("food logs exist for {0} of the last {1}",),
    "tdee": ("your estimated daily burn is {0}", "you use about {0} a day"),
    "bmr": ("your BMR sits at {0}",),
    "target": ("your recommended intake is {0}", "the target the calculator gives is {0}"),
    "deficit": ("your target is {0} below what you burn",),
    "protein_target": ("protein target for you: {0}",),
    "targets": ("target macros: {0} protein, {1} fat, {2} carbs",),
    "protein_gap": ("protein is {0} short of the target",),
    "pct_maintenance": ("you're eating about {0} of your TDEE",),
    "checkin_rate": ("{0} of your days include a check-in",),
    "checkin_fraction": ("check-ins on {0} of the last {1}",),
    "checkin_streak": ("{0} check-ins in a row so far",),
    "logging_streak": ("logging streak: {0} days",),
    "longest_streak": ("your record check-in streak here is {0} days",),
    "sleep": ("nightly sleep averages {0}",),
    "energy_rating": ("average energy: {0}",),
    "mood_rating": ("mood, on average, is {0}",),
    "checkin_count": ("{0} logged in this window",),
}


def fresh2_templates(name: str, values: tuple[float, ...]) -> tuple[str, ...]:
    if name in ("change", "rate"):
        return FRESH2[f"{name}_{'loss' if values[0] < 0 else 'gain'}"]
    if name in ("avg_protein", "avg_carbs", "avg_fat"):
        return tuple(t.replace("{label}", name.removeprefix("avg_")) for t in FRESH2["avg_macro"])
    return FRESH2.get(name, ())


def fresh2_advice(rng: random.Random) -> str:
    lo, hi = rng.randint(6, 7), rng.randint(8, 9)
    return rng.choice(
        (
            f"An avocado has roughly {rng.randint(22, 32) * 10} kcal.",
            f"Lifting {rng.randint(10, 40)} kg for 3 sets of 10 is a solid start.",
            f"Many runners burn about {rng.randint(55, 75) * 10} kcal per 10 km.",
            f"Getting {rng.randint(25, 35)} g of fibre daily supports digestion.",
            f"Sleep {lo}-{hi} hours if you can.",
            f"Salmon gives you about {rng.randint(20, 30)} g of protein per fillet.",
            f"A typical latte is {rng.randint(12, 22) * 10} kcal.",
            f"Beginners often add {rng.randint(5, 15)} kg to their squat in a month.",
        )
    )


# `fresh3`: written after the checker's last change, measured once and never tuned on: the
# figure of generalisation this report quotes.
FRESH3: Mapping[str, tuple[str, ...]] = {
    "avg_weight": (
        "weight (7-day average): {0}",
        "these days you average {0} on the scale",
        "your average has settled at {0}",
    ),
    "change_loss": ("you've trimmed {0} off over {1} days", "{1} days in, you're {0} down"),
    "change_gain": ("you've added {0} over {1} days", "{1} days in, you're {0} up"),
    "change_signed": ("the net change so far is {0}",),
    "rate_loss": ("you're coming down at about {0} weekly", "your loss rate is {0} per week"),
    "rate_gain": ("you're going up at about {0} weekly", "your gain rate is {0} per week"),
    "weigh_ins": ("this is based on {0} you logged",),
    "goal_weight": ("your goal sits at {0}",),
    "goal_gap": ("about {0} remain until your goal",),
    "age": ("at {0} your BMR runs a little lower",),
    "height": ("with your height of {0}, the estimate holds",),
    "intake": ("on logged days you eat roughly {0}", "intake (daily average): {0}"),
    "intake_logged": ("over {0} logged days you came in at {1} on average",),
    "avg_macro": ("you average {0} of {label} a day", "daily {label}: {0} on average"),
    "macros": ("on average: {0} protein, {1} carbs, {2} fat",),
    "logging_rate": ("your logging rate works out to {0}",),
    "logged_fraction": ("you logged {0} of the past {1}",),
    "tdee": ("you need about {0} a day to hold your weight", "TDEE: {0}"),
    "bmr": ("at complete rest you'd burn {0}",),
    "target": ("to hit your goal pace, eat around {0} daily", "your daily calorie target works out to {0}"),
    "deficit": ("that sets you {0} below maintenance",),
    "protein_target": ("your protein target works out to {0}",),
    "targets": ("you're set up for {0} protein, {1} fat and {2} carbs",),
    "protein_gap": ("you're short of your protein target by {0}",),
    "pct_maintenance": ("you're at {0} of your maintenance calories",),
    "checkin_rate": ("your check-in rate is sitting at {0}",),
    "checkin_fraction": ("you've checked in on {0} of the past {1}",),
    "checkin_streak": ("you're {0} days into a check-in streak",),
    "logging_streak": ("you've got a {0}-day logging streak",),
    "longest_streak": ("your longest run of check-ins in this period: {0} days",),
    "sleep": ("you're getting about {0} of sleep a night",),
    "energy_rating": ("your energy scores average {0}",),
    "mood_rating": ("you've rated your mood {0} on average",),
    "checkin_count": ("you've done {0} in this period",),
}


def fresh3_templates(name: str, values: tuple[float, ...]) -> tuple[str, ...]:
    if name in ("change", "rate"):
        return FRESH3[f"{name}_{'loss' if values[0] < 0 else 'gain'}"]
    if name in ("avg_protein", "avg_carbs", "avg_fat"):
        return tuple(t.replace("{label}", name.removeprefix("avg_")) for t in FRESH3["avg_macro"])
    return FRESH3.get(name, ())


def fresh3_advice(rng: random.Random) -> str:
    return rng.choice(
        (
            f"Two slices of wholegrain toast come to about {rng.randint(15, 20) * 10} kcal.",
            f"If hunger bites, a {rng.randint(15, 25)} g protein snack usually helps.",
            f"Adults typically need {rng.randint(25, 30)}-{rng.randint(35, 38)} g of fibre daily.",
            f"Weighing in {rng.randint(3, 7)} mornings a week gives a clearer trend.",
            f"A {rng.randint(30, 60)}-minute cycle burns roughly {rng.randint(25, 45) * 10} kcal.",
            f"Don't drop below {rng.choice(('1,200', '1,300', '1,400'))} kcal without talking to a dietitian.",
            f"Lentils have around {rng.randint(8, 9)} g of protein per 100 g cooked.",
            f"Plenty of lifters add {rng.randint(2, 5)} kg of muscle in their first year.",
        )
    )


# `fresh4`: written after the checker's last change (after fresh3 was looked at), measured once,
# never tuned on.
FRESH4: Mapping[str, tuple[str, ...]] = {
    "avg_weight": (
        "right now the 7-day number is {0}",
        "you're tracking at {0} on average",
        "the moving average has you at {0}",
    ),
    "change_loss": ("weight is down {0} compared with {1} days ago", "{0} has come off in the past {1} days"),
    "change_gain": ("weight is up {0} compared with {1} days ago", "{0} has gone on in the past {1} days"),
    "change_signed": ("change since the window began: {0}",),
    "rate_loss": ("the slope of your trend is about {0} a week downward", "you're dropping close to {0} each week"),
    "rate_gain": ("the slope of your trend is about {0} a week upward", "you're climbing close to {0} each week"),
    "weigh_ins": ("you've recorded {0} so far",),
    "goal_weight": ("you're working toward {0}",),
    "goal_gap": ("there are about {0} between your average and your goal",),
    "age": ("you're listed as {0}",),
    "height": ("you stand {0} tall",),
    "intake": ("food-wise, you're averaging {0} a day", "your calories have averaged {0}"),
    "intake_logged": ("your {0} logged days averaged {1}",),
    "avg_macro": ("your {label} comes in at about {0} a day", "on average you get {0} of {label}"),
    "macros": ("the average day looks like {0} protein, {1} carbs and {2} fat",),
    "logging_rate": ("you log food on about {0} of days",),
    "logged_fraction": ("meals were tracked on {0} of the last {1}",),
    "tdee": ("your maintenance level is roughly {0}", "you'd need about {0} a day to stay where you are"),
    "bmr": ("your basal burn comes to {0}",),
    "target": ("the daily target for your goal is {0}", "your goal calls for about {0} a day"),
    "deficit": ("that's a daily deficit of roughly {0}",),
    "protein_target": ("the protein goal in your plan is {0}",),
    "targets": ("the plan lands on {0} protein, {1} fat and {2} carbs",),
    "protein_gap": ("protein is lagging the target by {0}",),
    "pct_maintenance": ("intake is about {0} of maintenance",),
    "checkin_rate": ("you check in on about {0} of days",),
    "checkin_fraction": ("check-ins happened on {0} of the last {1}",),
    "checkin_streak": ("your check-in streak is now {0} days long",),
    "logging_streak": ("you've kept logging for {0} days straight",),
    "longest_streak": ("the best check-in streak you've had here is {0} days",),
    "sleep": ("sleep is averaging {0} a night",),
    "energy_rating": ("energy comes in around {0} on your scale",),
    "mood_rating": ("your mood has averaged {0}",),
    "checkin_count": ("you've logged {0} in the window",),
}


def fresh4_templates(name: str, values: tuple[float, ...]) -> tuple[str, ...]:
    if name in ("change", "rate"):
        return FRESH4[f"{name}_{'loss' if values[0] < 0 else 'gain'}"]
    if name in ("avg_protein", "avg_carbs", "avg_fat"):
        return tuple(t.replace("{label}", name.removeprefix("avg_")) for t in FRESH4["avg_macro"])
    return FRESH4.get(name, ())


def fresh4_advice(rng: random.Random) -> str:
    return rng.choice(
        (
            f"A medium banana is about {rng.randint(9, 12) * 10} kcal.",
            f"Swimming for {rng.randint(20, 45)} minutes can burn {rng.randint(20, 40) * 10} kcal.",
            f"Many people find {rng.randint(25, 40)} g of protein per meal keeps them full.",
            "Try to keep weekly losses between 0.5 and 1 kg.",
            f"Set a reminder to log within {rng.randint(1, 3)} hours of eating.",
            f"Cottage cheese has roughly {rng.randint(11, 13)} g of protein per 100 g.",
            f"Over {rng.randint(3, 6)} months, small habits add up.",
            f"Dropping {rng.randint(100, 300)} kcal a day is usually enough to start.",
        )
    )
