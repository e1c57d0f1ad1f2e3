"""Eating-disorder identity: relapse ("i think im relapsing"), the eating disorder coming back
("the anorexia thoughts are creeping back"), and thinspiration asked for in plain words
("send me pics of really thin bodies to keep me from eating"). Kind `ed_identity`."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import InSentence, Near, vocab
from coach_core.policies.crisis.patterns import either, gap, seq, words
from coach_core.policies.crisis.tables.identity import BODY_IDEAL, ED_WORD, NOT_EATING_AIM
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
