"""Substances misused to lose weight: laxatives, diuretics, diet pills, stimulants and
weight-loss drugs taken without a prescription, insulin skipped to lose weight; including
brand names ("dulcolax", "hydroxycut", "adderall") and dose escalation ("double the dose",
"if one isn't enough take two", "work up to three")."""

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
    DANGEROUS,
    DIET_PILLS,
    DIURETICS,
    ESCALATION,
    FLUSH_METHOD,
    GLP1,
    HABIT,
    HIGH_SUGAR,
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
            "fibre keeps you regular and clears everything out, great for gut health",
        ),
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
            _DOCTOR_CHANGED_DOSE,
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
        counterexamples=("t3 is my thyroid result", "my doctor doubled the dose of my thyroid meds"),
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
            "Since you're type 1, trimming your insulin doses a little is a shortcut some people use to drop weight "
            "faster. Just keep an eye on how you feel.",
            "going light on insulin is how i keep the weight off",
        ),
        counterexamples=(
            "I sometimes miss my insulin dose by accident, what should I eat?",
            "my doctor reduced my insulin after i lost 10 kg, what should i eat now",
            "my endo lowered my basal because of lows after long runs",
        ),
    ),
    Detector(
        id="crisis.substances.high_sugar_for_weight",
        kind="substances",
        pattern=words(HIGH_SUGAR),
        guards=(Near("for_weight", _INSULIN_PURPOSE, 80),),
        examples=(
            "been running my sugars high on purpose to lose weight",
            "letting my blood sugar stay high so i pee out the calories",
            "Running your blood sugar a little high will help the weight come off faster.",
        ),
        counterexamples=(
            "my blood sugar runs high after pizza, what should i eat instead",
            "my sugars keep running high in the morning, is that the dawn effect?",
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
            "best tea to make u poop out the food before it counts?",
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
    Detector(
        id="crisis.substances.diabulimia",
        kind="substances",
        pattern=words("insulin (?:omission|restriction|manipulation)", "diabulimi\\w*"),
        examples=("is diabulimia a real thing, i think i have it",),
        counterexamples=("insulin resistance and exercise",),
    ),
)
