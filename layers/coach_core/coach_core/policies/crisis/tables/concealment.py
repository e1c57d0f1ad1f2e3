"""Phrase tables for concealment: the people it is hidden from, what is hidden, faking having
eaten and its tells, and the cover story."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.tables.common import Table

OTHERS: Final[Table] = (
    "anyone",
    "any1",
    "anybody",
    "everyone",
    "every1",
    "everybody",
    "nobody",
    "no one",
    "noone",
    "no1",
    "people",
    "they",
    "them",
    "others",
    "the others",
    "my (?:\\w+ )?(?:parents?|mum|mom|mother|dad|father|family|partner|boyfriend|girlfriend|husband|wife|bf|gf|"
    "friends?|roommates?|flatmates?|housemates?|coworkers?|co-workers?|colleagues?|boss|teachers?|coach|doctor|"
    "therapist|sister|brother|siblings?|kids?|fianc\\w*|team|class|carer)",
    "your (?:\\w+ )?(?:parents?|mum|mom|mother|dad|father|family|partner|boyfriend|girlfriend|husband|wife|friends?|"
    "roommates?|flatmates?|housemates?|coworkers?|co-workers?|colleagues?|boss|teachers?|doctor|team|host|sister|"
    "brother|siblings?)",
    "mum",
    "mom",
    "dad",
    "her",
    "him",
    "he",
    "she",
)
# What is being hidden.
BEHAVIOUR: Final = (
    "not eating",
    "not (?:to )?eat",
    "(?:havent|hasnt|didnt|dont|doesnt|never|barely|hardly) (?:really |even )?(?:eat|eaten|ate)",
    "(?:only|barely|hardly) eat\\w*",
    "eat(?:s|ing)? (?:once|one meal|so little|nothing|less)",
    "how (?:little|much) (?:i|she|he|you) (?:eat|ate)",
    "skip\\w* (?:meals|dinner|lunch|breakfast|food|eating)",
    "avoid\\w* (?:eating|meals|food|dinner|lunch)",
    "restrict\\w*",
    "starv\\w*",
    "fast\\w*",
    "purg\\w*",
    "throw\\w* up",
    "threw up",
    "(?:been|being|was|get|got) sick",
    "vomit\\w*",
    "laxatives?",
    "diet pills",
    "weight loss",
    "(?:lose|losing|lost) weight",
    "(?:my |her |his )?diet\\w*",
    "(?:stay\\w*|keep\\w*|under) (?:under |below )?[0-9]+ ?(?:calories|cals|kcal)",
    "calorie (?:counting|deficit|limit)",
    "(?:lost|losing) (?:so much )?weight",
    "how (?:much weight|thin|skinny|small)",
    "(?:my|her|his) weight",
    "what (?:i|she|he) (?:eat|ate)",
    "(?:my|her|his) (?:eating|food|meals)",
    "the calories",
)
# Faking having eaten.
FAKE_ACTS: Final = (
    "(?:push|pushing|move|moving|spread|spreading|shove|shoving) (?:the |your |my |her )?food around",
    "(?:leave|leaving|left) (?:out )?(?:a |some |the )?(?:few )?(?:dirty|used|empty)? ?(?:plates?|bowls?|dishes|"
    "wrappers?|"
    "crumbs|spoons?)",
    "crumbs",
    "wrappers?",
    "tiny bites",
    "(?:cut|cutting) (?:it|your food|my food|the food|food|everything) (?:up )?into (?:tiny|small|little) pieces",
    "(?:feed|feeding|fed|give|giving|gave|slip|slipping) (?:it|food|(?:my|your|her) (?:\\w+ )?(?:dinner|lunch|food|"
    "meal))"
    " to the (?:dog|cat)",
    "(?:spit|spitting|wrap|wrapping|hide|hiding|put|putting|stuff|stuffing) (?:it|food|the food|my food|your food) "
    "(?:in|into) (?:a |your |my |her )?(?:napkin|serviette|pocket|bag|sleeve)",
    "(?:throw|throwing|threw|bin|binning|binned|flush|flushing|flushed|tip|tipping) (?:it|the food|my food|your food|"
    "(?:my|your|her|his) (?:packed )?(?:lunch|dinner|breakfast|meals?|food)) (?:away|in the bin|into the bin|in the "
    "trash|"
    "down the toilet|down the sink)",
    # Binning the meal a parent packed or checks on: "toss my packed lunch in the trash", "bins his
    # school lunch", "throwing out her packed lunches", "hides her dinner".
    "(?:throw|throws|throwing|threw|thrown|toss|tosses|tossing|tossed|chuck|chucks|chucking|chucked|dump|dumps|dumping|"
    "dumped|bin|bins|binning|binned|ditch|ditches|ditching|ditched|tip|tips|tipping|tipped|hide|hides|hiding|hid|"
    "stash|stashes|stashing|stashed) (?:out |away )?(?:it|them|the food|(?:my|your|her|his|their|the) (?:\\w+ )?"
    "(?:lunch(?:es)?|lunchbox(?:es)?|dinners?|breakfasts?|meals?|food|sandwich(?:es)?|snacks?))",
    # Eating a token amount for show: "a few bites in front of them", "nibble a bit at dinner".
    "(?:a few|a couple of|two|three|some|tiny|small|little) (?:bites|mouthfuls|spoonfuls|forkfuls|nibbles)",
    "nibbl(?:e|es|ed|ing) (?:a bit|a little|at|on)",
)
FAKE_SIGNS: Final = (
    "so (?:that )?(?:it|they|people|everyone|others|OTHERS) (?:\\w+ )?(?:look|looks|seem|seems|think|thinks|believe|"
    "believes|assume|assumes)",
    "(?:make|makes|making|made) (?:it|them|people|everyone|OTHERS) (?:look|seem|think|believe|assume)",
    "(?:look|looks|looking|seem|seems) like (?:you|i|she|he) (?:ate|have eaten|ve eaten|had|eaten|are eating|am eating|"
    "were eating|have had)",
    "when (?:no ?one|nobody|they|people|OTHERS) (?:is|are|isnt|arent) (?:looking|watching)",
    "without (?:anyone|them|people|OTHERS) (?:noticing|seeing|knowing)",
    "so (?:no ?one|nobody) (?:\\w+ )?(?:notices|sees|knows|can tell|questions|asks)",
    "to show (?:them|people|her|him|OTHERS)",
    "if (?:they|anyone|people|OTHERS) asks?",
    "to avoid (?:questions|suspicion)",
    "(?:avoid|avoiding|get out of|getting out of|skip|skipping|dodge|dodging) (?:\\w+ )?(?:meals?|dinner|lunch|"
    "breakfast|"
    "eating|food)",
    "so (?:they|people|OTHERS) (?:stop|quit) asking",
    "even (?:if|though) (?:you|i|she|he) (?:didnt|havent|hadnt|did not)",
    "(?:believe|think|assume)s? (?:that )?(?:you|i|she|he) (?:ate|have eaten|had|are eating)",
    "(?:believable|convincing|realistic|plausible|fake|made[- ]up|fictional|invented) (?:\\w+ ){0,2}(?:meals?|"
    "lunch\\w*|breakfasts?|dinners?|snacks?|food|menus?|story|stories|excuses?|lies|logs?|diary|diaries|answers?)",
    "(?:check|checks|checking|checked|asks?|asking|asked) (?:if|whether|that|what) (?:i|she|he|you|they) (?:ate|eat|had"
    "|have eaten|finished)",
    "secretly",
    "in secret",
    "(?:stop|stops|stopping|avoid|avoids|end|ends|prevent|prevents|dodge|dodges) (?:the |any |all |their |her |his "
    ")?(?:questions|suspicion|comments|worrying|nagging)",
    "keeps? the peace",
    "behind (?:her|his|their|our|my \\w+s?|your \\w+s?) backs?",
    "in front of (?:them|her|him|people|everyone|OTHERS)",
    "while (?:they|OTHERS|people|everyone|she|he)(?:re| are| is|s)? (?:\\w+ )?(?:watching|looking|around|home|there)",
    "so (?:that )?(?:they|OTHERS|people|everyone|she|he) (?:\\w+ )?(?:see|sees|saw) (?:you|me|her|him) (?:eat|eating|"
    "ate|with)",
    # A child's hidden exercise beside it: "doing sit-ups in her room at night".
    "(?:sit ?-?ups|crunches|push ?-?ups|jumping jacks|planks|burpees|star jumps|exercis\\w*|workouts?|working out) "
    "(?:\\w+ ){0,4}(?:at night|at midnight|in the night|in (?:her|his|their|my) (?:bed)?room|secretly|in secret|for "
    "hours)",
)
EATER: Final = ("i", "ive", "im", "i have", "i am", "you", "youve", "youre", "she", "shes", "he", "hes", "they")
ATE_NOW: Final = (
    "ate",
    "eaten",
    "eating",
    "been eating",
    "had (?:dinner|lunch|breakfast|food|a meal|something|a snack)",
    "have eaten",
    "am eating",
    "are eating",
    "is eating",
)

# --- A cover story, across sentences: "my bf noticed im not eating. what do i tell him" --------
CONCEAL_WISH: Final = (
    "(?:doesnt|dont|wont|not|never|cant|cannot|do not|does not|will not) (?:\\w+ )?(?:find out|catch on|suspect\\w*|"
    "notice|realis\\w*|realiz\\w*|figure (?:it )?out|know)",
    "find(?:s)? out",
    "finding out",
    "off (?:my|her|his|your) back",
    "(?:stop|stops|quit|quits) (?:asking|nagging|noticing|worrying|checking|watching)",
    "(?:stop|stops|keep|keeps) (?:\\w+ ){1,2}from (?:asking|noticing|finding out|knowing|realis\\w*|realiz\\w*|seeing)",
    "excuses?",
    "cover stor(?:y|ies)",
    "cover (?:it|this|that|for it) up",
    "covering (?:it|this|that) up",
    "what (?:do|can|should|could) i (?:say|tell)",
    "what to (?:say|tell)",
    "(?:keep|keeping) (?:it|this|that) (?:a )?secret",
    "(?:keep|keeping) (?:it|this|that) (?:quiet|hidden|from)",
    "get away with",
    "get out of (?:eating|family (?:meals?|dinners?)|(?:dinner|lunch|breakfast|meals?))",
    "without (?:\\w+ ){1,2}(?:knowing|noticing|finding out|seeing|suspecting|catching on|getting suspicious)",
    "getting suspicious",
    "get suspicious",
    "hide (?:it|this|that)",
    "hiding (?:it|this|that)",
    "throw (?:her|him|them) off",
    "convince (?:her|him|them|my \\w+)",
)
# What the cover story is about, beyond BEHAVIOUR: skipping family meals, not eating at dinner.
MEAL_DODGE: Final = (
    "skip\\w* (?:\\w+ ){0,2}(?:meals?|dinners?|lunch|breakfast|supper|tea)",
    "(?:avoid|dodge|miss|bail on|get out of|getting out of|escape)\\w* (?:\\w+ ){0,2}(?:meals?|dinners?|lunch|"
    "breakfast|supper|eating)",
    "(?:dont|doesnt|didnt|never|not|wont) (?:\\w+ )?(?:eat|eating|ate) (?:at|during|with) (?:dinner|lunch|breakfast|"
    "meals?|the table|family|home|school|work)",
    "(?:dont|doesnt|didnt|never|not|wont) eat(?:ing)? (?:anymore|any more|much)",
    "(?:dont|doesnt|didnt|never|not|wont|stopped|barely) (?:\\w+ )?(?:eat(?:ing)?|hav(?:e|ing)) (?:dinner|lunch|meals?|"
    "supper|tea|breakfast) (?:with|at home|anymore|any more)",
    "why (?:i|im|she|he) (?:dont|do not|never|am not|isnt|is not|doesnt|wont|not) (?:\\w+ )?(?:eat|eating)",
    "(?:lost|losing) (?:so much )?weight",
)
