"""All crisis detectors, in the order they are tried, and the scanner that runs them.

The scanner normalises the text once, finds every gate literal it contains in one pass, and
runs only the detectors all of whose gates are present (a detector without a derivable gate
always runs). A match counts when the detector's guards accept it, it is not clearly resolved
past, and, on output, it is not said only to warn or point to help. When a guard rejects a
match the scan resumes one character later, so an overlapping phrase further on is still found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from coach_core.policies.crisis import concealment, identity, purging, restriction, self_harm, substances, suicide
from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.scope import resolved_past, supportive
from coach_core.policies.text import alternation, normalize
from coach_core.policies.text.regex import LazyPattern
from coach_core.policies.types import Direction

DETECTORS: Final[tuple[Detector, ...]] = (
    *suicide.DETECTORS,
    *self_harm.DETECTORS,
    *purging.DETECTORS,
    *substances.DETECTORS,
    *restriction.DETECTORS,
    *concealment.DETECTORS,
    *identity.DETECTORS,
)
_BY_ID: Final[dict[str, Detector]] = {d.id: d for d in DETECTORS}
if len(_BY_ID) != len(DETECTORS):
    raise ValueError("duplicate crisis detector ids")
_LITERALS: Final[tuple[str, ...]] = tuple(
    sorted({lit for d in DETECTORS for gate in d.gates for lit in gate}, key=lambda w: (-len(w), w))
)
# At each position the longest literal that starts there; the shorter ones that start there are
# exactly its prefixes, so one pass finds them all.
_LITERAL_RE: Final = LazyPattern("(?=(" + alternation("|".join(re.escape(w) for w in _LITERALS)) + "))")
_LITERAL_SET: Final[frozenset[str]] = frozenset(_LITERALS)
_PREFIXES: Final[dict[str, frozenset[str]]] = {
    w: frozenset(w[:i] for i in range(1, len(w) + 1) if w[:i] in _LITERAL_SET) for w in _LITERALS
}


_BY_DIRECTION: Final[dict[str, tuple[Detector, ...]]] = {
    direction: tuple(d for d in DETECTORS if direction in d.directions) for direction in ("input", "output")
}


@dataclass(frozen=True, slots=True)
class CrisisHit:
    """The detector that fired, its match and the normalised text it matched in."""

    detector: Detector
    match: re.Match[str]
    text: str

    @property
    def rule_id(self) -> str:
        return self.detector.id


def detector(rule_id: str) -> Detector:
    """The detector with this id (KeyError if there is none)."""
    return _BY_ID[rule_id]


@lru_cache(maxsize=32)
def present_literals(norm: str) -> frozenset[str]:
    """Every gate literal that occurs in the normalised text."""
    found: set[str] = set()
    for m in _LITERAL_RE.finditer(norm):
        found |= _PREFIXES[m.group(1)]
    return frozenset(found)


def _first_counting_match(det: Detector, norm: str, direction: Direction) -> re.Match[str] | None:
    pos = 0
    while (m := det.regex.search(norm, pos)) is not None:
        if det.accepts(norm, m) and not resolved_past(norm, m) and not (direction == "output" and supportive(norm, m)):
            return m
        pos = m.start() + 1
    return None


def fires(det: Detector, text: str, direction: Direction) -> bool:
    """Whether this one detector fires on `text` (gate, guards, scope): for its examples."""
    if direction not in det.directions:
        return False
    norm = normalize(text)
    if det.gated_out(present_literals(norm)):
        return False
    return _first_counting_match(det, norm, direction) is not None


@lru_cache(maxsize=1024)
def candidates(direction: Direction, present: frozenset[str]) -> tuple[Detector, ...]:
    """The detectors of `direction` whose gates all have a literal in `present`, in order.
    Texts share few distinct literal sets, so the gate test of every detector is done once per
    set, not once per check."""
    return tuple(det for det in _BY_DIRECTION[direction] if not det.gated_out(present))


def find_crisis(text: str, direction: Direction) -> CrisisHit | None:
    """The first crisis signal in `text`, or None."""
    norm = normalize(text)
    for det in candidates(direction, present_literals(norm)):
        m = _first_counting_match(det, norm, direction)
        if m is not None:
            return CrisisHit(det, m, norm)
    return None
