"""Texts of the numeric grounding check: the user's disclaimer naming each figure that does not
match their data, and the repair instruction (`COACH_GROUNDING_REPAIR`, `/chat` only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

UNGROUNDED_DISCLAIMER: Final = "Please double-check {figures}: {they} not match your data."
UNGROUNDED_FIGURE_WITH_VALUE: Final = "{text} (your data shows {expected}, your {label})"

GROUNDING_REPAIR_PROMPT: Final = (
    "Some figures in your last answer do not match this user's data:\n{figures}\n"
    "These are the values the tools and the user's context gave in this conversation:\n{values}\n"
    "Rewrite your last answer so that every figure about the user's own data is one of these values, a "
    "rounding of one, or a correct unit conversion of one. Keep everything else as it was. Do not mention "
    "this correction and do not call tools; reply with the corrected answer only."
)


def ungrounded_disclaimer(figures: Sequence[tuple[str, str | None, str | None]]) -> str:
    """One disclaimer naming every ungrounded figure: (text as written, the data's nearest
    value or None, its label)."""
    named = [
        UNGROUNDED_FIGURE_WITH_VALUE.format(text=text, expected=expected, label=label)
        if expected is not None and label
        else text
        for text, expected, label in figures
    ]
    joined = named[0] if len(named) == 1 else "; ".join(named[:-1]) + " and " + named[-1]
    return UNGROUNDED_DISCLAIMER.format(figures=joined, they="it does" if len(named) == 1 else "they do")


def repair_prompt(figures: Sequence[str], values: Sequence[str]) -> str:
    return GROUNDING_REPAIR_PROMPT.format(
        figures="\n".join(f"- {f}" for f in figures), values="\n".join(f"- {v}" for v in values)
    )
