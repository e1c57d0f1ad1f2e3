"""A crisis detector is a value: an id, a kind, a pattern built from the phrase tables, named
guards, the directions it runs on, and the examples it must catch and the counterexamples it
must not (run by one generic test, so every detector documents and proves itself)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Literal

from coach_core.policies.crisis.patterns import Pat
from coach_core.policies.text.regex import LazyPattern
from coach_core.policies.types import Direction

Kind = Literal[
    "suicide",
    "self_harm",
    "purging",
    "restriction",
    "fasting",
    "substances",
    "concealment",
    "ed_identity",
]
KINDS: Final[tuple[str, ...]] = (
    "suicide",
    "self_harm",
    "purging",
    "restriction",
    "fasting",
    "substances",
    "concealment",
    "ed_identity",
)
BOTH: Final[frozenset[Direction]] = frozenset({"input", "output"})
OUTPUT_ONLY: Final[frozenset[Direction]] = frozenset({"output"})

# A guard looks at the normalised text and one match and says whether the match counts.
Guard = Callable[[str, "re.Match[str]"], bool]


@dataclass(frozen=True, slots=True)
class Detector:
    """One crisis rule. `id` is "crisis.<kind>.<name>" and is what the violation carries.

    A match counts when every guard accepts it; the scanner then drops matches stated as
    clearly resolved past and, on output, matches said only to warn or to point to help.
    `examples` must fire this detector in each of its directions; `counterexamples` must not
    fire it in any."""

    id: str
    kind: Kind
    pattern: Pat
    examples: tuple[str, ...]
    counterexamples: tuple[str, ...] = ()
    guards: tuple[Guard, ...] = ()
    directions: frozenset[Direction] = BOTH
    _lazy: LazyPattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.id.startswith(f"crisis.{self.kind}."):
            raise ValueError(f"detector id {self.id!r} must start with 'crisis.{self.kind}.'")
        if not self.examples:
            raise ValueError(f"detector {self.id} has no examples")
        object.__setattr__(self, "_lazy", LazyPattern(self.pattern.regex))

    @property
    def regex(self) -> re.Pattern[str]:
        """The compiled pattern, compiled on first use: a message's gates select a few detectors,
        so a cold start compiles those, not all of them (`SafetyPolicyEngine.warm` before a snapshot)."""
        return self._lazy.compiled()

    @property
    def is_compiled(self) -> bool:
        return self._lazy.is_compiled

    @property
    def gates(self) -> tuple[frozenset[str], ...]:
        """For each gate, any matching text contains one of its literals (none: always run)."""
        return self.pattern.gates

    @property
    def gate(self) -> frozenset[str] | None:
        """The most selective single gate (None: the detector always runs)."""
        return self.pattern.gate

    def gated_out(self, present: frozenset[str]) -> bool:
        """True when a gate has none of its literals in `present`: the pattern cannot match."""
        return any(g.isdisjoint(present) for g in self.gates)

    def accepts(self, text: str, m: re.Match[str]) -> bool:
        return all(guard(text, m) for guard in self.guards)


def guard_name(guard: Guard) -> str:
    """A readable name for tracing: the function's name or the guard value's `name`."""
    name = getattr(guard, "name", None) or getattr(guard, "__name__", None)
    return str(name) if name else type(guard).__name__
