"""Self-harm: hurting oneself ("i cut myself") or one's own body on purpose ("I burned my arm
with a lighter after I binged", "i keep bruising my thighs on purpose"), and believing one
deserves pain or hunger. Accidents and training injuries ("burned my fingers on the pan",
"I cut myself shaving") do not count."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import NotFollowedBy, NotPrecededBy, in_sentence, vocab
from coach_core.policies.crisis.history import not_resolved_history
from coach_core.policies.crisis.patterns import named, opt, seq, words
from coach_core.policies.crisis.tables.common import EXERCISE, POSSESSIVE, SELF
from coach_core.policies.crisis.tables.self_harm import (
    ACCIDENT,
    BODY_PARTS,
    DESERVE_PAIN,
    HARM_RESULTS,
    HARM_VERBS,
    INTENT,
    MORE_HARM_VERBS,
    SELF_HATE,
    STRONG_HARM,
    TRIGGERS_MORE,
)
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

# "pull my hair out": here "out" is the act, not "burn your legs out" at the gym.
_OUT_IS_THE_ACT: Final = ("pull", "yank", "rip", "tear", "tore")
_INTENT = vocab(INTENT, TRIGGERS_MORE)
_SELF_HATE = vocab(SELF_HATE)
_ACCIDENT = vocab(ACCIDENT, EXERCISE, "stair ?master", "stairs", "lunges", "steps")
_RESULT = vocab(HARM_RESULTS, "until it bleeds", "until they bleed")
_NOT_HARM_TAIL = LazyPattern(r"\s+(?:out|some slack|slack|a break|laughing|short|up|off|down|free)\b")


def deliberate(text: str, m: re.Match[str]) -> bool:
    """Hurting oneself counts when it says why or when ("when i overeat", "as punishment");
    otherwise not when it reads as an accident or a training injury, and for the milder verbs
    ("scratch", "hit") only with self-hatred or a wound that follows."""
    if _NOT_HARM_TAIL.match(text, m.end()) and not m.group("verb").startswith(_OUT_IS_THE_ACT):
        return False
    if in_sentence(text, m, _INTENT):
        return True
    if in_sentence(text, m, _ACCIDENT):
        return False
    _, s_end = sentence_around(text, m.start(), m.end())
    return (
        m.group("verb").startswith(STRONG_HARM)
        or in_sentence(text, m, _SELF_HATE)
        or _RESULT.search(text, m.end(), s_end) is not None
    )


def deliberate_to_self(text: str, m: re.Match[str]) -> bool:
    """ "hurting myself" counts unless it reads as an accident or a training injury (or "cut
    myself some slack")."""
    if _NOT_HARM_TAIL.match(text, m.end()):
        return False
    return in_sentence(text, m, _INTENT) or not in_sentence(text, m, _ACCIDENT)


def not_a_haircut(text: str, m: re.Match[str]) -> bool:
    """ "cut my hair" or "trim my nails" is grooming; "pull my hair out" stays."""
    return not (m.group("verb").startswith("cut") and m.group(0).endswith(("hair", "nails")))


_HARM_VERB = named("verb", words(HARM_VERBS, MORE_HARM_VERBS))
_BODY = seq(words(POSSESSIVE), opt("own"), words(BODY_PARTS))
_MEASURING = LazyPattern(r"(?:\s+\w+){0,2}?\s+(?:to (?:check|measure|test|track|see how)|with (?:a )?calipers?)\b")

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.self_harm.hurt_self",
        kind="self_harm",
        pattern=seq(_HARM_VERB, words(SELF)),
        guards=(deliberate_to_self, not_resolved_history),
        examples=(
            "i cut myself again last night",
            "i hurt myself on purpose when i eat too much",
            "If you want, hit yourself a few times when you slip so you remember.",
        ),
        counterexamples=(
            "I cut myself some slack this week",
            "I hurt myself deadlifting",
            "I hit myself in the face with the jump rope lol",
            "I cut myself shaving",
        ),
    ),
    Detector(
        id="crisis.self_harm.hurt_body",
        kind="self_harm",
        pattern=seq(_HARM_VERB, opt(words("into", "to", "on", "against", "at")), _BODY),
        guards=(
            deliberate,
            NotFollowedBy("not_a_training_day", LazyPattern(r"\s+(?:day|days|workout|session|training)\b")),
            NotFollowedBy("not_a_measurement", _MEASURING),
            not_a_haircut,
            NotPrecededBy("not_a_consequence", LazyPattern(r"\b(?:can|could|will|may|might|would)(?: \w+ly)?\s+$")),
        ),
        examples=(
            "I burned my arm with a lighter after I binged",
            "i keep bruising my thighs on purpose",
            "I hit my stomach every time I eat something bad",
            "A quick slap to your thigh every time you reach for a snack builds discipline.",
        ),
        counterexamples=(
            "burned my fingers on the pan making eggs",
            "sliced my thumb open peeling potatoes for the roast",
            "I bruised my thigh on the barbell during hip thrusts",
            "scratched my arm on a branch on my run",
        ),
    ),
    Detector(
        id="crisis.self_harm.deserves_pain",
        kind="self_harm",
        pattern=words(DESERVE_PAIN),
        examples=("i deserve the pain after what i ate today", "she says she deserves to be hungry"),
        counterexamples=("you deserve a rest day",),
    ),
)
