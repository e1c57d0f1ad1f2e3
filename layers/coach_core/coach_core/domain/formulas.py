"""The domain math of DOMAIN.md as pure functions of rows and "today".

Kept apart from I/O so that unit tests check hand-computed numbers and the context
builder reuses exactly what the tools compute.

Rounding: every "rounded to" value goes through `round_half_up`, which first snaps the
float to 9 decimal places (erasing binary noise such as 0.1 + 0.2 = 0.30000000000000004)
and then rounds half away from zero with `decimal.ROUND_HALF_UP`. So 70.125 -> 70.13 and
-0.125 -> -0.13, as a person computing by hand expects. Python's built-in `round` would give
70.12 for 70.125 (ties to even) and 2.67 for 2.675 (its binary value lies just below).

Chained values (BMR -> TDEE -> target) use unrounded intermediates; only the outputs are
rounded, except the macros, which DOMAIN.md computes from the rounded target.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

from coach_core.domain.outputs import (
    CheckinAverages,
    MovingAveragePoint,
    NutritionSummaryOutput,
    RecentCheckinsOutput,
    TdeeOutput,
    UserProfileOutput,
    WeightTrendOutput,
)
from coach_core.models import CheckIn, DataGap, NutritionLog, Profile
from coach_core.text import plural

_SNAP = Decimal("1e-9")
_ONE_DAY = dt.timedelta(days=1)

MOVING_AVERAGE_DAYS = 7
MIN_WEIGH_INS_FOR_RATE = 3
MIN_SPAN_DAYS_FOR_RATE = 7
ACTIVITY_FACTORS: dict[str, float] = {
    "sedentary": 1.2,
    "lightly_active": 1.375,
    "moderately_active": 1.55,
    "very_active": 1.725,
    "extra_active": 1.9,
}
UNKNOWN_ACTIVITY_FACTOR = 1.2
SEX_OFFSETS: dict[str, float] = {"male": 5.0, "female": -161.0, "other": -78.0}
UNKNOWN_SEX_OFFSET = -78.0
KCAL_PER_KG = 7700.0
DEFAULT_LOSE_RATE_KG_PER_WEEK = 0.5
MAX_LOSE_RATE_KG_PER_WEEK = 1.0
GAIN_SURPLUS_KCAL = 300.0
MIN_TARGET_KCAL = 1200
PROTEIN_G_PER_KG_LOSING = 2.0
PROTEIN_G_PER_KG_OTHERWISE = 1.6
FAT_SHARE_OF_TARGET = 0.25
KCAL_PER_G_FAT = 9.0
KCAL_PER_G_PROTEIN = 4.0
KCAL_PER_G_CARBS = 4.0
TDEE_WEIGHT_LOOKBACK_DAYS = 30
"""calculate_tdee takes the latest 7-day moving average of the weigh-ins in this many days."""
CONTEXT_LOOKBACK_DAYS = 90
"""History the context summary and adherence rates are computed from; current streaks are
not capped by it (they come from the whole history, see `current_streak`)."""


def round_half_up(x: float, ndigits: int = 0) -> float:
    """Round half away from zero to `ndigits` places, after snapping off float noise."""
    snapped = Decimal(repr(float(x))).quantize(_SNAP, rounding=ROUND_HALF_EVEN)
    return float(snapped.quantize(Decimal(1).scaleb(-ndigits), rounding=ROUND_HALF_UP)) + 0.0


def round_int(x: float) -> int:
    """Whole units (kcal, grams), rounded half up."""
    return int(round_half_up(x, 0))


def window_start(today: dt.date, days: int) -> dt.date:
    """First date of the last `days` calendar days ending `today`, inclusive."""
    return today - dt.timedelta(days=days - 1)


def in_window(day: dt.date, today: dt.date, days: int) -> bool:
    return window_start(today, days) <= day <= today


def count_in_window(dates: Iterable[dt.date], today: dt.date, days: int) -> int:
    """How many of `dates` fall in the window (its start computed once, not per date)."""
    start = window_start(today, days)
    return sum(1 for d in dates if start <= d <= today)


def gap(field: str, description: str, suggestion: str) -> DataGap:
    return DataGap(field=field, description=description, suggestion=suggestion)


def mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def rounded_mean(values: Sequence[float], ndigits: int) -> float | None:
    avg = mean(values)
    return None if avg is None else round_half_up(avg, ndigits)


def age_years(birth_date: dt.date | None, today: dt.date) -> int | None:
    """Whole years; a birthday on 29 February counts from 1 March in common years."""
    if birth_date is None:
        return None
    age = today.year - birth_date.year - ((today.month, today.day) < (birth_date.month, birth_date.day))
    return age if age >= 0 else None


# --- get_user_profile -------------------------------------------------------------------


def user_profile(profile: Profile, today: dt.date) -> UserProfileOutput:
    gaps = []
    age = age_years(profile.birth_date, today)
    if age is None:
        gaps.append(
            gap(
                "birth_date",
                "Birth date is missing, so age is unknown.",
                "Ask the user for their birth date (age changes calorie needs).",
            )
        )
    if profile.sex is None:
        gaps.append(gap("sex", "Sex is not recorded.", "Ask the user which sex to use for energy estimates."))
    if profile.height_cm is None:
        gaps.append(gap("height_cm", "Height is missing.", "Ask the user for their height in cm."))
    if profile.activity_level is None:
        gaps.append(
            gap(
                "activity_level",
                "Activity level is missing.",
                "Ask how active the user is day to day (sedentary to extra active).",
            )
        )
    if profile.goal is None:
        gaps.append(gap("goal", "No goal is set.", "Ask whether the user wants to lose, maintain or gain."))
    return UserProfileOutput(
        age=age,
        birth_date=profile.birth_date,
        sex=profile.sex,
        height_cm=profile.height_cm,
        activity_level=profile.activity_level,
        diet=profile.diet,
        goal=profile.goal,
        data_gaps=gaps,
    )


# --- get_recent_checkins ----------------------------------------------------------------


def checkin_averages(checkins: Iterable[CheckIn], today: dt.date, days: int) -> CheckinAverages:
    """Check-in days in the window and the mean energy, sleep and mood (0.1) over non-null values."""
    start = window_start(today, days)
    rows = [c for c in checkins if start <= c.date <= today]
    return CheckinAverages(
        checkin_days=len({c.date for c in rows}),
        avg_energy=rounded_mean([c.energy for c in rows if c.energy is not None], 1),
        avg_sleep_hours=rounded_mean([c.sleep_hours for c in rows if c.sleep_hours is not None], 1),
        avg_mood=rounded_mean([c.mood for c in rows if c.mood is not None], 1),
    )


def recent_checkins(checkins: Iterable[CheckIn], today: dt.date, days: int) -> RecentCheckinsOutput:
    start = window_start(today, days)
    rows = sorted((c for c in checkins if start <= c.date <= today), key=lambda c: c.date, reverse=True)
    averages = checkin_averages(rows, today, days)
    gaps = []
    if not rows:
        gaps.append(
            gap(
                "checkins",
                f"No check-ins in the last {plural(days, 'day')}.",
                "Encourage a quick daily check-in: weight, energy, sleep and mood.",
            )
        )
    return RecentCheckinsOutput(
        days=days,
        count=len(rows),
        checkins=rows,
        avg_energy=averages.avg_energy,
        avg_sleep_hours=averages.avg_sleep_hours,
        avg_mood=averages.avg_mood,
        data_gaps=gaps,
    )


# --- get_weight_trend -------------------------------------------------------------------


def weigh_ins(checkins: Iterable[CheckIn]) -> list[tuple[dt.date, float]]:
    """(date, kg) for check-ins with a weight, oldest first."""
    return sorted((c.date, c.weight_kg) for c in checkins if c.weight_kg is not None)


def moving_averages_7d(checkins: Iterable[CheckIn], today: dt.date, days: int) -> list[MovingAveragePoint]:
    """For each weigh-in date in the window: the mean of all weigh-ins in the 7 calendar days
    ending that date (earlier rows passed in count, so the first points are full averages).

    The points are sorted by date, so each 7-day group is a slice found by bisection (the
    same values summed in the same order as a full scan would)."""
    points = weigh_ins(checkins)
    dates = [d for d, _ in points]
    weights = [w for _, w in points]
    start = window_start(today, days)
    series = []
    for day, weight in points:
        if not start <= day <= today:
            continue
        lookback = day - dt.timedelta(days=MOVING_AVERAGE_DAYS - 1)
        values = weights[bisect_left(dates, lookback) : bisect_right(dates, day)]
        average = round_half_up(sum(values) / len(values), 2)
        series.append(MovingAveragePoint(date=day, weight_kg=weight, average_kg=average))
    return series


def least_squares_weekly_rate(points: Sequence[tuple[dt.date, float]]) -> float | None:
    """Slope of kg against day number times 7 (0.01); None for < 3 points or a span < 7 days."""
    if len(points) < MIN_WEIGH_INS_FOR_RATE:
        return None
    first = points[0][0]
    xs = [float((d - first).days) for d, _ in points]
    if max(xs) - min(xs) < MIN_SPAN_DAYS_FOR_RATE:
        return None
    ys = [w for _, w in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return round_half_up(sxy / sxx * 7, 2)


def weight_trend(checkins: Iterable[CheckIn], today: dt.date, days: int) -> WeightTrendOutput:
    rows = list(checkins)
    series = moving_averages_7d(rows, today, days)
    start = window_start(today, days)
    window_points = [(d, w) for d, w in weigh_ins(rows) if start <= d <= today]
    rate = least_squares_weekly_rate(window_points)
    gaps = []
    if not window_points:
        gaps.append(
            gap(
                "weight_kg",
                f"No weigh-ins in the last {plural(days, 'day')}.",
                "Ask the user to weigh in a few mornings a week.",
            )
        )
    if rate is None:
        span = (window_points[-1][0] - window_points[0][0]).days if window_points else 0
        gaps.append(
            gap(
                "weekly_rate_kg",
                f"A weekly rate needs at least {MIN_WEIGH_INS_FOR_RATE} weigh-ins spanning "
                f"{MIN_SPAN_DAYS_FOR_RATE}+ days; the last {plural(days, 'day')} have "
                f"{plural(len(window_points), 'weigh-in')} spanning {plural(span, 'day')}.",
                "Weigh in at least 3 times over a week or more to see a trend.",
            )
        )
    latest = series[-1].average_kg if series else None
    change = round_half_up(series[-1].average_kg - series[0].average_kg, 2) if series else None
    return WeightTrendOutput(
        days=days,
        weigh_ins=len(window_points),
        latest_average_kg=latest,
        change_kg=change,
        weekly_rate_kg=rate,
        moving_average_7d=series,
        data_gaps=gaps,
    )


# --- get_nutrition_summary --------------------------------------------------------------


def nutrition_summary(logs: Iterable[NutritionLog], today: dt.date, days: int) -> NutritionSummaryOutput:
    """Averages over logged days only; a macro left empty on some days averages the days that have it."""
    start = window_start(today, days)
    rows = [n for n in logs if start <= n.date <= today]
    logged_days = len({n.date for n in rows})
    avg_calories = mean([float(n.calories) for n in rows])
    gaps = []
    if not rows:
        gaps.append(
            gap(
                "nutrition",
                f"No food logged in the last {plural(days, 'day')}.",
                "Ask the user to log meals for a few days, even roughly.",
            )
        )
    averages: dict[str, float | None] = {}
    for macro in ("protein_g", "carbs_g", "fat_g"):
        values = [v for n in rows if (v := getattr(n, macro)) is not None]
        averages[macro] = rounded_mean(values, 1)
        if rows and not values:
            gaps.append(
                gap(macro, f"Logged days have no {macro.removesuffix('_g')} figure.", "Log macros as well as calories.")
            )
    return NutritionSummaryOutput(
        days=days,
        logged_days=logged_days,
        logging_rate=round_half_up(logged_days / days, 2),
        avg_calories=None if avg_calories is None else round_int(avg_calories),
        avg_protein_g=averages["protein_g"],
        avg_carbs_g=averages["carbs_g"],
        avg_fat_g=averages["fat_g"],
        data_gaps=gaps,
    )


# --- calculate_tdee ---------------------------------------------------------------------


def calculate_tdee(
    profile: Profile,
    checkins: Iterable[CheckIn],
    today: dt.date,
    weight_kg: float | None = None,
) -> TdeeOutput:
    """BMR (Mifflin-St Jeor), TDEE, goal target (>= 1,200 kcal) and macros.

    Without a weight, height or age there is no BMR: bmr, tdee, target and fat/carbs are null
    with a data gap (we never guess a body measurement). Protein needs only the weight."""
    gaps = []
    source: str | None = "argument"
    if weight_kg is None:
        weight_kg = weight_trend(checkins, today, TDEE_WEIGHT_LOOKBACK_DAYS).latest_average_kg
        source = "moving_average_7d" if weight_kg is not None else None
    if weight_kg is None:
        gaps.append(
            gap(
                "weight_kg",
                f"No weigh-ins in the last {TDEE_WEIGHT_LOOKBACK_DAYS} days.",
                "Ask for a current weight and pass it as weight_kg.",
            )
        )
    age = age_years(profile.birth_date, today)
    if age is None:
        gaps.append(
            gap("birth_date", "Birth date is missing, so BMR cannot be computed.", "Ask the user for their birth date.")
        )
    if profile.height_cm is None:
        gaps.append(
            gap("height_cm", "Height is missing, so BMR cannot be computed.", "Ask the user for their height in cm.")
        )
    if profile.sex is None:
        gaps.append(
            gap(
                "sex",
                "Sex is unknown; BMR uses the midpoint offset (-78 kcal).",
                "Ask which sex to use for energy estimates.",
            )
        )
    sex_offset = SEX_OFFSETS.get(profile.sex or "", UNKNOWN_SEX_OFFSET)
    if profile.activity_level is None:
        gaps.append(
            gap(
                "activity_level",
                "Activity level is unknown; TDEE assumes sedentary (x1.2).",
                "Ask how active the user is day to day.",
            )
        )
        factor = UNKNOWN_ACTIVITY_FACTOR
    else:
        factor = ACTIVITY_FACTORS[profile.activity_level]
    goal_type = profile.goal.type if profile.goal else "maintain"
    if profile.goal is None:
        gaps.append(
            gap(
                "goal",
                "No goal is set; the target assumes maintenance.",
                "Ask whether the user wants to lose, maintain or gain.",
            )
        )
    rate: float | None = None
    if goal_type == "lose":
        requested = profile.goal.target_rate_kg_per_week if profile.goal else None
        wanted = DEFAULT_LOSE_RATE_KG_PER_WEEK if requested is None else requested
        rate = min(wanted, MAX_LOSE_RATE_KG_PER_WEEK)

    bmr = tdee = target = fat_g = carbs_g = None
    protein_g = None
    clamped = floor_above = False
    if weight_kg is not None:
        per_kg = PROTEIN_G_PER_KG_LOSING if goal_type == "lose" else PROTEIN_G_PER_KG_OTHERWISE
        protein_g = round_int(per_kg * weight_kg)
    if weight_kg is not None and age is not None and profile.height_cm is not None:
        bmr_raw = 10 * weight_kg + 6.25 * profile.height_cm - 5 * age + sex_offset
        tdee_raw = bmr_raw * factor
        if goal_type == "lose":
            target_raw = tdee_raw - KCAL_PER_KG * (rate or 0.0) / 7
        elif goal_type == "gain":
            target_raw = tdee_raw + GAIN_SURPLUS_KCAL
        else:
            target_raw = tdee_raw
        bmr, tdee, target = round_int(bmr_raw), round_int(tdee_raw), round_int(target_raw)
        if target < MIN_TARGET_KCAL:
            target, clamped = MIN_TARGET_KCAL, True
        floor_above = clamped and tdee < MIN_TARGET_KCAL
        if floor_above:
            gaps.append(floor_above_tdee_gap(tdee))
        fat_g, carbs_g = macro_grams(target, protein_g or 0)
    return TdeeOutput(
        weight_kg=weight_kg,
        weight_source=source,
        age=age,
        sex=profile.sex,
        height_cm=profile.height_cm,
        activity_level=profile.activity_level,
        activity_factor=factor,
        goal_type=goal_type,
        rate_kg_per_week=rate,
        bmr=bmr,
        tdee=tdee,
        target_calories=target,
        target_clamped=clamped,
        floor_above_tdee=floor_above,
        protein_g=protein_g,
        fat_g=fat_g,
        carbs_g=carbs_g,
        data_gaps=gaps,
    )


FLOOR_ABOVE_TDEE_FIELD = "target_calories"


def floor_above_tdee_gap(tdee: int) -> DataGap:
    """The fact a small, sedentary user's plan must state: the floor is above their maintenance."""
    return gap(
        FLOOR_ABOVE_TDEE_FIELD,
        f"The estimated maintenance (TDEE, {tdee:,} kcal) is below the {MIN_TARGET_KCAL:,} kcal minimum, so "
        f"the target is raised to {MIN_TARGET_KCAL:,} kcal: {MIN_TARGET_KCAL - tdee} kcal a day above "
        "maintenance, a small surplus rather than a deficit.",
        f"Say so plainly: eating {MIN_TARGET_KCAL:,} kcal will not by itself bring weight down; more daily "
        "activity raises maintenance, and a doctor or registered dietitian can set a target that fits.",
    )


def macro_grams(target_kcal: int, protein_g: int) -> tuple[int, int]:
    """(fat_g, carbs_g) from the rounded target: fat 25 % of kcal; carbs the kcal left after
    the (rounded) protein and fat grams shown, never negative."""
    fat_g = round_int(target_kcal * FAT_SHARE_OF_TARGET / KCAL_PER_G_FAT)
    remainder = target_kcal - protein_g * KCAL_PER_G_PROTEIN - fat_g * KCAL_PER_G_FAT
    return fat_g, round_int(max(0.0, remainder) / KCAL_PER_G_CARBS)
