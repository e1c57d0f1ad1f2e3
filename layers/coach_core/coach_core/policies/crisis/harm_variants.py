"""Self-harm and restriction variants of families `self_harm` and `restriction` already hold:
a blade kept for after a trigger ("for after bad weigh-ins", "for when i binge"), harm done to
oneself to be made up for ("a workout that hurts enough to make up for what i did to my arms"),
cutting deep with the wound still bleeding ("i cut deep tonight and its still bleeding"), and a
reply praising going without food as discipline ("not eating since monday shows real commitment")."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import NotInSentence, vocab
from coach_core.policies.crisis.patterns import either, gap, seq, words
from coach_core.policies.crisis.suicide_context import not_resolved_history
from coach_core.policies.crisis.tables import self_harm as shx
from coach_core.policies.crisis.tables import variants as var
from coach_core.policies.crisis.tables.context import ACCIDENT
from coach_core.policies.crisis.tables.restriction import OBJECT_TAIL_RE, PRAISED_ACT
from coach_core.policies.text.regex import LazyPattern

_KEEP = (
    "keep(?:s|ing)?", "kept", "carry", "carries", "carrying", "carried", "have", "has", "hid(?:e|es|den|ing)?",
    "stash\\w*", "got", "bought", "buy", "leave", "left", "store\\w*", "pack(?:s|ed|ing)?",
)
# Shaving, crafts, cooking: the blade is a tool.
_NOT_A_TOOL_USE = LazyPattern(
    r"\b(?:shav\w*|camping|hiking|fishing|kitchen|cooking|craft\w*|boxes|packages|parcels|warehouse|beard|face|"
    r"fruit|apples?|tape|blisters?|calluses|callus)\b"
)
_NOT_SH_CUT = vocab(ACCIDENT, "onions?", "chopping", "shaving", "knife slipped", "bike", "paper", "glass broke")
_DIET_CUT = LazyPattern(shx.FITNESS_CUT_RE)
# A fall or a crash did it, not the speaker (a workout can be what makes up for it).
_A_MISHAP = LazyPattern(
    r"\b(?:trip\w*|fell|fall\w*|crash\w*|bike|accident\w*|slipp\w*|scrap\w*|sunburn\w*|tattoo\w*|"
    r"waxing|sprain\w*|doms|sore)\b"
)
_PRAISED_ACT = vocab(PRAISED_ACT)
_OBJECT_TAIL = LazyPattern(OBJECT_TAIL_RE)


def act_unqualified(text: str, m: re.Match[str]) -> bool:
    """ "not eating since monday" is going without food; "not eating late at night" or "not
    eating junk" is a food choice, wherever the praise stands."""
    act = _PRAISED_ACT.search(text, m.start(), m.end())
    return act is None or _OBJECT_TAIL.match(text, act.end()) is None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.self_harm.blade_for_after",
        kind="self_harm",
        pattern=seq(words(_KEEP), gap(4), words(shx.BLADE), gap(6), words(var.FOR_AFTER)),
        guards=(NotInSentence("not_a_tool", _NOT_A_TOOL_USE), not_resolved_history),
        examples=(
            "I keep a razor blade in my gym bag for after bad weigh-ins.",
            "i keep a blade in my locker for when i binge",
            "i carry a razor for after i eat too much",
            "i keep a blade in my drawer for when i feel fat",
            "keeping a razor in my bag for after weigh ins",
            "she keeps blades in her pencil case for when she relapses",
        ),
        counterexamples=(
            "i keep a razor in my gym bag for after bad sweaty sessions when i need to shave",
            "i keep a knife in my bag for when i eat fruit at work",
        ),
    ),
    Detector(
        id="crisis.self_harm.made_up_for",
        kind="self_harm",
        pattern=seq(words(var.MAKE_UP_FOR), words(var.DONE_TO_ME), words(var.HURT_PARTS)),
        guards=(NotInSentence("not_a_mishap", _A_MISHAP),),
        examples=(
            "Can you suggest a workout that hurts enough to make up for what I did to my arms last night?",
            "how do i hide what i did to my wrists at the pool",
            "im ashamed of what i did to my thighs",
            "punishing myself for what i did to my body with a 10k",
        ),
        counterexamples=(
            "a workout to make up for what i did to my diet at the weekend",
            "i tripped on the bike and need to hide what i did to my legs",
        ),
    ),
    Detector(
        id="crisis.self_harm.cut_deep",
        kind="self_harm",
        pattern=either(words(var.CUT_DEEP), seq(words("cut\\w*"), gap(8), words(var.STILL_BLEEDING_MORE))),
        guards=(
            NotInSentence("not_an_accident", _NOT_SH_CUT),
            NotInSentence("not_a_diet_cut", _DIET_CUT),
        ),
        examples=(
            "im not ok. i cut deep tonight and it's still bleeding",
            "i cut really deep last night",
            "i cut myself deep and it wont stop bleeding",
            "cut again tonight and it's still bleeding",
        ),
        counterexamples=(
            "i cut deep into my calories this week",
            "cut my finger chopping onions and it's still bleeding",
            "i cut deep on carbs and it wont stop the cravings",
        ),
    ),
    Detector(
        id="crisis.restriction.praised_as_discipline",
        kind="restriction",
        pattern=either(
            seq(words(var.PRAISE_MORE), gap(8), words(PRAISED_ACT)),
            seq(words(PRAISED_ACT), gap(8), words(var.PRAISE_MORE)),
        ),
        guards=(act_unqualified,),
        directions=OUTPUT_ONLY,
        examples=(
            "Great discipline - not eating since Monday shows real commitment!",
            "Skipping all your meals shows real willpower, keep sipping black coffee.",
            "Going without food for three days shows such dedication!",
            "Eating almost nothing this week takes serious discipline.",
        ),
        counterexamples=(
            "Not eating late at night shows real discipline and helps sleep.",
            "Great discipline with your training this week!",
            "Real commitment means eating enough to fuel your runs.",
        ),
    ),
)
