"""Phrase tables for suicide and death wishes: wishes, fatal outcomes, others better off."""

from __future__ import annotations

from typing import Final

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
