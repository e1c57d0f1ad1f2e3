"""Phrase tables for purging: making oneself sick, vomiting and its euphemisms."""

from __future__ import annotations

from typing import Final

MAKE: Final = (
    "make",
    "makes",
    "made",
    "making",
    "force",
    "forces",
    "forced",
    "forcing",
    "get",
    "gets",
    "got",
    "getting",
)

SICK: Final = ("sick", "throw up", "vomit\\w*", "puke", "purge", "gag", "be sick")

VOMIT: Final = (
    "throw(?:s|ing)? (?:it |it all |all |everything |(?:my |her |his |your )?(?:food|meals?|dinner|lunch|breakfast) "
    ")?up",
    "threw (?:it |it all |all |everything |(?:my |her |his |your )?(?:food|meals?|dinner|lunch|breakfast) )?up",
    "throw(?:s|ing)? (?:it|it all|everything|(?:my|your|her|his|their|the) (?:\\w+ )?(?:food|meals?|dinner|lunch|"
    "breakfast)) back up",
    "threw (?:it|it all|everything|(?:my|your|her|his|their|the) (?:\\w+ )?(?:food|meals?|dinner|lunch|breakfast)) "
    "back up",
    "thrown up",
    "vomit\\w*",
    "puk(?:e|es|ed|ing)",
    "barf\\w*",
    "being sick",
    "be sick",
)

# Euphemisms for bringing food back up.
EXPEL: Final = (
    "forc(?:e|es|ed|ing) (?:it|them|food|everything|it all|(?:my|your|her|his|the) (?:\\w+ )?(?:meals?|food|dinner|"
    "lunch|"
    "breakfast)) (?:back )?(?:up|out)",
    "bring(?:s|ing)? (?:it|them|food|everything|it all|(?:my|your|her|his|the) (?:\\w+ )?(?:meals?|food|dinner|lunch|"
    "breakfast)) (?:back )?up",
    "brought (?:it|them|food|everything|it all|(?:my|your|her|his|the) (?:\\w+ )?(?:meals?|food|dinner|lunch|"
    "breakfast))"
    " (?:back )?up",
    "get(?:ting)? (?:it|food|everything|it all|the food|the meal) (?:back )?up",
    "let(?:ting)? (?:it|everything|the food) (?:all )?come (?:back )?up",
    "(?:it|everything|food) (?:all )?comes? (?:back )?up",
    "(?:it|everything|food) (?:all )?came back up",
    "get(?:ting)? (?:it|food|everything|it all|the food|the meal) (?:all )?out of (?:me|my system|your system|you)",
    "get(?:ting)? (?:it|everything|it all|the food|food|your food|my food|the meal|dinner|lunch) (?:all )?(?:back "
    ")?out",
    "empty(?:ing)? (?:my|your|her|his|the) stomach",
    "empt(?:y|ies|ied|ying) (?:myself|yourself|herself|himself|themselves|ourselves)(?: out)?",
    "emptying out",
    "(?:get|gets|getting|got) rid of (?:it|the food|the meal|(?:my|your|her|his|their) (?:food|meals?|dinner|lunch|"
    "breakfast)|what (?:i|you|she|he|they) (?:ate|eat|had)|everything (?:i|you|she|he) (?:ate|eat|had)|the calories) "
    "(?:after|afterwards|before it|right after|straight after|by|in the|once)",
    "(?:get|gets|getting|got) rid of (?:food|dinner|lunch|it) after (?:eating|meals?|dinner|lunch|breakfast|a binge|"
    "binges)",
    "let(?:ting)? (?:your|my|her|his|their) body (?:get rid of|reject|bring up|expel) (?:it|the food|the meal|"
    "everything)",
    "undo (?:it|the binge|the meal|a binge) by (?:getting|bringing|emptying|throwing)",
)

TOILET_TRIP: Final = (
    "(?:go|goes|going|went|head|heads|heading|run|runs|running|disappear\\w*|rush\\w*|trip|trips|dash\\w*|sneak\\w*) "
    "(?:straight |right |immediately )?to the (?:bathroom|toilet|loo|restroom|washroom)",
    "lean(?:s|ing)? over the (?:toilet|sink|bowl|loo)",
)

AFTER_EATING: Final = (
    "(?:right |straight |immediately |just )?after (?:eating|every meal|meals|dinner|lunch|breakfast|i eat|she eats|"
    "he eats|you eat|each meal|a meal|binge\\w*|big meals|a big meal|food)",
    "(?:right |straight |immediately |just )?after (?:the|a|your|my|her|his|each|every|that) (?:\\w+ )?(?:meals?|"
    "dinner|"
    "lunch|breakfast|food|snack|binge)",
)

HOW_TO: Final = (
    "how (?:do|can|to|would|could|should)",
    "ways? to",
    "easiest way to",
    "best way to",
    "quickest way to",
    "tips (?:to|for|on)",
    "tricks? to",
    "help me",
)
