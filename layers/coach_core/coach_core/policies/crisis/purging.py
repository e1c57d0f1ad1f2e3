"""Purging: the euphemisms a message or a reply might use for bringing food back up ("bring it
back up", "empty your stomach", "get rid of it before it digests"), fingers down the throat, and
chewing and spitting. Being sick from a bug, spoiled food or a hard session does not count."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import AnyOf, InSentence, Near, NotFollowedBy, NotInSentence, in_sentence, vocab
from coach_core.policies.crisis.patterns import either, gap, seq, words
from coach_core.policies.crisis.tables.common import EXERCISE, ILLNESS, POSSESSIVE
from coach_core.policies.crisis.tables.purging import EATEN, ED_CONTEXT, EXPEL, HIDDEN_FROM, NAUSEA, NOT_PURGING
from coach_core.policies.text import occurs_within, sentence_around
from coach_core.policies.text.regex import LazyPattern

_ILLNESS = vocab(ILLNESS)
_NAUSEA = vocab(NAUSEA)
_EXERCISE = vocab(EXERCISE)
_ED_CONTEXT = vocab(ED_CONTEXT)
_SPIT_TAIL = LazyPattern(
    r"\s+(?:out\s+)?(?:the\s+|any\s+|your\s+)?(?:bones?|pits?|seeds?|stones?|shells?|gum|pips?|husks?|gristle)\b"
)

# Being sick from exertion: "threw up during my first crossfit class", "puked halfway through the
# race", "went too hard right after lunch".
_EXERTION = LazyPattern(
    r"\b(?:during|mid|halfway (?:through|into)|partway through|in the middle of|at the end of|after|from|on|"
    r"in|at the (?:end|finish) of) (?:\w+ ){0,3}(?:workouts?|training|runs?|sprints?|burpees?|hiit|race|class|"
    r"crossfit|spin|intervals?|marathon|exercise|session|wod|cardio|practice|game|match|5k|10k|half|ride|swim|"
    r"lifts?|lifting|circuits?|bootcamp|boot camp|tryouts?|drills?|conditioning|beep test)\b|"
    r"\b(?:went|go|goes|going|pushed|push|pushing|overdid|overdo\w*|trained|training|ran|run) (?:\w+ )?too "
    r"(?:hard|fast)\b"
)
_ON_PURPOSE = LazyPattern(
    r"\b(?:on purpose|deliberately|intentionally|make myself|made myself|making myself|calori\w*|cals|to lose|"
    r"weight|scale|undo|get rid of|count|binge\w*|purg\w*|skinny|thin|fat)\b"
)
# Said outright to be deliberate: even beside an illness or a pregnancy it is purging.
_DELIBERATE = LazyPattern(
    r"\b(?:on purpose|deliberately|intentionally|so (?:i|that i) (?:dont|do not|wont|will not) (?:gain|put on)|"
    r"to (?:lose|not gain|stop gaining|keep off) (?:the )?(?:weight|pounds|kilos|fat))\b"
)


def not_a_bug_or_a_hard_session(text: str, m: re.Match[str]) -> bool:
    """Vomiting from an illness, or nausea during exercise, or being sick from exertion during a
    workout (with nothing saying it was on purpose), is not purging; "throwing up on purpose so i
    dont gain" while pregnant or ill still is."""
    if in_sentence(text, m, _ILLNESS):
        return in_sentence(text, m, _DELIBERATE)
    if in_sentence(text, m, _EXERTION) and not in_sentence(text, m, _ON_PURPOSE):
        return False
    return not (in_sentence(text, m, _NAUSEA) and in_sentence(text, m, _EXERCISE))


_EATEN = vocab(EATEN)
_HIDDEN_FROM = vocab(HIDDEN_FROM)
_NOT_PURGING = vocab(NOT_PURGING)
# "eat ... then / and / after": eating first, the expelling after it.
_EATEN_THEN = LazyPattern(
    r"\b(?:eat(?:s|ing|en)?|ate|had|meals?|dinner|lunch|breakfast|supper|snacks?|food|pizza|cake|dessert|takeaway|"
    r"binge\w*)\b(?:[^.!?;\n]*?)(?:\b(?:then|and|after|afterwards|later|so|but|n)\b|,)[^.!?;\n]*$"
)
_RAISE_A_TOPIC = LazyPattern(r"\s+(?:with|to|at|in|during|again|later|next|tomorrow|on)\b")


def eaten_first(text: str, m: re.Match[str]) -> bool:
    """Eating, then bringing it up in the same sentence ("i eat in front of my parents then
    throw it up after"), or bringing it up hidden from others ("... so they don't worry"); not
    spoiled food, a child or a pet, nausea or an illness."""
    if in_sentence(text, m, _NOT_PURGING) or in_sentence(text, m, _NAUSEA) or in_sentence(text, m, _ILLNESS):
        return False
    s_start, s_end = sentence_around(text, m.start(), m.end())
    if _EATEN_THEN.search(text[s_start : m.start()]):
        return True
    return occurs_within(_HIDDEN_FROM, text, s_start, s_end) and occurs_within(_EATEN, text, s_start, s_end)


def not_raising_a_topic(text: str, m: re.Match[str]) -> bool:
    """ "bring it up with my coach tomorrow" raises a topic; "bring it back up" never does."""
    return " back " in m.group(0) or _RAISE_A_TOPIC.match(text, m.end()) is None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.purging.euphemism",
        kind="purging",
        pattern=words(EXPEL),
        guards=(
            not_a_bug_or_a_hard_session,
            AnyOf(
                "eating_or_advice",
                (
                    Near("eating_or_weight", _ED_CONTEXT, 80),
                    InSentence("bathroom", LazyPattern(r"\b(?:bathroom|toilet|loo|throat|sink)\b")),
                    InSentence("made_easier", LazyPattern(r"\b(?:easier|easily|quicker|faster|trick|tip)\b")),
                    eaten_first,
                ),
            ),
            not_raising_a_topic,
        ),
        examples=(
            "After a binge, getting it back up fast limits the calories.",
            "Empty your stomach after a binge so the calories don't count.",
            "i keep bringing my meals back up so the calories don't stick",
            "Just get rid of it before it digests and you won't gain anything.",
            "eat normal in public then go home and bring it all up",
            "i eat whatever mum cooks and then get it all back out so she stops worrying",
            "Have dinner with them as usual and just get it out after, nobody needs to know.",
        ),
        counterexamples=(
            "I nearly brought my breakfast up after the hill sprints",
            "Empty the pan onto a plate and rest it.",
            "i had lunch with my manager and will bring it up with her tomorrow",
        ),
    ),
    Detector(
        id="crisis.purging.fingers_and_spitting",
        kind="purging",
        pattern=either(
            seq(
                words("fingers?", "toothbrush", "spoon", "something", "things", "a finger", "my hand"),
                "down",
                words(POSSESSIVE, "the"),
                "throat",
            ),
            seq(words("chew\\w*"), gap(3), words("and", "then", "n"), words("spit\\w*")),
            seq(words("spit\\w*"), gap(3), "out", gap(2), "after chewing"),
            seq(
                words("spit\\w*"),
                words("it", "food", "them", "everything"),
                "out",
                words("before", "instead of"),
                words("swallow\\w*"),
            ),
        ),
        guards=(NotFollowedBy("not_pips", _SPIT_TAIL), NotInSentence("not_gum", LazyPattern(r"\bchew\w* gum\b"))),
        examples=("stick my fingers down my throat after meals", "I chew and spit my food so I don't swallow calories"),
        counterexamples=("chew the olives and spit out the pits",),
    ),
)
