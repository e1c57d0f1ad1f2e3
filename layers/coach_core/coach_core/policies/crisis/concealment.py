"""Concealment: hiding not eating, purging or weight loss from family, friends or colleagues,
and, above all in the coach's replies, tips to hide it or to fake having eaten ("tell them you
already ate", "push the food around your plate so it looks eaten", "run the tap so nobody
hears you")."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import AnyOf, InSentence, NotFollowedBy, in_sentence, vocab
from coach_core.policies.crisis.patterns import Pat, either, gap, near, opt, seq, words
from coach_core.policies.crisis.tables.common import MEALS, OTHERS
from coach_core.policies.crisis.tables.concealment import (
    ATE,
    ATE_NOW,
    BEHAVIOUR,
    CONCEAL,
    CONCEAL_WISH,
    COVER_LINE,
    COVER_PRAISE,
    EATER,
    FAKE_ACTS,
    FAKE_SIGNS,
    HIDING_ACT,
    MASKED,
    MASKING,
    MEAL_DODGE,
    NEED_NOT_KNOW,
    NO_NEED_TO_TELL,
    SAY,
    SECRET_PRAISE,
    UNNOTICED,
)
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

_OTHERS_RE = "(?:" + "|".join(OTHERS) + ")"


def _with_others(table: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(form.replace("OTHERS", _OTHERS_RE) for form in table)


_CONCEAL = words(CONCEAL)
_UNNOTICED = words(_with_others(UNNOTICED))
_BEHAVIOUR = words(BEHAVIOUR)
_FAKE_SIGNS = vocab(_with_others(FAKE_SIGNS))
_ADVICE_HEAD = LazyPattern(
    r"(?:^|[.!?;:,]\s*|\b(?:just|simply|then|and|so|you can|you could|try to|always|instead|could|can|might|maybe|"
    r"if they ask|if anyone asks|if people ask|by)\s+)(?:\w+\s+){0,2}$"
)
# What makes "tell them you had lunch" a made-up excuse rather than a plain fact.
_EXCUSE = LazyPattern(
    r"\b(?:already|just|big|huge|massive|late|earlier|at (?:a|my|your) friends?|at (?:school|work|the office)|"
    r"grabbed|snacked|full|stuffed|not hungry|arent hungry|isnt hungry|stomach|bug|tummy)\b"
)
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
_BATHROOM = LazyPattern(
    r"\b(?:bathroom|toilet|loo|throw\w* up|being sick|been sick|purg\w*|vomit\w*|after (?:meals|eating|"
    r"dinner|lunch))\b"
)


_FOOD_CHOICE = LazyPattern(
    r"\b(?:not eating|dont eat|didnt eat|havent eaten|doesnt eat|never eat|isnt eating|arent eating|youre not eating|"
    r"im not eating)\s+(?:enough|much|any|properly|the|healthy|well|right|out|late|a lot|more|less|\w+\s+(?:protein|"
    r"veg\w*|fruit|fib\w*|carbs|fat|greens|breakfast|meat|dairy|sugar|junk))\b|"
    r"\b(?:doesnt|dont|didnt|wont|cant|not|never) (?:eat|eats|eating|ate) (?:them|it|those|these|my|your|his|her|"
    r"their)\b"
)
_WHEN_YOU_NOTICE = LazyPattern(r"\b(?:if|when|once|as soon as|whenever)\s+(?:you|i)\s+$")


def hiding_not_a_food_choice(text: str, m: re.Match[str]) -> bool:
    """ "my trainer noticed i'm not eating enough protein" is about a food, and "if you notice
    you're not eating enough" is a check-in, not hiding."""
    if _FOOD_CHOICE.search(text, m.start(), min(len(text), m.end() + 40)):
        return False
    return not _WHEN_YOU_NOTICE.search(text[max(0, m.start() - 20) : m.start()])


def deceit_or_advice(text: str, m: re.Match[str]) -> bool:
    """ "tell them you already ate" as advice (said to the reader at the start of a clause) or
    with a sign of deceit ("... so they stop asking"); not an honest "I told my trainer I ate"."""
    if in_sentence(text, m, _FAKE_SIGNS):
        return True
    s_start, _ = sentence_around(text, m.start(), m.end())
    imperative = _ADVICE_HEAD.search(text[s_start : m.start()]) is not None and m.group(0).split()[0] in (
        "tell",
        "say",
        "saying",
        "telling",
        "claim",
        "insist",
    )
    return imperative and _EXCUSE.search(text, m.start(), min(len(text), m.end() + 15)) is not None


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


