"""Text helpers shared by the policies: the canonical form patterns match (`normalize`),
sentence spans and questions (`spans`), regex building (`regex`) and trigger sanitising for
the violation log (`redact`)."""

from coach_core.policies.text.normalize import normalize
from coach_core.policies.text.redact import TRIGGER_LIMIT, excerpt, sanitize_trigger
from coach_core.policies.text.regex import alternation
from coach_core.policies.text.spans import (
    SENTENCE_RADIUS,
    is_question,
    is_question_span,
    occurs_within,
    sentence_around,
)

__all__ = [
    "SENTENCE_RADIUS",
    "TRIGGER_LIMIT",
    "alternation",
    "excerpt",
    "is_question",
    "is_question_span",
    "normalize",
    "occurs_within",
    "sanitize_trigger",
    "sentence_around",
]
