"""How a figure is written: independent choices of rounding, separators, unit spelling, unit
conversion (kg/lb/st, kcal/kJ) and hedging ("about", "roughly"), each drawn from the seeded
generator. A renderer is a frozen choice, so the same choice can write a perturbed value:
`Renderer.render(value)` gives the text and the number as written.

Every rounding here keeps the written number within half its rounding step of the value
(nearest 0.1, 1, 10, 50, 100, ...), which is what "written at that precision" means; a figure
rendered from a perturbed value that reads the same as the true one is not a wrong figure, and
the generator draws the perturbation again.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

KG_PER_LB = 0.45359237
LB_PER_STONE = 14
KJ_PER_KCAL = 4.184

HEDGES = ("", "", "", "about ", "around ", "roughly ", "approximately ", "~", "close to ", "nearly ")


def _round_to(value: float, step: float) -> float:
    return math.floor(value / step + 0.5) * step


def _number(value: float, decimals: int, comma: bool) -> str:
    text = f"{value:,.{decimals}f}" if comma else f"{value:.{decimals}f}"
    return text


@dataclass(frozen=True)
class Renderer:
    """One way of writing one kind of figure (see the module docstring)."""

    kind: str
    unit: str = ""
    decimals: int = 0
    step: float = 0.0
    comma: bool = True
    hedge: str = ""
    convert: str = ""
    signed: bool = False

    def render(self, value: float) -> tuple[str, str]:
        """(the figure's text, the number part as written)."""
        v = abs(value) if not self.signed else value
        if self.convert == "lb":
            v = v / KG_PER_LB
        elif self.convert == "kj":
            v = v * KJ_PER_KCAL
        elif self.convert == "g":
            v = v * 1000
        elif self.convert == "pct":
            v = v * 100
        if self.convert == "st":
            pounds = round(abs(v) / KG_PER_LB)
            stones, rest = divmod(pounds, LB_PER_STONE)
            number = f"{stones} st {rest} lb"
            return self.hedge + number, number
        v = _round_to(v, self.step) if self.step else v
        number = _number(v, self.decimals, self.comma)
        if self.signed and value < 0 and not number.startswith("-"):
            number = "-" + number
        if self.signed and value > 0:
            number = "+" + number
        return f"{self.hedge}{number}{self.unit}", number


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def mass(rng: random.Random, *, body: bool, allow_stone: bool = True, grams: bool = False) -> Renderer:
    """A body weight (`body`) or a change/rate in kg, lb or st (a rate also in grams)."""
    hedge = rng.choice(HEDGES)
    roll = rng.random()
    if roll < 0.18:
        return Renderer(
            "mass",
            _pick(rng, " lb", " lbs", " pounds", "lb"),
            decimals=1 if rng.random() < 0.6 else 0,
            hedge=hedge,
            convert="lb",
        )
    if roll < 0.24 and body and allow_stone:
        return Renderer("mass", hedge=hedge, convert="st")
    if roll < 0.3 and grams:
        return Renderer("mass", _pick(rng, " g", " grams"), step=10, comma=rng.random() < 0.5, hedge=hedge, convert="g")
    decimals = rng.choice((2, 1, 1, 0)) if body else rng.choice((2, 2, 1))
    return Renderer(
        "mass", _pick(rng, " kg", " kg", "kg", " kilos", " kilograms", " kgs"), decimals=decimals, hedge=hedge
    )


def energy(rng: random.Random, *, daily_word: bool = False) -> Renderer:
    hedge = rng.choice(HEDGES)
    comma = rng.random() < 0.7
    roll = rng.random()
    if roll < 0.12:
        return Renderer("energy", " kJ", step=rng.choice((1, 10, 100)), comma=comma, hedge=hedge, convert="kj")
    step = rng.choice((0, 0, 0, 10, 50, 100)) if hedge else rng.choice((0, 0, 0, 10))
    unit = _pick(rng, " kcal", " kcal", " calories", " cals", "kcal", " Calories", " kilocalories")
    return Renderer("energy", unit, step=step, comma=comma, hedge=hedge)


def delta_energy(rng: random.Random) -> Renderer:
    hedge = rng.choice(HEDGES)
    return Renderer(
        "energy",
        _pick(rng, " kcal", " calories", "kcal"),
        step=rng.choice((0, 0, 10)),
        comma=rng.random() < 0.7,
        hedge=hedge,
    )


def grams(rng: random.Random) -> Renderer:
    hedge = rng.choice(HEDGES)
    return Renderer("grams", _pick(rng, " g", "g", " grams", " g", " gm"), decimals=rng.choice((1, 0, 0)), hedge=hedge)


def percent(rng: random.Random) -> Renderer:
    hedge = rng.choice(HEDGES)
    return Renderer(
        "percent",
        _pick(rng, "%", "%", " %", " percent", " per cent"),
        decimals=rng.choice((0, 0, 1)),
        hedge=hedge,
        convert="pct",
    )


def share(rng: random.Random) -> Renderer:
    """A share already in percent (a derived one: 85.7 %)."""
    return Renderer("percent", _pick(rng, "%", " percent"), decimals=rng.choice((0, 1)), hedge=rng.choice(HEDGES))


def count(rng: random.Random, unit: str) -> Renderer:
    return Renderer("days", unit, comma=False)


def hours(rng: random.Random) -> Renderer:
    return Renderer(
        "hours",
        _pick(rng, " hours", " hours", " h", "h", " hrs", " hours of sleep"),
        decimals=rng.choice((1, 1, 2)),
        hedge=rng.choice(HEDGES),
    )


def rating(rng: random.Random) -> Renderer:
    return Renderer("rating", _pick(rng, "/5", " out of 5", " / 5"), decimals=1, hedge=rng.choice(HEDGES))


def plain(rng: random.Random, kind: str, unit: str, decimals: int = 0) -> Renderer:
    return Renderer(kind, unit, decimals=decimals, comma=False)
