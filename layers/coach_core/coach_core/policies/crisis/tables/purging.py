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
    "sick(?:s|ed|ing)? (?:it|it all|them|everything|(?:my|her|his|your|the) (?:food|meals?|dinner|lunch|breakfast)) "
    "(?:back )?up",
    "hurl(?:s|ed|ing)? (?:it|it all|everything)(?: back)? up",
    "spew(?:s|ed|ing)? (?:it|it all|everything)(?: back)? up",
    "chuck(?:s|ed|ing)? (?:it|it all|everything)(?: back)? up",
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

# Eating first, then bringing it up: "i eat with my parents then throw it up after".
EATEN: Final = (
    "eat(?:s|ing|en)?",
    "ate",
    "had (?:a |my |the |some |dinner|lunch|breakfast|pizza|food)",
    "meals?",
    "dinner",
    "lunch",
    "breakfast",
    "supper",
    "snacks?",
    "food",
    "pizza",
    "cake",
    "dessert",
    "takeaway",
    "binge\\w*",
)
# Hidden from others: "so they don't worry", "without anyone noticing".
HIDDEN_FROM: Final = (
    "so (?:that )?(?:they|nobody|no one|noone|no1|people|everyone|he|she|mum|mom|dad|(?:my|your|her|his) \\w+) "
    "(?:\\w+ )?(?:dont|doesnt|wont|cant|wouldnt|never|will never|stop|stops|think|thinks|believe|believes|see|sees)",
    "without (?:them|anyone|any1|anybody|him|her|people|(?:my|your|her|his) \\w+) (?:noticing|knowing|seeing|hearing|"
    "finding out|suspecting)",
    "(?:nobody|no one|noone|no1) (?:needs to |has to |will |would )?(?:knows?|notices?|suspects?|sees?|hears?)",
    "in front of",
    "in secret",
    "secretly",
    "quietly",
    "the only way (?:\\w+ ){0,3}(?:doesnt|dont|wont|stops?)",
)
# Not purging: spoiled food, small children and pets.
NOT_PURGING: Final = (
    "dodgy",
    "undercooked",
    "raw chicken",
    "spoil\\w*",
    "expired",
    "rotten",
    "gone off",
    "out of date",
    "salmonella",
    "e coli",
    "bad (?:chicken|sushi|fish|meat|prawns|shrimp|seafood|oysters|mussels|eggs|takeaway|kebab|curry|batch|burrito)",
    "(?:my|the|our|a) (?:baby|toddler|infant|newborn|dog|cat|puppy|kitten|pup)",
    "motion",
)
