"""Phrase tables for suicide and death wishes: the plain statements, wishes, fatal outcomes, others
better off, and the causes and memorials the word "suicide" also names."""

from __future__ import annotations

from typing import Final

# --- Plain statements: "i want to die", "kill myself" ---------------------------------------------
WANT_TO: Final = (
    "want(?:s|ed|ing)? to",
    "ready to",
    "deserve(?:s)? to",
    "wish(?:es|ing)? to",
    "hope to",
    "hoping to",
    "plan(?:s|ning|ned)? to",
    "trying to",
    "tried to",
    "wish i could",
    "just want to",
    "long to",
    "longing to",
)
KILL_VERBS: Final = (
    "kill(?:s|ed|ing)?",
    "unaliv(?:e|es|ed|ing)",
    "off(?:s|ing)?",
    "hang(?:s|ed|ing)?",
    "drown(?:s|ed|ing)?",
    "poison(?:s|ed|ing)?",
    "shoot(?:s|ing)?",
    "end(?:s|ed|ing)?",
    "delete",
    "yeet(?:ing)?",
)

# --- "suicide" naming a cause or someone's death, not the speaker's wish --------------------------
CAUSE_AFTER: Final = (
    "prevention",
    "awareness",
    "walk",
    "run",
    "5k",
    "10k",
    "half marathon",
    "marathon",
    "charity",
    "fundraiser",
    "fundraising",
    "hotline",
    "helpline",
    "lifeline",
    "research",
    "memorial",
    "survivors? (?:walk|group)",
    "loss (?:walk|survivors?)",
    "bereavement",
)
CAUSE_BEFORE: Final = (
    "(?:died|dying|death|deaths|passed away|passed|lost \\w+(?: \\w+)?|losing \\w+(?: \\w+)?) (?:by|to|from|through)",
    "out of the darkness",
)
CAUSE_SENTENCE: Final = (
    "in (?:loving )?memory of",
    "in honou?r of",
    "memorial",
    "fundraiser",
    "fundraising",
    "charity",
    "raising money",
    "raise money",
    "sponsor\\w*",
    "prevention",
    "awareness",
)

# --- A wish for one's own death: "i hope i dont wake up" ------------------------------------------
DESIRE: Final = (
    "wish(?:es|ed|ing)?",
    "hope(?:s|d)?",
    "hoping",
    "pray(?:s|ed|ing)?",
    "want(?:s|ed|ing)? (?:it|that)",
    "wouldnt mind if",
    "would not mind if",
    "wouldnt care if",
    "would not care if",
    "dont care if",
    "do not care if",
    "wouldnt be sad if",
    "id be (?:ok|okay|fine|happy|relieved) if",
    "im (?:ok|okay|fine) (?:with it )?if",
)
SELF_SUBJECT: Final = ("i", "id", "ill", "im", "i would", "i could", "you", "youd", "she", "he", "they")
# What the wisher hopes happens to them.
FATAL_SELF: Final = (
    "die(?:s|d)?",
    "drop dead",
    "(?:be|was|were) dead",
    "(?:dont|do not|wont|will not|never|not|wouldnt|didnt) wake up",
    "(?:never|didnt|did not) wok(?:e|en) up",
    "(?:dont|do not|wont|never|not|didnt) make it (?:to|through|past)",
    "get(?:s)? (?:hit|run over|killed)",
    "got (?:hit|run over|killed)",
    "get (?:cancer|a disease|some disease|an illness|something terminal|sick and die)",
    "(?:just )?disappear(?:ed)?",
    "vanish(?:ed)?",
    "stop(?:ped)? existing",
    "(?:didnt|did not|never) exist(?:ed)?",
    "(?:had )?never been born",
    "wasnt born",
    "stop(?:ped)? breathing",
    "(?:wasnt|werent|was not|were not|wouldnt be|not be) (?:here|around|alive)",
    "(?:was|were) gone",
    "be gone",
)

# --- Others better off: "everyone would be better off without me" ---------------------------------
BETTER: Final = (
    "better off",
    "better",
    "happier",
    "easier",
    "fine",
    "okay",
    "ok",
    "relieved",
    "lighter",
    "freer",
)
ABSENT: Final = (
    "without (?:me|you|her|him|them)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:wasnt|werent|was not|were not) (?:here|around|alive|there|in it)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:was|were|am) (?:gone|dead|not here|not around|not alive)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:died|die|disappeared|left for good|never existed|didnt exist|"
    "stopped existing)",
    "with (?:me|you|her|him) gone",
    "once (?:im|youre|shes|hes) gone",
    "when (?:im|youre) gone",
    "than with me",
)
