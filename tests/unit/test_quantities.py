"""Table tests for `extract_quantities` (policies/extraction/quantities.py): every quantity with
its unit, converted to the canonical unit, and the precision it is written at."""

from __future__ import annotations

import pytest

from coach_core.policies.extraction import extract_quantities
from coach_core.policies.extraction.quantities import written_step


@pytest.mark.parametrize(
    ("token", "step"),
    [
        ("82.4", 0.1),
        ("82", 1),
        ("69.79", 0.01),
        ("1,740", 10),
        ("1,750", 50),
        ("1,700", 100),
        ("2,000", 100),
        ("1.7k", 100),
        ("2k", 100),
        ("150", 10),
        ("250", 10),
        ("7", 1),
        ("0.5", 0.1),
        ("10", 1),
        ("7,300", 100),
        ("0", 1),
    ],
)
def test_written_step_is_the_rounding_of_the_number_as_written_with_at_least_two_significant_figures(
    token: str, step: float
) -> None:
    """GIVEN a number as written WHEN its rounding step is read THEN decimals set it, trailing
    zeros widen it (a final 5 before them: to fives) but never past two significant figures."""
    assert written_step(token) == pytest.approx(step)


Q = tuple[str, float, float, str]  # kind, value (canonical), tolerance (canonical), unit as written


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Your 7-day average is 69.79 kg.", [("days", 7, 0.5, "days"), ("mass", 69.79, 0.005, "kg")]),
        ("You weigh 154 lb.", [("mass", 154 * 0.45359237, 0.5 * 0.45359237, "lb")]),
        ("You're 11 st 4 lb now.", [("mass", 11 * 6.35 + 4 * 0.45359237, 0.5 * 0.45359237, "st")]),
        ("You averaged 1,740 kcal a day.", [("energy", 1740, 5, "kcal")]),
        ("That's about 7,300 kJ.", [("energy", 7300 / 4.184, 50 / 4.184, "kJ")]),
        ("You're averaging about 1,740 a day.", [("energy", 1740, 5, "kcal")]),
        ("That is 12,180 kcal a week.", [("energy", 1740, 5 / 7, "kcal")]),
        ("You ate 106.3 g protein and 62 g of fat.", [("grams", 106.3, 0.05, "g"), ("grams", 62, 0.5, "g")]),
        ("Protein 95 gm.", [("grams", 95, 0.5, "g")]),
        ("Aim for 1.6-2.2 g/kg.", [("g_per_kg", 1.6, 0.05, "g/kg")]),
        ("Your logging rate is 86%.", [("percent", 86, 0.5, "%")]),
        ("You slept 7.2 hours.", [("hours", 7.2, 0.05, "h")]),
        ("Energy 3.4/5.", [("rating", 3.4, 0.05, "/5")]),
        ("You're 36 years old and 168 cm.", [("age", 36, 0.5, "years"), ("height", 168, 0.5, "cm")]),
        ("Across 14 weigh-ins.", [("days", 14, 0.5, "weigh-ins")]),
        ("You're losing 470 g a week.", [("mass", 0.47, 0.005, "g")]),
        ("You're losing 0.07 kg a day.", [("mass", 0.49, 0.005 * 7, "kg")]),
    ],
)
def test_every_quantity_is_read_with_its_unit_and_precision(text: str, expected: list[Q]) -> None:
    """GIVEN a sentence WHEN its quantities are extracted THEN each comes out in its canonical
    unit (kg, kcal per day, g, %, ...) with the tolerance its written precision allows."""
    got = [(q.kind, q.value, q.tolerance, q.unit) for q in extract_quantities(text)]
    assert len(got) == len(expected), got
    for (kind, value, tol, unit), (e_kind, e_value, e_tol, e_unit) in zip(got, expected, strict=True):
        assert (kind, unit) == (e_kind, e_unit)
        assert value == pytest.approx(e_value, rel=1e-3)
        assert tol == pytest.approx(e_tol, rel=1e-3)


def test_from_a_to_b_gives_two_values_with_the_shared_unit() -> None:
    first, second = extract_quantities("Your weight fell from 82.4 to 80.9 kg.")
    assert (first.text, first.value, first.unit, first.from_to) == ("82.4", 82.4, "kg", True)
    assert (second.text, second.value, second.from_to) == ("80.9 kg", 80.9, True)


def test_a_count_of_the_window_is_two_figures() -> None:
    """ "12 of the last 14 days": the count and its window."""
    count, window = extract_quantities("You logged 12 of the last 14 days.")
    assert (count.value, count.window, window.value, window.window) == (12, False, 14, True)


@pytest.mark.parametrize(
    ("text", "sign", "direction"),
    [
        ("That's a change of -1.6 kg.", -1, None),
        ("You're down 1.6 kg.", 0, "loss"),
        ("You've gained 1.6 kg.", 0, "gain"),
        ("That's +0.3 kg.", 1, None),
    ],
)
def test_a_change_keeps_its_sign_or_direction(text: str, sign: int, direction: str | None) -> None:
    [q] = extract_quantities(text)
    assert (q.sign, q.direction) == (sign, direction)


@pytest.mark.parametrize(
    "text",
    ["Squat 60 kg for 5 reps.", "Eat 150 g of chicken.", "I finished 1st.", "Walk 8,000 steps."],
)
def test_loads_foods_ordinals_and_unknown_units_are_not_body_or_data_quantities(text: str) -> None:
    assert [q for q in extract_quantities(text) if q.kind == "mass"] == []


def test_a_streak_and_a_window_label_are_marked() -> None:
    streak, label = extract_quantities("A 5-day streak on your 7-day average.")
    assert (streak.streak, streak.window, label.window) == (True, False, True)
