"""Numeric grounding: every figure the coach states about the user's own data is checked
against what this turn's tools returned, the user context the model was given, the user's own
messages in the session and the documented policy constants.

`claims` finds the figures that are claims about the user's data (not advice, general facts,
foods or questions), with the precision they are written at (the policies' quantity extractor);
`references` collects the values they may match; `check` matches them. Pure and fast: no model
call, no I/O. The service feeds it the released text and reports the result (`ChatResponse.
grounding`, the `done` event, the turn's log row, the `UngroundedFigures` metric, a disclaimer).
"""

from coach_core.grounding.check import (
    NOTHING_CHECKED,
    GroundingCheck,
    GroundingReport,
    UngroundedFigure,
    check_text,
)
from coach_core.grounding.claims import Claim, claims_in
from coach_core.grounding.references import Reference, References, build_references

__all__ = [
    "NOTHING_CHECKED",
    "Claim",
    "GroundingCheck",
    "GroundingReport",
    "Reference",
    "References",
    "UngroundedFigure",
    "build_references",
    "check_text",
    "claims_in",
]
