"""Purging: making oneself sick, vomiting tied to eating or weight, and the euphemisms a reply
might use ("bring it back up", "empty your stomach", "get rid of it before it digests", "head
to the bathroom right after eating"); chewing and spitting; "b/p"."""

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
    not_self_denied,
    vocab,
)
from coach_core.policies.crisis.patterns import either, gap, opt, seq, words
from coach_core.policies.crisis.tables.common import EXERCISE, ILLNESS, POSSESSIVE, SELF
from coach_core.policies.crisis.tables.context import ED_CONTEXT, NAUSEA
from coach_core.policies.crisis.tables.purging import (
    AFTER_EATING,
    EATEN,
    EXPEL,
    HIDDEN_FROM,
    HOW_TO,
    MAKE,
    NOT_PURGING,
    SICK,
    TOILET_TRIP,
    VOMIT,
)
from coach_core.policies.text import occurs_within, sentence_around
from coach_core.policies.text.regex import LazyPattern

_ILLNESS = vocab(ILLNESS)
_NAUSEA = vocab(NAUSEA)
_EXERCISE = vocab(EXERCISE)
_ED_CONTEXT = vocab(ED_CONTEXT)
# A purge of things: "a pantry purge", "my closet purge", "an inbox purge".
_DECLUTTER_HEAD = LazyPattern(
    r"\b(?:pantry|kitchen|fridge|freezer|cupboard|closet|wardrobe|house|home|clothes|clothing|toy|book|inbox|email|"
    r"e-?mail|digital|social media|phone|app|photo|file|desk|garage|junk food|snack|sugar|spring|declutter\w*|"
    r"follow\w*|friend list|playlist|makeup|drawer|shoe|gear|paper\w*|data|cache|database)s?\s+$"
)
_DECLUTTER_TAIL = LazyPattern(
    r"\s+(?:(?:the|my|our|your|all|all the|of)\s+)*(?:pantry|kitchen|fridge|freezer|cupboards?|closet|house|home|"
    r"cabinets?|wardrobe|shelves|social|feed|inbox|toxins|junk|processed|sugar|snacks?|treats|temptations|clutter)\b"
)
_BLOOD_PRESSURE = LazyPattern(
    r"\b(?:pressure|reading|readings|mmhg|systolic|diastolic|hypertension|meds|medication|pills?|monitor|cuff|"
    r"[0-9]{2,3}\s*/\s*[0-9]{2,3})\b|\bb\s?/\s?p\s+(?:is|was|has been|s)\s+(?:\w+\s+)?(?:high|low|up|down|normal|"
    r"fine|good|ok|okay|better|elevated)"
)
_BOWELS = LazyPattern(
    r"\b(?:fib(?:re|er)|poo\w*|bowels?|constipat\w*|ibs|diarrh\w*|normal|number two|pee|wee|urinat\w*|coffee|"
    r"laxative)\b"
)
_PURGE_SIGNS = LazyPattern(
    r"\b(?:being sick|been sick|hear\w*|sounds?|smell\w*|red eyes|every meal|each meal|straight after|right after|"
    r"immediately after|comes? back|let it|all come|binge\w*|calories|weight|undo)\b"
)
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


