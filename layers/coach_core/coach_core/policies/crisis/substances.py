"""Substances misused to lose weight: laxatives, diuretics, diet pills, stimulants and
weight-loss drugs taken without a prescription, insulin skipped to lose weight; including
brand names ("dulcolax", "hydroxycut", "adderall") and dose escalation ("double the dose",
"if one isn't enough take two", "work up to three")."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import AnyOf, Near, NotInSentence, NotPrecededBy, in_sentence, occurs_near, vocab
from coach_core.policies.crisis.patterns import either, gap, near, opt, seq, words
from coach_core.policies.crisis.tables.common import WEIGHT_WORDS
from coach_core.policies.crisis.tables.substances import (
    DANGEROUS,
    DIET_PILLS,
    DIURETICS,
    ESCALATION,
    GLP1,
    HABIT,
    LAXATIVES,
    PRESCRIBED,
    PURPOSE,
    RECOMMEND,
    RECOMMEND_TAIL,
    STIMULANTS,
    UNPRESCRIBED,
)
from coach_core.policies.text.regex import LazyPattern

_SUBSTANCE = words(LAXATIVES, DIURETICS, DIET_PILLS, STIMULANTS)
_PURPOSE = vocab(PURPOSE)
_ESCALATION = vocab(ESCALATION)
_UNPRESCRIBED = vocab(UNPRESCRIBED)
_HABIT = vocab(HABIT)
_PRESCRIBED = vocab(PRESCRIBED)
_TO_NOT_EAT = LazyPattern(
    r"\b(?:to|so (?:that )?(?:i|you|she|he|they)|in order to|and|for)\s+(?:\w+\s+)?(?:lose|drop|shed|get (?:thin|"
    r"skinny)|"
    r"be (?:thin|skinny)|suppress|kill|curb|blunt|not (?:eat|be hungry|feel hungry|get hungry)|stop (?:eating|being "
    r"hungry)|eat less|skip meals|(?:dont|do not|never|wont) (?:eat|get hungry|feel hungry|feel hunger)|"
    r"speed up (?:my|your) metabolism|weight loss|appetite|hunger)"
)
_WEIGHT_ANYWHERE = vocab(WEIGHT_WORDS, "binge\\w*", "appetite", "hungry")


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


def not_as_prescribed(text: str, m: re.Match[str]) -> bool:
    """A prescribed drug taken as prescribed is medical, not crisis, unless the sentence also
    says it is taken for weight, in a bigger dose or without a prescription."""
    if not in_sentence(text, m, _PRESCRIBED):
        return True
    return in_sentence(text, m, _ESCALATION) or in_sentence(text, m, _UNPRESCRIBED) or occurs_near(text, m, _PURPOSE, 0)


def weight_talk_anywhere(text: str, m: re.Match[str]) -> bool:
    return _WEIGHT_ANYWHERE.search(text) is not None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.substances.laxative_for_weight",
        kind="substances",
        pattern=words(LAXATIVES, DIURETICS),
        guards=(
            not_as_prescribed,
            AnyOf("for_weight_or_habit", (Near("for_weight", _PURPOSE, 100), Near("habit", _HABIT, 40))),
        ),
        examples=(
            "how do i use laxatives to lose weight",
            "I take diuretics before weigh-ins to drop water",
            "I take 4 dulcolax every night so i wake up lighter",
            "ex lax after every binge",
        ),
        counterexamples=("My doctor prescribed a diuretic for my blood pressure", "are prunes a natural laxative?"),
    ),
    Detector(
        id="crisis.substances.dose_escalation",
        kind="substances",
        pattern=near(_SUBSTANCE, words(ESCALATION), 8),
        guards=(not_as_prescribed, _WARNED_OFF),
        examples=(
            "i doubled my diet pills because they stopped working",
            "Start with 2 Dulcolax and increase to 4 if you don't see a difference on the scale.",
            "can I take more diet pills than the label says?",
        ),
        counterexamples=("My doctor told me to double my dose of levothyroxine",),
    ),
    Detector(
        id="crisis.substances.stimulant_misuse",
        kind="substances",
        pattern=words(STIMULANTS),
        guards=(
            not_as_prescribed,
            AnyOf(
                "taken_to_not_eat_or_unprescribed",
                (
                    Near("to_not_eat", _TO_NOT_EAT, 60),
                    Near("unprescribed", _UNPRESCRIBED, 60),
                    Near("escalation", _ESCALATION, 60),
                ),
            ),
        ),
        examples=(
            "been snorting my brothers adderall so i dont get hungry",
            "I take caffeine pills all day to kill my appetite",
        ),
        counterexamples=(
            "I'm on Adderall for ADHD, how do I make sure I eat enough?",
            "adderall kills my appetite, what should i eat",
        ),
    ),
    Detector(
        id="crisis.substances.pills_for_weight",
        kind="substances",
        pattern=words(DIET_PILLS),
        guards=(
            not_as_prescribed,
            _WARNED_OFF,
            AnyOf(
                "for_weight_or_unprescribed",
                (
                    Near("for_weight", _PURPOSE, 60),
                    Near("unprescribed", _UNPRESCRIBED, 60),
                    Near("escalation", _ESCALATION, 60),
                ),
            ),
        ),
        examples=("I've been taking diet pills to lose weight faster", "bought ephedrine to suppress my appetite"),
        counterexamples=("t3 is my thyroid result",),
    ),
    Detector(
        id="crisis.substances.dangerous_drug",
        kind="substances",
        pattern=words(DANGEROUS),
        examples=("is dnp safe if i'm careful with the dose", "how do i get clenbuterol to lose fat"),
        counterexamples=("dnf at my last race",),
    ),
    Detector(
        id="crisis.substances.unprescribed_weight_drug",
        kind="substances",
        pattern=words(GLP1),
        guards=(Near("unprescribed", _UNPRESCRIBED, 80),),
        examples=("thinking of buying ozempic online without a prescription",),
        counterexamples=("I'm on Ozempic, how should I eat around my workouts?",),
    ),
    Detector(
        id="crisis.substances.abuse",
        kind="substances",
        pattern=either(
            seq(words("abus\\w*", "misus\\w*", "overus\\w*"), gap(2), _SUBSTANCE),
            seq(_SUBSTANCE, words("abuse", "misuse", "overuse", "addiction", "dependen\\w*")),
            seq(
                words("addicted to", "hooked on", "dependent on", "rely on", "relying on", "relied on"),
                gap(1),
                words(LAXATIVES, DIURETICS, DIET_PILLS),
            ),
            seq(
                words(
                    "[3-9]",
                    "[1-9][0-9]+",
                    "three",
                    "four",
                    "five",
                    "six",
                    "seven",
                    "eight",
                    "nine",
                    "ten",
                    "twenty",
                    "a handful",
                    "handfuls",
                    "a bunch",
                    "a box",
                    "a packet",
                    "a pack",
                    "a whole (?:box|packet|pack|bottle)",
                    "lots",
                    "loads",
                    "several",
                ),
                opt("of"),
                opt(words("my", "the", "those")),
                words(LAXATIVES, DIURETICS, DIET_PILLS),
            ),
        ),
        examples=("my sister is addicted to laxatives", "laxative abuse", "i take 10 laxatives a day"),
        counterexamples=("I'm addicted to protein bars",),
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
        pattern=seq(
            words(
                "skip\\w*",
                "omit\\w*",
                "miss\\w*",
                "stop\\w*",
                "reduc\\w*",
                "restrict\\w*",
                "withhold\\w*",
                "under-?dos\\w*",
                "less",
                "cut\\w*(?: back)?(?: on)?",
                "not (?:tak\\w*|us\\w*)",
            ),
            gap(3),
            "insulin",
        ),
        guards=(weight_talk_anywhere,),
        examples=("skipping insulin to drop weight", "I skip my insulin so I lose weight"),
        counterexamples=("I sometimes miss my insulin dose by accident, what should I eat?",),
    ),
    Detector(
        id="crisis.substances.diabulimia",
        kind="substances",
        pattern=words("insulin (?:omission|restriction|manipulation)", "diabulimi\\w*"),
        examples=("is diabulimia a real thing, i think i have it",),
        counterexamples=("insulin resistance and exercise",),
    ),
)
