"""Resolved history for the plain statements ("I cut myself", "I want to kill myself", "thinking
about suicide"): past with a resolution said in the person's own words ("its been over ten
years", "im doing really well") is not a crisis, unless something sounds current ("again",
"urges", "lately")."""

from __future__ import annotations

import re

from coach_core.policies.crisis.guards import in_sentence, vocab
from coach_core.policies.crisis.tables.scope import (
    CURRENT_STRONG,
    CURRENT_WEAK,
    NOT_RESOLVED,
    PAST,
    RESOLVED,
    RESOLVED_MORE,
)

_RESOLVED = vocab(RESOLVED_MORE, RESOLVED)
_PAST = vocab(PAST)
_NOT_RESOLVED = vocab(NOT_RESOLVED)
_CURRENT = vocab(CURRENT_STRONG)
_CURRENT_WEAK = vocab(CURRENT_WEAK)


def _sounds_current(text: str, m: re.Match[str]) -> bool:
    return bool(_NOT_RESOLVED.search(text) or _CURRENT.search(text) or in_sentence(text, m, _CURRENT_WEAK))


def not_resolved_history(text: str, m: re.Match[str]) -> bool:
    """Past self-harm or suicidality with a resolution the scope tables do not list is resolved
    history (the spec's rule), unless anything sounds current."""
    if not in_sentence(text, m, _PAST) or not _RESOLVED.search(text):
        return True
    return _sounds_current(text, m)