# Where the meal supposedly happens, or a "but" that says it does not: "my parents think i eat at
# my friend's house", "mum thinks i have lunch at school but i dont".
_ELSEWHERE_OR_NOT = LazyPattern(
    r"\b(?:at (?:my |a |her |his |their |the )?(?:friends?\w*|mates?|school|work|the office|uni|college|practice|"
    r"training|canteen|cafeteria|[a-z]+s (?:house|place|flat))|but (?:i|she|he|really|actually|in reality|im|shes|"
    r"hes)|when (?:really|actually|in fact)|(?:actually|really|secretly) (?:dont|doesnt|skip|throw|bin|toss)|"
    r"(?:i|she|he) (?:dont|doesnt|never|skip|throw|bin|toss))\b"
)


def _others_meals(words_: tuple[str, ...]) -> Pat:
    return words(words_)


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.concealment.hiding_behaviour",
        kind="concealment",
        pattern=either(near(_CONCEAL, _BEHAVIOUR, 10), near(_UNNOTICED, _BEHAVIOUR, 10)),
        guards=(hiding_not_a_food_choice,),
        examples=(
            "how can I hide from my parents that I'm not eating",
            "how do i stop my roommates from noticing i only eat once every two days",
            "I wear baggy hoodies so my family won't see how much weight I've lost",
            "I run the shower so nobody hears me throw up after dinner",
            "what can i say to coworkers when they ask why i never eat lunch",
        ),
        counterexamples=(
            "how do i hide vegetables in my kids' meals",
            "I hide the chocolate so I'm not tempted",
            "my trainer noticed i'm not eating enough protein",
        ),
    ),
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
        id="crisis.concealment.claimed_eating",
        kind="concealment",
        pattern=seq(
            words(SAY),
            gap(4),
            opt("that"),
            words("i", "you", "she", "he", "they", "we", "youve", "ive", "youre", "im"),
            words(ATE),
        ),
        guards=(deceit_or_advice,),
        examples=(
            "Tell your parents you already ate at a friend's place and they'll stop asking.",
            "If your colleagues ask, just say you had a big breakfast and you're not hungry.",
            "I tell everyone I already ate so they don't see I'm not eating",
        ),
        counterexamples=(
            "I told my trainer I already ate before the session",
            "It's fine to tell your host politely that you're full.",
        ),
    ),
    Detector(
        id="crisis.concealment.masking_purging",
        kind="concealment",
        pattern=seq(words(MASKING), gap(6), words(_with_others(MASKED))),
        guards=(
            AnyOf(
                "in_the_bathroom",
                (
                    InSentence("bathroom", _BATHROOM),
                    InSentence("water_running", LazyPattern(r"\b(?:water|tap|taps|shower)\b")),
                ),
            ),
        ),
        examples=(
            "Run the water in the bathroom so nobody hears you.",
            "Chew gum and use mouthwash afterwards so no one can tell you've been sick.",
        ),
        counterexamples=("Put on some music so nobody hears you grunting on the last set.",),
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
        id="crisis.concealment.hidden_food",
        kind="concealment",
        pattern=seq(
            words(
                "hid(?:e|es|ing)?",
                "stash\\w*",
                "sneak\\w*",
                "slip\\w*",
                "bin",
                "binning",
                "binned",
                "throw\\w* away",
                "threw away",
                "flush\\w*",
            ),
            gap(2),
            words(MEALS),
            gap(2),
            words("in", "under", "inside", "into", "behind", "down"),
            opt(words("a", "the", "your", "my", "her", "his")),
            words(
                "napkins?",
                "pockets?",
                "bags?",
                "bins?",
                "table",
                "chair",
                "couch",
                "sofa",
                "bed",
                "mattress",
                "coat",
                "jacket",
                "hoodie",
                "trash",
                "toilet",
                "sleeves?",
                "plants?",
                "pets?",
                "dogs?",
                "drawer",
                "serviettes?",
                "sink",
            ),
        ),
        examples=("I hide food in my pockets at dinner", "hide food in napkins at dinner"),
        counterexamples=("I put my lunch in the fridge",),
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
        id="crisis.concealment.food_given_away",
        kind="concealment",
        pattern=seq(
            words("put\\w*", "tip\\w*", "scrap\\w*", "feed\\w*", "fed", "giv\\w*", "gave", "throw\\w*", "threw"),
            words("my", "her", "his", "your", "the"),
            words("food", "meals?", "dinner", "lunch", "breakfast", "plate"),
            words("in", "into", "to", "down"),
            opt(words("the", "a")),
            words("bin", "trash", "toilet", "dog", "cat", "sink", "garbage"),
        ),
        guards=(AnyOf("in_secret", (InSentence("deceit", _FAKE_SIGNS), InSentence("secret", _SECRET))),),
        examples=("i feed my dinner to the dog when my parents arent looking",),
        counterexamples=("my kid put his food in the bin again, picky eater",),
    ),
    Detector(
        id="crisis.concealment.others_believe_eating",
        kind="concealment",
        pattern=seq(
            words(_with_others(OTHERS), "(?:my|her|his|their|our) (?:\\w+ )?(?:parents|mum|mom|dad|family|teachers?)"),
            opt(words("all", "still", "really", "just")),
            words("think", "thinks", "believe", "believes", "assume", "assumes", "are sure", "is sure"),
            opt("that"),
            words(EATER),
            opt(words("already", "just", "have", "had", "still")),
            words("eat", "eats", "(?:have|has) (?:lunch|dinner|breakfast|meals)", ATE_NOW),
        ),
        guards=(
            InSentence("elsewhere_or_not", _ELSEWHERE_OR_NOT),
            NotFollowedBy("not_eating_well", LazyPattern(r"\s+(?:well|better|healthier|more|enough|a lot|too)\b")),
        ),
        examples=(
            "my parents think I eat at my friend's house",
            "my mum thinks i eat lunch at school but i dont",
            "her parents believe she has lunch at school but she throws it away",
        ),
        counterexamples=(
            "my mum thinks i eat too much sugar",
            "my parents think im eating better since i started cooking at home",
            "my coach thinks i eat enough protein",
        ),
    ),
    Detector(
        id="crisis.concealment.lying_about_food",
        kind="concealment",
        pattern=seq(
            words("lie", "lies", "lying", "lied", "fib\\w*"),
            opt(seq("to", gap(2))),
            "about",
            opt(words("my", "her", "his", "your")),
            words(
                "weight",
                "eating",
                "food",
                "meals",
                "what (?:i|she|he|you) (?:eat|ate|have eaten|ve eaten|had)",
                "what (?:ive|youve|shes|hes) (?:eaten|had)",
                "how (?:much|little) (?:i|she|he|you) (?:eat|ate)",
                "calories",
            ),
        ),
        examples=("I lie to my friends about what I've eaten", "my sister lies about eating"),
        counterexamples=("I lied about my age to join the gym",),
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
        examples=("I pretend to eat at family dinners", "how do I pretend I've eaten so my mum stops asking"),
        counterexamples=("pretend the bar is heavier than it is",),
    ),
    Detector(
        id="crisis.concealment.cover_story",
        kind="concealment",
        pattern=words(CONCEAL_WISH),
        guards=(hiding_eating_nearby,),
        examples=(
            "My mum keeps asking why I don't eat at dinner. How do I get her off my back so she doesn't find out?",
            "what excuse can i use to skip family dinner without them getting suspicious",
            "good excuses to get out of eating at my grandmas?",
            "my bf noticed im not eating. what do i tell him",
        ),
        counterexamples=(
            "what excuse can I use to skip leg day",
            "my mum asks why i don't eat at dinner, i eat a big lunch at work so im not hungry, more protein?",
            "my parents dont know im doing keto yet, how do i tell them",
            "my coach keeps asking why i dont eat before training, what do i tell him",
        ),
    ),
    Detector(
        id="crisis.concealment.secrecy_endorsed",
        kind="concealment",
        pattern=either(
            seq(words(NO_NEED_TO_TELL), gap(5), words(BEHAVIOUR, MEAL_DODGE)),
            seq(words(BEHAVIOUR, MEAL_DODGE), gap(6), words(NEED_NOT_KNOW)),
            seq(words(SECRET_PRAISE), gap(3), words(HIDING_ACT)),
        ),
        guards=(hiding_not_a_food_choice,),
        examples=(
            "You don't have to tell your parents you're skipping meals. Keep it up!",
            "Your parents don't need to know you're skipping dinner.",
            "Great job hiding it from your mum, you're doing amazing.",
            "skipping lunch is fine, nobody needs to know",
            "my parents dont need to know im skipping dinner right?",
        ),
        counterexamples=(
            "You don't have to tell your parents every detail of your training plan.",
            "you dont have to tell anyone youre not eating enough protein",
        ),
    ),
    Detector(
        id="crisis.concealment.scripted_excuse",
        kind="concealment",
        pattern=seq(words(COVER_LINE), gap(3), words(COVER_PRAISE)),
        directions=OUTPUT_ONLY,
        examples=(
            "if your family asks, 'I already ate at work' is a perfectly fine answer.",
            "A good line if your parents notice: \"I had a late lunch\" works every time.",
        ),
        counterexamples=("'I already ate' is a common excuse, and it's a sign to talk to someone you trust.",),
    ),
)
