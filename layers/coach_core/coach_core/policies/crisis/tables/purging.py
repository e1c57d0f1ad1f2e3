"""Phrase tables for purging: the euphemisms for bringing food back up, eating first, hiding it,
and what makes vomiting a purge (eating or weight nearby) rather than a bug, spoiled food or a
hard session (nausea words)."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.tables.common import Table

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
# Eating, weight or bingeing near a purge: what makes "threw up" a purge, not a bug.
ED_CONTEXT: Final[Table] = (
    "after (?:eating|i eat|i ate|she eats|he eats|they eat|you eat|every meal|each meal|meals?|dinner|lunch|breakfast|"
    "food|snacks?|dessert|binges?|bingeing|binging|overeating|i overeat|everything|a big meal|big meals|pizza|cake)",
    "(?:when|whenever|every time|if) (?:i|she|he|they|you) (?:eat|eats|ate|overeat\\w*|binge\\w*|slip\\w*)",
    "to (?:lose|drop|keep|stay|get (?:thin|skinny|rid))",
    "weight",
    "scale",
    "calori\\w*",
    "cals",
    "on purpose",
    "deliberately",
    "intentionally",
    "get rid of",
    "undo",
    "compensat\\w*",
    "purg\\w*",
    "binge\\w*",
    "thin",
    "skinny",
    "what (?:i|she|he|they|you) (?:eat|ate)",
    "(?:my|the|her|his|your) (?:food|meals?)",
    "food",
    "(?:doesnt|dont|wont|didnt) count",
    "count",
    "absorb\\w*",
    "digest\\w*",
    "bulimi\\w*",
    "anorexi\\w*",
    "eating disorders?",
    "stay on track",
    "cancel\\w* (?:it |that |this )?out",
    "make up for",
    "(?:big|huge|heavy) (?:meal|dinner|lunch)",
    "easiest way",
    "best way",
)
NAUSEA: Final[Table] = (
    "nearly",
    "almost",
    "felt like",
    "feel like",
    "feeling like",
    "could have",
    "couldve",
    "about to",
    "thought i would",
    "thought id",
    "made me want to",
    "like i was going to",
    "queasy",
    "nauseous",
)