# Brushing, a pulse check or a grip: the toothbrush or the fingers used for something else.
_TOOLS_OTHERWISE = LazyPattern(
    r"\b(?:brush\w*|floss\w*|bristles?|electric|pulse|heart ?rate|grip\w*|pinch\w*|measure\w*|caliper\w*|"
    r"chalk|tape|taping|numb|tingl\w*|swollen|sprain\w*|jammed|count\w*|typing|piano|guitar|sensitive teeth)\b"
)
_TOOL = ("toothbrush", "tooth brush", "fingers?", "two fingers", "a finger", "spoon", "the back of a spoon")
_MEALTIME = LazyPattern(
    r"\b(?:binge\w*|bingeing|binging|after (?:i |she |he |you )?(?:eat\w*|ate|meals?|dinner|lunch|breakfast|food|"
    r"big meals?|every meal|a meal|pigging out|overeating|i overeat)|when (?:i|she|he|you) (?:eat|overeat|ate)|"
    r"calori\w*|purg\w*|throat|gag\w*|get (?:it|everything|the food) (?:out|up)|eat too much|ate too much)\b"
)


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.purging.induced_vomiting",
        kind="purging",
        pattern=either(
            seq(words(MAKE), words(SELF), opt("to"), words(SICK)), seq(words("gag(?:s|ged|ging)?"), words(SELF))
        ),
        guards=(not_self_denied,),
        examples=(
            "i keep making myself throw up after dinner",
            "my friend makes herself sick after eating",
            "how do you make yourself gag",
        ),
        counterexamples=("the smell made me feel sick", "i never make myself sick or anything, i just overeat"),
    ),
    Detector(
        id="crisis.purging.vomiting_after_eating",
        kind="purging",
        pattern=words(VOMIT),
        guards=(
            not_a_bug_or_a_hard_session,
            AnyOf("eating_or_weight", (Near("eating_or_weight", _ED_CONTEXT, 80), eaten_first)),
        ),
        examples=(
            "I threw up after dinner so it wouldn't count",
            "whats the easiest way to throw up food",
            "i eat in front of my parents and then throw it up after so they dont worry",
            "eat dinner w my fam then go puke it up lol",
            "had pizza w the team, then threw it up when i got home",
            "i eat in front of them and sick it up after",
        ),
        counterexamples=(
            "I almost threw up during burpees",
            "I threw up from food poisoning yesterday",
            "i ate some dodgy prawns and threw up all night",
            "my toddler ate his dinner then threw up, should i worry?",
            "i ate a huge burrito and felt like i would throw up",
            "threw up during my first crossfit class, went too hard right after lunch",
            "i puked halfway through the race after a big breakfast",
        ),
    ),
    Detector(
        id="crisis.purging.vomiting_suggested",
        kind="purging",
        pattern=words(VOMIT),
        guards=(not_a_bug_or_a_hard_session, NotInSentence("not_exercise", _EXERCISE)),
        directions=OUTPUT_ONLY,
        examples=("Throwing it up within 20 minutes means most of it won't be absorbed.",),
        counterexamples=("Some people feel like they might throw up during hard intervals.",),
    ),
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
        id="crisis.purging.bathroom_after_meals",
        kind="purging",
        pattern=either(
            seq(words(TOILET_TRIP), gap(2), words(AFTER_EATING)), seq(words(AFTER_EATING), gap(4), words(TOILET_TRIP))
        ),
        guards=(
            NotInSentence("not_an_illness", _ILLNESS),
            NotInSentence("not_bowels", _BOWELS),
            AnyOf(
                "purge_signs", (Near("eating_or_weight", _PURGE_SIGNS, 80), Near("eating_or_weight2", _ED_CONTEXT, 0))
            ),
        ),
        examples=(
            "my daughter goes to the bathroom straight after every meal and i can hear her being sick",
            "Head to the toilet right after eating and let it all come up.",
        ),
        counterexamples=("I go to the toilet after breakfast every day, is that normal with fibre?",),
    ),
    Detector(
        id="crisis.purging.how_to",
        kind="purging",
        pattern=seq(
            words(HOW_TO),
            opt(words("i", "you", "we", "people")),
            opt(words("make (?:myself|yourself)")),
            words("throw up", "vomit", "puke", "purge", "be sick", "gag", "bring (?:food|it) back up"),
        ),
        guards=(NotInSentence("not_an_illness", _ILLNESS),),
        examples=("how do i bring food back up easier", "best way to purge after a binge"),
        counterexamples=("how to stop feeling like i will vomit after a stomach bug",),
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
    Detector(
        id="crisis.purging.coded_method",
        kind="purging",
        pattern=either(
            seq(
                words("the thing", "the trick", "that thing", "my thing", "that trick"),
                "with",
                opt(words("my", "a", "the")),
                words(_TOOL),
            ),
            seq(words(_TOOL), words("thing", "trick", "method", "technique", "routine", "way")),
            seq(
                words("use", "uses", "used", "using", "stick", "sticks", "stuck", "sticking"),
                opt(words("my", "a", "the", "your", "her", "his")),
                words(_TOOL),
            ),
        ),
        guards=(Near("after_eating", _MEALTIME, 80), NotInSentence("used_otherwise", _TOOLS_OTHERWISE)),
        examples=(
            "after binges i do the thing with my toothbrush",
            "i do the toothbrush thing after dinner",
            "after big meals i use the fingers trick",
            "after i eat too much i use two fingers",
            "she uses a spoon after every meal to get it out",
        ),
        counterexamples=(
            "i brush my teeth with an electric toothbrush after dinner",
            "my fingers get numb after a heavy deadlift session",
            "i use two fingers to check my pulse after meals",
            "use a spoon to portion the rice at lunch",
        ),
    ),
    Detector(
        id="crisis.purging.purge_word",
        kind="purging",
        pattern=words("purg(?:e|es|ed|ing)"),
        guards=(
            NotFollowedBy("not_decluttering", _DECLUTTER_TAIL),
            NotPrecededBy("not_a_purge_of_things", _DECLUTTER_HEAD),
            not_self_denied,
        ),
        examples=(
            "i purge after every meal",
            "Purging after meals keeps the calories off.",
            "she doesnt purge as often as before, but still after big dinners",
        ),
        counterexamples=(
            "purge my pantry of junk food",
            "doing a big pantry purge this weekend",
            "i dont purge or anything like that, i just overeat",
            "closet purge day, which gym clothes should i keep",
        ),
    ),
    Detector(
        id="crisis.purging.binge_purge_abbreviation",
        kind="purging",
        pattern=words("b/p", "b / p", "b /p", "b/ p", "b&p"),
        guards=(NotInSentence("not_blood_pressure", _BLOOD_PRESSURE),),
        examples=("b/p cycle again tonight",),
        counterexamples=("my b/p is 130/85",),
    ),
    Detector(
        id="crisis.purging.keeping_food_down",
        kind="purging",
        pattern=seq(
            words("havent", "have not", "not", "cant", "cannot", "dont", "didnt", "wont", "never"),
            opt("been"),
            words("kept", "keeping", "keep", "let"),
            words("a meal", "food", "anything", "meals", "dinner", "lunch", "it"),
            "down",
        ),
        guards=(
            NotInSentence("not_an_illness", _ILLNESS),
            AnyOf(
                "on_purpose_or_weight",
                (
                    InSentence(
                        "intent",
                        LazyPattern(
                            r"\b(?:want\w*|on purpose|make sure|wont let|dont let|so it|calories|"
                            r"weight|scale|count)\b"
                        ),
                    ),
                    InSentence("weight", LazyPattern(r"\b(?:lose|thin|skinny|fat)\b")),
                ),
            ),
        ),
        examples=(
            "can't keep food down because i make sure it comes back up",
            "i never keep a meal down, the calories scare me",
        ),
        counterexamples=("stomach bug, can't keep anything down",),
    ),
    Detector(
        id="crisis.purging.chew_and_spit",
        kind="purging",
        pattern=words(
            "chew(?:ing)?[- ](?:and|n|&|then)[- ]spit(?:ting)?",
            "chew(?:ing)? and spit(?:ting)? (?:it|them|food)",
        ),
        guards=(not_self_denied,),
        examples=("Chew-and-spit is a clever way to enjoy the taste without the calories", "i chew and spit my dinner"),
        counterexamples=("chew slowly and spit out the olive pits", "I don't chew and spit or anything like that"),
    ),
)
