"""Eating-disorder identity and pro-ana: a current eating disorder ("I'm bulimic", "my ED is
back"), relapse, wanting to have one, and requests for pro-ana / thinspiration content."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import InSentence, Near, vocab
from coach_core.policies.crisis.patterns import either, gap, opt, seq, words
from coach_core.policies.crisis.tables.identity import (
    BECOME,
    BODY_IDEAL,
    ED_BACK,
    ED_NAMES,
    ED_WORD,
    HAVE_ED,
    NOT_EATING_AIM,
    PRO_ED,
    PRO_ED_STUFF,
    WANT_ED,
)
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

_ED_WORD = vocab(ED_WORD)
_RELAPSE_WORD = vocab(
    ED_WORD,
    "cutting",
    "clean (?:for|from|since)",
    "(?:and|then) (?:cut|purged|threw up|hurt myself|burned myself|starved)",
)
_RELAPSE_SUBJECT = LazyPattern(
    r"\b(?:i|im|i am|ive|i have|i had|she|he|they|shes|hes|theyre|think|kinda|basically|totally|just|a|had)\s+$"
)
_RELAPSE_TAIL = LazyPattern(
    r"(?:\s+(?:again|badly|hard|today|tonight|yesterday|last night|this week|lately|so bad|honestly|tbh|lol|"
    r"and i hate it|i think))*\s*[.!?;,]*\s*"
)


def relapse_into_ed(text: str, m: re.Match[str]) -> bool:
    """A relapse into an eating disorder or self-harm, or a bare "i'm relapsing" with nothing
    to say it is about something else ("relapsed on my diet", "my knee injury relapsed")."""
    if _RELAPSE_WORD.search(text):
        return True
    if not _RELAPSE_SUBJECT.search(text[max(0, m.start() - 20) : m.start()]):
        return False
    _, s_end = sentence_around(text, m.start(), m.end())
    return _RELAPSE_TAIL.fullmatch(text, m.end(), s_end) is not None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.ed_identity.pro_ana",
        kind="ed_identity",
        pattern=either(
            words(PRO_ED),
            seq(words("ana", "mia", "anorexia", "bulimia", "anorexic", "bulimic", "ed"), words(PRO_ED_STUFF)),
            seq(
                words("tips", "help", "ways", "tricks"),
                words("to", "for", "on"),
                words("becoming", "being", "stay", "staying", "get", "getting"),
                words("anorexic", "bulimic"),
            ),
        ),
        examples=("send me some thinspo pics", "can you give me ana tips", "show me pro-ana quotes to keep me going"),
        counterexamples=("my friend Ana gave me a recipe",),
    ),
    Detector(
        id="crisis.ed_identity.wants_an_ed",
        kind="ed_identity",
        pattern=either(
            seq(
                words("how", "want"),
                words("to", "do i", "can i"),
                words("become", "be", "get"),
                words("anorexic", "bulimic"),
            ),
            seq(
                words("wish"),
                words("i", "she", "he"),
                words("was", "were", "had", "could be", "could get"),
                opt(words("an?")),
                words("anorexic", "bulimic", "anorexia", "bulimia", "an eating disorder"),
            ),
            seq(
                words(WANT_ED),
                opt(words("to", "i had", "i could", "i can", "do i", "can i", "could i")),
                words("get", "have", "develop", "catch", "become", "give myself"),
                opt(words("an?")),
                words("ed", "eating disorder", "anorexia", "bulimia", "anorexic", "bulimic"),
            ),
        ),
        examples=("how do i become anorexic", "i wish i had anorexia", "i want to get anorexia"),
        counterexamples=("how do i help a friend with anorexia",),
    ),
    Detector(
        id="crisis.ed_identity.current_ed",
        kind="ed_identity",
        pattern=either(
            seq(
                words(HAVE_ED),
                opt(words("an?")),
                opt(words("really", "severe", "bad", "full[ -]blown")),
                words(ED_NAMES),
            ),
            seq(
                words(BECOME),
                opt(words("so", "really", "very", "kind of", "kinda", "basically", "properly")),
                words("anorexic", "bulimic"),
            ),
            seq(
                words("has", "have", "got"),
                opt(words("an?")),
                opt(words("active", "serious", "severe")),
                words("eating disorder", "anorexia", "bulimia"),
            ),
        ),
        examples=("I'm bulimic", "I have anorexia and I want to lose more", "my sister is becoming anorexic"),
        counterexamples=("I'm reading about anorexia for a class",),
    ),
    Detector(
        id="crisis.ed_identity.ed_is_back",
        kind="ed_identity",
        pattern=seq(
            words("my", "her", "his"),
            words("eating disorder", "ed", "anorexia", "bulimia"),
            opt(words("is", "has", "s", "keeps", "has been", "is really")),
            words(ED_BACK),
        ),
        examples=("my ed is back", "my anorexia is getting worse"),
        counterexamples=("my edit is back from the printer",),
    ),
    Detector(
        id="crisis.ed_identity.relapse",
        kind="ed_identity",
        pattern=words("relaps\\w*"),
        guards=(relapse_into_ed,),
        examples=("i think im relapsing", "she relapsed, restricting again"),
        counterexamples=("I relapsed on my diet this weekend, pizza everywhere", "my knee injury relapsed"),
    ),
    Detector(
        id="crisis.ed_identity.coming_back",
        kind="ed_identity",
        pattern=either(
            seq(words("creeping", "coming", "sneaking", "crept", "came", "come", "is", "its", "getting"), "back"),
            words("back again"),
        ),
        guards=(InSentence("ed_words", _ED_WORD),),
        examples=("the anorexia thoughts are creeping back", "restricting is coming back hard"),
        counterexamples=("my appetite is coming back after the flu",),
    ),
    Detector(
        id="crisis.ed_identity.thinspiration_request",
        kind="ed_identity",
        pattern=seq(
            words("pictures", "pics", "photos", "images", "videos", "vids", "examples"),
            "of",
            gap(4),
            words(BODY_IDEAL),
        ),
        guards=(Near("to_not_eat_or_bony", vocab(NOT_EATING_AIM), 90),),
        examples=(
            "Send me pictures of girls who have that so I remember why I'm not eating.",
            "send me pics of really thin bodies to keep me from eating",
        ),
        counterexamples=("pictures of good squat form", "photos of fit girls for gym motivation"),
    ),
)
