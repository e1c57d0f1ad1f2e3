"""Concealment: faking having eaten ("throw my lunch in the bin and tell my mum i had it", "move
the food around your plate so people think you're eating"), making others believe one ate,
hiding food in a napkin, pretending to eat, and a cover story for not eating ("what excuse can i
use to skip family dinner without them getting suspicious")."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import AnyOf, InSentence, NotFollowedBy, vocab
from coach_core.policies.crisis.patterns import either, gap, opt, seq, words
from coach_core.policies.crisis.tables.concealment import (
    ATE_NOW,
    BEHAVIOUR,
    CONCEAL_WISH,
    EATER,
    FAKE_ACTS,
    FAKE_SIGNS,
    MEAL_DODGE,
    OTHERS,
)
from coach_core.policies.text.regex import LazyPattern

_OTHERS_RE = "(?:" + "|".join(OTHERS) + ")"


def _with_others(table: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(form.replace("OTHERS", _OTHERS_RE) for form in table)


_FAKE_SIGNS = vocab(_with_others(FAKE_SIGNS))
_SECRET = LazyPattern(
    r"\b(?:secret\w*|sneak\w*|hid\w*|behind (?:her|his|their|my \w+s?) backs?|when (?:\w+ ){1,2}(?:isnt|is not|arent|"
    r"are not|not) (?:looking|watching|home|around)|so (?:that )?(?:nobody|no one|they|she|he|my \w+|mum|mom|dad|"
    r"people)|"
    r"without (?:her|him|them|anyone|any1|my \w+) (?:seeing|knowing|noticing))\b"
)
# The cover story beside binning a meal: "... and tell her i had it", "say i ate them".
_COVER_TELL = LazyPattern(
    r"\b(?:tell|tells|telling|told|say|says|saying|said|claim\w*|pretend\w*)(?: to)?(?: \w+){0,2} (?:that )?(?:i|she|"
    r"he|we|you)(?:ve|d)? (?:had|ate|eaten|finished|have eaten|loved|liked|enjoyed)\b|"
    r"\b(?:it|they) (?:was|were) (?:delicious|nice|good|great|yummy|tasty|lovely)\b"
)
_FOOD_CHOICE = LazyPattern(
    r"\b(?:not eating|dont eat|didnt eat|havent eaten|doesnt eat|never eat|isnt eating|arent eating|youre not eating|"
    r"im not eating)\s+(?:enough|much|any|properly|the|healthy|well|right|out|late|a lot|more|less|\w+\s+(?:protein|"
    r"veg\w*|fruit|fib\w*|carbs|fat|greens|breakfast|meat|dairy|sugar|junk))\b|"
    r"\b(?:doesnt|dont|didnt|wont|cant|not|never) (?:eat|eats|eating|ate) (?:them|it|those|these|my|your|his|her|"
    r"their)\b"
)
_NAPKIN_FOOD = LazyPattern(
    r"\b(?:food|meals?|dinner|lunch|breakfast|supper|sandwich\w*|bites?|pieces|toast|pasta|rice|chicken|bread|crusts?|"
    r"leftovers|it all|most of it|half of it|veg\w*|potato\w*|chips)\b"
)
_HIDDEN = (vocab(BEHAVIOUR), vocab(MEAL_DODGE))
# A food or a time, not food itself: "why i dont eat pork", "i dont eat before training".
_FOOD_TAIL = LazyPattern(
    r"\s+(?:junk|sugar|meat|pork|beef|fish|chicken|bread|carbs|gluten|dairy|red meat|fried|sweets|snacks|chocolate|"
    r"takeaway|takeout|processed|fast food|out|late|after|before|at night|veg\w*|fruit|greens|breakfast|healthy|clean|"
    r"well|right|enough|properly|so much|too much|as much|like|the|eggs|rice|pasta|spicy|halal|kosher)\b"
)
_OTHERS_ANY = vocab(_with_others(OTHERS), "family", "parents", "grandm\\w*", "grandp\\w*", "nan", "nana")
_ED_TALK = LazyPattern(
    r"\b(?:eat\w*|ate|food|weight|calories|hungry|thin|skinny|fat|meals?|family (?:meals?|dinners?|lunch))\b"
)


def hiding_eating_nearby(text: str, m: re.Match[str]) -> bool:
    """A cover story ("get her off my back", "an excuse", "so she doesnt find out") within two
    sentences of not eating, skipping meals or weight loss, with someone to hide it from."""
    lo, hi = max(0, m.start() - 200), min(len(text), m.end() + 160)
    found = any(
        _FOOD_CHOICE.search(text, b.start(), min(len(text), b.end() + 40)) is None
        and not _FOOD_TAIL.match(text, b.end())
        for hidden in _HIDDEN
        for b in hidden.finditer(text, lo, hi)
    )
    if not found:
        return False
    return _OTHERS_ANY.search(text, lo, hi) is not None and _ED_TALK.search(text, lo, hi) is not None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.concealment.faked_eating",
        kind="concealment",
        pattern=words(FAKE_ACTS),
        guards=(AnyOf("deceit", (InSentence("deceit", _FAKE_SIGNS), InSentence("cover_story", _COVER_TELL))),),
        examples=(
            "i throw my lunch in the bin at school and tell my mum i had it",
            "my daughter has been secretly throwing out her packed lunches",
            "Have a few bites in front of them so they stop asking questions.",
            "Leave a few crumbs and a used plate out so it looks like you ate.",
            "Move the food around your plate and take tiny bites so people think you're eating normally.",
            "To avoid questions, wrap the food in a napkin and throw it away when no one is looking.",
            "I've been throwing my packed lunch in the bin at school so my parents think I ate",
        ),
        counterexamples=(
            "Cutting food into small pieces can help you eat more slowly.",
            "my son threw his lunch out because it went mouldy",
            "Try eating a few bites of vegetables first to slow down at dinner.",
        ),
    ),
    Detector(
        id="crisis.concealment.false_impression",
        kind="concealment",
        pattern=either(
            seq(
                words("make", "makes", "making", "made", "so", "so that", "let", "letting"),
                words(_with_others(OTHERS), "it"),
                words("look", "looks", "seem", "seems", "think", "thinks", "believe", "believes", "assume", "assumes"),
                opt(words("like", "that")),
                words(EATER),
                opt(words("already", "just", "have", "had")),
                words(ATE_NOW),
            ),
            seq(
                words("trick\\w*", "fool\\w*", "convinc\\w*", "get", "getting"),
                gap(2),
                opt("into"),
                words("thinking", "believing", "to think", "to believe"),
                opt("that"),
                words(EATER),
                opt(words("already", "just", "have", "had")),
                words(ATE_NOW),
            ),
            seq(
                words("look", "looks", "looking"),
                "like",
                words(EATER),
                opt(words("already", "just", "have", "had")),
                words(ATE_NOW),
            ),
        ),
        guards=(
            NotFollowedBy("not_eating_well", LazyPattern(r"\s+(?:well|better|healthier|more|enough|a lot|too much)\b")),
        ),
        examples=(
            "tips to make it look like i ate dinner",
            "how do i trick my parents into thinking i'm eating",
            "I throw my lunch away so my parents think I ate",
        ),
        counterexamples=("my mum thinks im eating better since I started cooking",),
    ),
    Detector(
        id="crisis.concealment.food_in_napkin",
        kind="concealment",
        pattern=seq(
            words("put\\w*", "wrap\\w*", "stuff\\w*", "spit\\w*", "tuck\\w*", "slid\\w*", "drop\\w*", "scrap\\w*"),
            gap(4),
            words("in", "into", "under", "inside"),
            opt(words("a", "the", "your", "my", "her", "his")),
            words("napkins?", "serviettes?", "sleeves?", "tissues?", "plant pots?", "hoodie pocket"),
        ),
        guards=(AnyOf("food_or_secret", (InSentence("food", _NAPKIN_FOOD), InSentence("secret", _SECRET))),),
        examples=(
            "i put my food in a napkin at family meals and throw it out later",
            "i wrap most of my dinner in a serviette when mum isnt looking",
            "spitting bites into a tissue under the table",
        ),
        counterexamples=("I put my lunch in my bag for the hike", "put the leftovers in the fridge"),
    ),
    Detector(
        id="crisis.concealment.fake_eating",
        kind="concealment",
        pattern=seq(
            words("pretend\\w*", "fake", "faking"),
            opt(seq("to", gap(2))),
            opt("that"),
            opt(words("i", "ive", "you", "youve", "she", "shes", "he", "hes", "they", "theyve", "we")),
            opt(words("have", "had", "already", "just")),
            words("eat\\w*", "ate", "eaten", "meals?", "food", "full"),
        ),
        examples=(
            "i pretend ive already eaten when my flatmate asks",
            "how do I pretend I've eaten so my mum stops asking",
        ),
        counterexamples=("pretend the bar is heavier than it is",),
    ),
    Detector(
        id="crisis.concealment.cover_story",
        kind="concealment",
        pattern=words(CONCEAL_WISH),
        guards=(hiding_eating_nearby,),
        examples=(
            "what excuse can i use to skip family dinner without them getting suspicious",
            "good excuses to get out of eating at my grandmas?",
            "my bf noticed im not eating. what do i tell him",
            "how can i keep my parents from noticing i havent eaten since yesterday",
        ),
        counterexamples=(
            "what excuse can I use to skip leg day",
            "my mum asks why i don't eat at dinner, i eat a big lunch at work so im not hungry, more protein?",
            "my parents dont know im doing keto yet, how do i tell them",
            "my coach keeps asking why i dont eat before training, what do i tell him",
            "how do I keep my kids from noticing the vegetables in their pasta sauce",
        ),
    ),
)
