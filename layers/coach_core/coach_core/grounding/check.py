"""The check: is each claim's figure one of the turn's references, within the precision it is
written at, in a compatible role?

Roles keep a figure to the values it can be: a rate ("0.5 kg a week") to rates, a body weight
(30 kg or more) to weights, a smaller mass to changes, gaps and rates; an energy delta ("a 550
kcal deficit") to differences, a daily figure to intakes, targets and needs. A change with a
direction ("down 1.6 kg", "-1.6 kg", "gained 1.6 kg") must agree with a signed value's sign. A
claim's topic excludes the other topics of its kind; a day's value (`series`) counts only for a
claim said of a day; a derived value only for a claim holding its cue; a window constant (14,
30 days) only for a window ("the last 14 days"), never for a count.

`GroundingCheck` collects claims as text is released (`feed`, sentence by sentence while
streaming, or the whole answer once) and matches them at the end (`report`), when every tool
of the turn has run. Pure and synchronous; no model call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from coach_core.grounding.claims import Claim, claims_in
from coach_core.grounding.references import Reference, References, Role
from coach_core.policies.extraction import Quantity

MIN_BODY_WEIGHT_KG = 30.0
ENERGY_DELTA_BELOW_KCAL = 1000.0
_EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class UngroundedFigure:
    """A figure about the user's data that matches nothing they or the tools gave: its text as
    written, its value and unit as written, and the nearest value the data holds (if any)."""

    text: str
    value: float
    unit: str
    expected: Reference | None = None
    start: int = -1
    """Where the figure is in the text fed to the check (-1: not found as written)."""
    end: int = -1


@dataclass(frozen=True, slots=True)
class GroundingReport:
    checked: int
    ungrounded: tuple[UngroundedFigure, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.ungrounded


NOTHING_CHECKED = GroundingReport(0)


def _roles(q: Quantity) -> frozenset[Role]:
    if q.kind == "mass":
        if q.per_week:
            return frozenset({"rate"})
        # A body weight is 30 kg or more; a smaller mass is a change, a gap or a rate (or, rarely, a
        # body weight the data itself holds below 30 kg).
        return frozenset({"body"}) if q.value >= MIN_BODY_WEIGHT_KG else frozenset({"change", "rate", "body"})
    if q.kind == "energy":
        if q.energy_context == "delta":
            return frozenset({"delta"})
        if q.value < ENERGY_DELTA_BELOW_KCAL:
            return frozenset({"absolute", "delta"})
        return frozenset({"absolute"})
    if q.kind == "days":
        return frozenset({"count", "window"})
    return frozenset({"any"})


def _direction_sign(q: Quantity) -> int:
    if q.sign:
        return q.sign
    return -1 if q.direction == "loss" else 1 if q.direction == "gain" else 0


def candidates(claim: Claim, refs: References) -> list[Reference]:
    """The references a claim may match (kind, role, topic, series and cue allow them)."""
    q = claim.quantity
    roles = _roles(q)
    if q.kind == "energy" and "gap" in claim.cues:  # "1,100 kcal below what you burn": a difference
        roles = roles | {"delta"}
    sign = _direction_sign(q)
    out = []
    for r in refs.of(q.kind, series=claim.series or q.from_to):
        if r.role != "any" and r.role not in roles:
            continue
        if r.role == "rate" and not q.per_week and (r.source == "policy" or "rate" not in claim.cues):
            continue  # an amount ("down 0.5 kg") is a rate only when the clause says so
        if r.series and not (claim.series or q.from_to):
            continue
        if r.needs_cue is not None and r.needs_cue not in claim.cues:
            continue
        if claim.topic is not None and r.topic is not None and r.topic != claim.topic:
            continue
        if claim.stance is not None and r.stance != claim.stance and (r.stance is not None or q.kind == "days"):
            continue  # a streak is only a streak (the longest only the longest); intake is not a target
        if q.kind == "days" and r.role == "window" and not q.window:
            continue  # a count ("12 days you logged", "14 weigh-ins") is not a window
        if r.signed and sign and r.value and math.copysign(1, r.value) != sign:
            continue
        out.append(r)
    return out


def matches(q: Quantity, r: Reference) -> bool:
    value = abs(r.value) if r.signed else r.value
    slack = q.tolerance + _EPSILON * max(1.0, abs(value))
    return q.value - slack <= value <= q.high + slack


def _nearest(q: Quantity, refs: Sequence[Reference]) -> Reference | None:
    """The data value the figure most likely meant: same kind, allowed role, from a tool or the
    context (not a constant or a message), closest in relative terms."""
    data = [r for r in refs if r.source in ("tool", "context") and r.needs_cue is None and not r.series]
    if not data:
        return None
    return min(data, key=lambda r: abs(abs(r.value) - q.value) / max(abs(r.value), 1e-9))


_JOINERS = frozenset(" \t\n-‐‑–—")


def _as_written(original: str, lower: str, prepared: str, cursor: int) -> tuple[str, int, int]:
    """The figure's text as the answer wrote it (case, hyphens and spacing) and its span,
    searched from `cursor` (`lower` is `original` lower-cased); the prepared text and (-1, -1)
    when it cannot be found (a number written in words). Plain string search: a regex per
    figure would be compiled per figure."""
    parts = prepared.split()
    if not parts:
        return prepared, -1, -1
    i = lower.find(parts[0], cursor)
    while i != -1:
        j = i + len(parts[0])
        for part in parts[1:]:
            k = j
            while k < len(lower) and lower[k] in _JOINERS:
                k += 1
            if not lower.startswith(part, k):
                break
            j = k + len(part)
        else:
            if i == 0 or not lower[i - 1].isdigit():
                return original[i:j], i, j
        i = lower.find(parts[0], i + 1)
    return prepared, -1, -1


class GroundingCheck:
    """Claims collected from released text; `report` matches them against the references."""

    def __init__(self) -> None:
        self._claims: list[tuple[Claim, str, int, int]] = []
        self._fed = 0

    def feed(self, text: str) -> None:
        """Add the figures of released text (complete sentences, in order)."""
        cursor = 0
        lower = text.lower()
        for claim in claims_in(text):
            shown, start, end = _as_written(text, lower, claim.quantity.text, cursor)
            if start >= 0:
                cursor = end
                start, end = start + self._fed, end + self._fed
            self._claims.append((claim, shown, start, end))
        self._fed += len(text)

    @property
    def claims(self) -> list[Claim]:
        return [c for c, *_ in self._claims]

    def report(self, refs: References) -> GroundingReport:
        ungrounded = []
        for claim, shown, start, end in self._claims:
            allowed = candidates(claim, refs)
            q = claim.quantity
            if any(matches(q, r) for r in allowed):
                continue
            value = q.written if q.written is not None else q.value
            ungrounded.append(UngroundedFigure(shown, round(value, 4), q.unit, _nearest(q, allowed), start, end))
        return GroundingReport(len(self._claims), tuple(ungrounded))


def check_text(text: str, refs: References) -> GroundingReport:
    """The whole answer at once (`/chat`, tests and the evaluation)."""
    check = GroundingCheck()
    check.feed(text)
    return check.report(refs)
