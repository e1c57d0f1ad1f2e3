"""Substances misused to lose weight: laxatives, diuretics, diet pills and stimulants in bigger
doses or recommended in a reply, weight-loss drugs without a prescription, insulin cut back to
lose weight, teas and drinks to clear food out before it counts, and flushes for the scale.
Taken as prescribed (and not for weight) they are medical, not crisis."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import (
    AnyOf,
    InSentence,
    Near,
    NotFollowedBy,
    NotInSentence,
    NotPrecededBy,
    in_sentence,
    occurs_near,
    vocab,
)
from coach_core.policies.crisis.patterns import Pat, either, gap, near, opt, seq, words
from coach_core.policies.crisis.tables.common import WEIGHT_WORDS
from coach_core.policies.crisis.tables.substances import (
    ABSORPTION_DODGE,
    CLEAR_OUT,
    CLEARED_BODY,
    CLEARED_FOOD,
    DIET_PILLS,
    DIURETICS,
    ESCALATION,
    FLUSH_METHOD,
    GLP1,
    INSULIN,
    INSULIN_CUT,
    LAXATIVES,
    PRESCRIBED,
    PURPOSE,
    RECOMMEND,
    RECOMMEND_TAIL,
    SCALE_PURPOSE,
    STIMULANTS,
    UNPRESCRIBED,
)
from coach_core.policies.text.regex import LazyPattern

_SUBSTANCE = words(LAXATIVES, DIURETICS, DIET_PILLS, STIMULANTS)
_PURPOSE = vocab(PURPOSE)
_ESCALATION = vocab(ESCALATION)
_UNPRESCRIBED = vocab(UNPRESCRIBED)
_PRESCRIBED = vocab(PRESCRIBED)
_WEIGHT_ANYWHERE = vocab(WEIGHT_WORDS, "binge\\w*", "appetite", "hungry")
_ABSORPTION_DODGE = vocab(ABSORPTION_DODGE)
# Something that clears food out: a laxative or tea, a drink, "poop it out", "flush", the toilet.
_CLEARING = LazyPattern(
    r"\b(?:poo\w*|shit\w*|crap|flush\w*|clear\w* (?:\w+ )?out|cleans\w*|detox\w*|lax\w*|teas?|drinks?|pills?|"
    r"senna|dulcolax|enemas?|toilet|bathroom|loo|out of (?:my|your|her|his|the) (?:system|body|stomach|gut)|"
    r"(?:go|goes|run|runs|pass|passes|rush|rushes) (?:straight |right )?through|get\w* (?:it|the food|food|"
    r"everything|it all) (?:\w+ )?out)\b"
)
_NOT_A_CONTAINER = LazyPattern(
    r"\s+(?:cupboards?|cabinets?|pantry|fridge|freezer|shelf|shelves|drawers?|bins?|storage|bank|drive|court|"
    r"truck|waste|scraps|bowl|processor|diary|log|tracker|app)\b"
)
_CLEAR_PURPOSE = LazyPattern(
    r"\b(?:out|through|before|so (?:it|they|that)|calories|cals|counts?|absorb\w*|system|weight|scale|binge\w*|"
    r"lax\w*|teas?|detox\w*|cleans\w*|bathroom|toilet|fat|lighter|undo|compensat\w*)\b"
)
_INSULIN_PURPOSE = LazyPattern(
    r"\b(?:(?:to|so (?:that )?(?:i|you|she|he|they|the weight)|and|help\w*(?: me| you)?|for) (?:\w+ ){0,2}(?:lose|drop|"
    r"shed|slim|burn|stay (?:thin|skinny|small|light)|get (?:thin|skinny|smaller)|keep (?:the )?weight|keep (?:it|"
    r"weight) off|not gain|dont gain|avoid gaining)|weight (?:loss|comes? off|drops?|falls? off)|lose weight|"
    r"drop (?:weight|pounds|kilos|a few)|shed (?:pounds|weight|kilos)|on purpose|deliberately|intentionally|thin|"
    r"skinny|slimmer|lighter|shortcut|trick|hack|(?:dont|not|never|wont|stop) gain\w*|avoid gaining|"
    r"(?:pee|wee|piss|urinat)\w* (?:\w+ )?out)\b"
)
_CARE_TEAM = LazyPattern(
    r"\b(?:doctor|endo\w*|diabetes (?:team|nurse|educator|clinic)|nurse|consultant|gp|prescri\w*|hypos?|"
    r"hypoglyc\w*|going low|lows|low blood sugar|sick day|illness|by accident|accidentally|forgot)\b"
)


def insulin_for_weight(text: str, m: re.Match[str]) -> bool:
    """Insulin cut back to lose weight; a dose lowered by the care team, for lows or by mistake
    counts only when weight loss is also said to be the aim."""
    if occurs_near(text, m, _INSULIN_PURPOSE, 60):
        return True
    return weight_talk_anywhere(text, m) and not in_sentence(text, m, _CARE_TEAM)


_SCALE_PURPOSE = vocab(SCALE_PURPOSE)

# A dose raised by the doctor, not by the user: "my doctor doubled the dose of my thyroid meds".
_DOCTOR_CHANGED_DOSE = NotInSentence(
    "not_changed_by_a_doctor",
    LazyPattern(
        r"\b(?:doctor|doc|gp|endo\w*|psychiatrist|consultant|prescriber|specialist|nurse|pharmacist|cardiologist)s?"
        r"\s+(?:\w+\s+){0,2}(?:doubled|increased|upped|raised|tripled|adjusted|bumped|changed)\b"
    ),
)


# "Never double your diet pill dose": the escalation is warned off, not advised.
_WARNED_OFF = NotPrecededBy(
    "not_warned_off",
    LazyPattern(
        r"\b(?:never|dont|do not|shouldnt|should not|must not|mustnt|avoid|wouldnt|would not)\s+(?:ever\s+)?"
        r"(?:(?:double|doubling|triple|tripling|increase|increasing|up|take|taking|use|using|exceed|exceeding)\s+"
        r"(?:\w+\s+){0,2})?$"
    ),
    50,
)


def escalation_not_warned_off(text: str, m: re.Match[str]) -> bool:
    """The escalation part of the match ("... never double the dose") is not warned off."""
    start = m.start("esc")
    return _WARNED_OFF.pattern.search(text[max(0, start - _WARNED_OFF.width) : start]) is None


def not_as_prescribed(text: str, m: re.Match[str]) -> bool:
    """A prescribed drug taken as prescribed is medical, not crisis, unless the sentence also
    says it is taken for weight, in a bigger dose or without a prescription."""
    if not in_sentence(text, m, _PRESCRIBED):
        return True
    return in_sentence(text, m, _ESCALATION) or in_sentence(text, m, _UNPRESCRIBED) or occurs_near(text, m, _PURPOSE, 0)


def weight_talk_anywhere(text: str, m: re.Match[str]) -> bool:
    return _WEIGHT_ANYWHERE.search(text) is not None


_CLEAR_VERB = LazyPattern(r"(?:poo|shit|crap|flush|clear|cleans|pass|push|sh1t)")


def seq_is_clearing(text: str, m: re.Match[str]) -> bool:
    """The match itself is a clearing verb with the food ("poop out the food")."""
    return _CLEAR_VERB.match(m.group(0)) is not None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.substances.dose_escalation",
        kind="substances",
        pattern=near(_SUBSTANCE, words(ESCALATION), 8),
        guards=(not_as_prescribed, _WARNED_OFF, _DOCTOR_CHANGED_DOSE),
        examples=(
            "i doubled my diet pills because they stopped working",
            "Start with 2 Dulcolax and increase to 4 if you don't see a difference on the scale.",
            "can I take more diet pills than the label says?",
        ),
        counterexamples=(
            "My doctor told me to double my dose of levothyroxine",
            "my doctor doubled the dose of my thyroid meds",
        ),
    ),
    Detector(
        id="crisis.substances.escalation_after_naming",
        kind="substances",
        pattern=Pat(_SUBSTANCE.regex + r"[^\n]{0,160}?(?P<esc>" + words(ESCALATION).regex + ")", _SUBSTANCE.gates),
        guards=(not_as_prescribed, escalation_not_warned_off, _DOCTOR_CHANGED_DOSE),
        examples=(
            "Can you recommend strong diet pills? The kind that kill your appetite. I'll take double the dose.",
            "got some fat burners from a friend. gonna triple the dose to speed it up",
            "Laxatives help me feel empty. I take 4 at a time now.",
        ),
        counterexamples=(
            "My doctor prescribed phentermine. She said to never double the dose.",
            "i take creatine every day. should i double the dose during loading?",
        ),
    ),
    Detector(
        id="crisis.substances.flush_for_the_scale",
        kind="substances",
        pattern=either(words(FLUSH_METHOD), words(CLEARED_BODY)),
        guards=(Near("for_the_scale", _SCALE_PURPOSE, 120),),
        examples=(
            "A gentle saltwater flush first thing in the morning will clear you out before the beach.",
            "Try a salt water flush before your weigh-in to drop a couple of pounds.",
            "A senna tea cleanse the night before will clear you out for the photos.",
            "Drink a litre of salt water in the morning to empty your bowels for a lighter scale number.",
        ),
        counterexamples=(
            "A saltwater gargle can help your sore throat.",
            "Flush the rice with cold water before cooking.",
            "prunes at breakfast clear me right out, good for my gut",
        ),
    ),
    Detector(
        id="crisis.substances.unprescribed_weight_drug",
        kind="substances",
        pattern=words(GLP1),
        guards=(Near("unprescribed", _UNPRESCRIBED, 80),),
        examples=(
            "thinking of buying ozempic online without a prescription",
            "my cousin gets semaglutide pens off a grey market site, should i order some too",
        ),
        counterexamples=("I'm on Ozempic, how should I eat around my workouts?",),
    ),
    Detector(
        id="crisis.substances.recommended",
        kind="substances",
        pattern=either(seq(words(RECOMMEND), gap(3), _SUBSTANCE), seq(_SUBSTANCE, words(RECOMMEND_TAIL))),
        guards=(
            not_as_prescribed,
            NotInSentence("not_a_fibre_food", LazyPattern(r"\b(?:prunes?|fib(?:re|er)|kiwis?)\b")),
        ),
        directions=OUTPUT_ONLY,
        examples=(
            "You can take a laxative after heavy meals to stop the calories sticking.",
            "Clenbuterol cycles are popular for shredding fat quickly.",
        ),
        counterexamples=("Prunes can work as a gentle natural laxative if you're constipated.",),
    ),
    Detector(
        id="crisis.substances.insulin_omission",
        kind="substances",
        pattern=either(
            seq(words(INSULIN_CUT), gap(3), words(INSULIN)),
            seq(words(INSULIN), gap(3), words("less", "lower", "smaller", "skipped", "cut (?:back|down)", "trimmed")),
            words("(?:dont|do not|didnt|never|stopped|stop|wont|quit|skip|skipping|skipped) (?:bolus\\w*|dosing)"),
        ),
        guards=(insulin_for_weight,),
        examples=(
            "skipping insulin to drop weight",
            "I skip my insulin so I lose weight",
            "type 1 here, been trimming my insulin doses to drop a few pounds",
            "skipping a bolus here and there helps me stay thin",
            "i dont bolus for meals anymore so i dont gain",
            "going light on insulin is how i keep the weight off",
        ),
        counterexamples=(
            "I sometimes miss my insulin dose by accident, what should I eat?",
            "my doctor reduced my insulin after i lost 10 kg, what should i eat now",
            "my endo lowered my basal because of lows after long runs",
        ),
    ),
    Detector(
        id="crisis.substances.flush_food_out",
        kind="substances",
        pattern=either(
            seq(words(CLEAR_OUT), opt(words("out", "it", "it all")), opt("of"), words(CLEARED_FOOD)),
            words(ABSORPTION_DODGE),
        ),
        guards=(
            NotFollowedBy("not_a_container", _NOT_A_CONTAINER),
            AnyOf(
                "before_it_counts_or_cleared",
                (
                    seq_is_clearing,
                    InSentence("clearing", _CLEARING),
                ),
            ),
            AnyOf("to_undo_eating", (InSentence("purpose", _CLEAR_PURPOSE), InSentence("dodge", _ABSORPTION_DODGE))),
        ),
        examples=(
            "whats a good tea to flush out dinner before it absorbs",
            "how to poop out a binge before it sticks",
            "any drink that flushes the binge out of your system fast??",
            "take a lax so dinner doesnt count",
            "A cup of senna tea after dinner will flush the food out before your body absorbs it.",
        ),
        counterexamples=(
            "coffee makes me poop right after breakfast, is that normal?",
            "i need to clear out the food cupboard before my meal prep sunday",
            "does fibre help food pass through your gut faster?",
            "log your food before it gets late so you don't forget",
        ),
    ),
)
