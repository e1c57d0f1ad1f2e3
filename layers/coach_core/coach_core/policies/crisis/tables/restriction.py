"""Phrase tables for restriction and starvation."""

from __future__ import annotations

from typing import Final

STARVE: Final = ("starv(?:e|es|ed|ing)",)

TO_GET_THIN: Final = (
    "lose",
    "drop",
    "shed",
    "get (?:thin|skinny|smaller)",
    "be (?:thin|skinny|smaller|lighter)",
    "fit",
    "weigh",
    "look",
    "make weight",
    "hit",
)

STOPPED_EATING: Final = (
    "stopped eating",
    "quit eating",
    "stop eating",
    "stopping eating",
    "quitting eating",
    "refuse(?:d)? to eat",
    "refusing to eat",
)

REFUSES: Final = ("refuse(?:s|d)? to eat", "refusing to eat", "wont eat anything", "will not eat anything")

STOPPED_HEAD: Final = (
    "i",
    "ive",
    "i have",
    "she",
    "he",
    "they",
    "shes",
    "hes",
    "theyve",
    "and",
    "but",
    "so",
    "now",
    "going to",
    "want to",
    "wants to",
    "wanted to",
    "trying to",
    "plan to",
    "planning to",
    "has",
    "have",
    "had",
    "has been",
    "have been",
    "is",
    "was",
)

BODY_GIVES_OUT: Final = (
    "weak",
    "dizzy",
    "faint",
    "shaking",
    "shaky",
    "lightheaded",
    "light headed",
    "light-headed",
    "pass out",
    "collapse",
    "black out",
    "empty",
    "numb",
    "sick",
    "hollow",
)

TOKEN_FOODS: Final = (
    "apples?",
    "bananas?",
    "oranges?",
    "rice ?cakes?",
    "crackers?",
    "carrots?",
    "cucumbers?",
    "grapes",
    "celery(?: sticks?)?",
    "yogh?urts?",
    "eggs?",
    "pieces? of (?:fruit|toast|bread)",
    "slices? of (?:bread|toast|apple)",
    "cups? of (?:soup|broth|coffee|tea)",
    "handfuls? of \\w+",
    "bites?",
    "spoonfuls?",
    "mouthfuls?",
    "protein bars?",
    "granola bars?",
    "clementines?",
    "mandarins?",
    "plums?",
    "tomatoes?",
)

LIVE_ON: Final = (
    "live",
    "lives",
    "living",
    "survive",
    "survives",
    "surviving",
    "exist",
    "existing",
    "get by",
    "getting by",
    "running",
)

NOT_FOOD: Final = (
    "diet (?:coke|soda)",
    "black coffee",
    "coffee",
    "water",
    "gum",
    "cigarettes",
    "ice",
    "air",
    "energy drinks",
)

# --- Weight lost by not eating -------------------------------------------------------------------
LOST: Final = ("lost", "lose", "losing", "dropped", "drop", "dropping", "shed", "shedding", "down")
BY: Final = (
    "from",
    "by",
    "through",
    "thanks to",
    "since",
    "because (?:im|i am|i was|ive been|i have been|i)",
    "cause (?:im|i was|ive been|i)",
    "just from",
    "just by",
)
NOT_EATING_CAUSE: Final = (
    "not eating",
    "barely eating",
    "hardly eating",
    "barely ate",
    "hardly ate",
    "not really eating",
    "eating (?:almost |basically |pretty much |next to |practically )?nothing",
    "skipping (?:all |most |almost all )?(?:of )?(?:my )?meals",
    "skipping (?:breakfast|lunch),? (?:and )?(?:lunch|dinner)",
    "starv(?:ing|ed)(?: myself)?",
    "(?:only|just) (?:drinking|having) (?:water|black coffee|coffee|tea|diet coke)",
    "(?:i )?(?:stopped|quit) eating",
    "living on (?:water|coffee|black coffee|diet coke|gum)",
)
# Whatever follows a cause must not turn it into a food choice ("not eating bread").
CAUSE_END: Final = (
    r"\s*(?:$|[.!?,;:)]|(?:and|but|so|how|for|at all|anything|much|properly|lol|haha|since|now|lately|recently|"
    r"this|these|over|in|i|im|ive|it|which|what|is|was|or|like|because|cause|cuz|tbh|honestly|every|all|to|then|"
    r"the whole|basically|really|anymore|any more|whatsoever|completely|entirely|mostly|pretty much|lately)\b)"
)

# --- A token amount of food, said plainly ----------------------------------------------------------
TOKEN_QTY: Final = ("one", "a", "an", "1", "half an?", "half", "a single", "a quarter of an?", "one small", "a small")
# What makes "one apple a day" the whole day's food.
ALL_I_EAT: Final = (
    "only",
    "liv(?:e|es|ing) on",
    "surviv(?:e|es|ing) on",
    "exist(?:s|ing)? on",
    "getting by on",
    "just",
    "all i (?:eat|have|allow|let myself)",
    "is all",
    "thats all",
    "thats it",
    "nothing else",
    "nothing more",
    "and nothing",
    "max",
    "at most",
    "tops",
    "is plenty",
    "is enough",
    "all you need",
    "the whole day",
    "all day",
    "in total",
    "total",
)
FEEL_FAT: Final = (
    "(?:still |always )?feel(?:ing)? (?:so |really |too |very )?(?:fat|huge|disgusting|gross|massive|big|bloated|"
    "heavy|like a whale)",
    "still (?:so |really )?(?:fat|huge|massive|gross|disgusting)",
    "hate (?:my|how i) (?:body|look|stomach|thighs)",
    "still (?:not|isnt|arent) (?:thin|skinny|small|enough)",
    "not (?:thin|skinny|small) enough",
    "want to be (?:thinner|skinnier|smaller)",
)

# --- Bony body goals pursued at any cost -----------------------------------------------------------
BONY_GOAL: Final = (
    "hip ?-?bones?",
    "collar ?-?bones?",
    "ribs?",
    "rib ?cage",
    "spine",
    "shoulder ?blades?",
    "cheek ?-?bones?",
    "thigh gap",
    "thighs (?:never |dont |not |to not |to never |wont )?touch\\w*",
    "bones? (?:stick\\w*|show\\w*|poke\\w*|jut\\w*)",
    "(?:legs|arms|wrists) (?:like )?(?:sticks|twigs)",
)
PROTRUDING: Final = (
    "stick\\w* out",
    "show\\w*",
    "poke\\w* out",
    "poking",
    "jut\\w*",
    "visible",
    "see (?:my|all my|them|every)",
    "count",
    "never touch\\w*",
    "not touch\\w*",
    "dont touch",
    "wont touch",
    "to not touch",
    "gap",
    "through (?:my|the) skin",
)
AT_ANY_COST: Final = (
    "whatever it takes",
    "no matter what(?: it takes)?",
    "no matter how",
    "at any cost",
    "at all costs",
    "by any means",
    "(?:ill|i will|i would|id|willing to|ready to) do anything",
    "do anything (?:to|for|it takes)",
    "even if (?:i have to |it means )?(?:starv\\w*|stop eating|not eating|i stop eating|i starve|i have to starve|"
    "passing out|i pass out|it kills me|i die)",
    "(?:even|at least) if (?:it|that) means (?:not eating|starving|skipping)",
    "whatever i have to do",
)

# --- Praise of not eating, in a reply -------------------------------------------------------------
PRAISE: Final = (
    "keep it up",
    "keep (?:it )?going",
    "keep at it",
    "great job",
    "good job",
    "nice job",
    "nice work",
    "great work",
    "good work",
    "well done",
    "proud of you",
    "so proud",
    "impressive",
    "amazing",
    "awesome",
    "way to go",
    "you(?:re| are) (?:doing )?(?:so )?(?:great|amazing|awesome|brilliant|crushing it)",
    "crushing it",
    "love (?:that|this|to see)",
    "congrats",
    "congratulations",
    "good for you",
    "stick with (?:it|that)",
)
PRAISED_ACT: Final = (
    "not eating",
    "skipping (?:all |your |most )?(?:of )?(?:your )?meals",
    "going without (?:food|eating)",
    "eating (?:almost |basically |next to )?nothing",
    "starving (?:yourself)?",
    "restricting",
    "fasting for (?:days|so long|\\w+ days)",
    "hiding (?:it|your (?:eating|meals))",
    "(?:one|a single) (?:rice cake|apple|meal) a day",
    "living on (?:water|coffee|black coffee|diet coke)",
)

# "not eating until I hit 50 kg": the refusal, who reaches the goal, and the goal's verb.
NO_FOOD_UNTIL: Final = (
    "(?:no|zero) (?:food|eating|meals|solids|solid food|calories|cals)",
    "(?:eat|eating|ate) nothing",
    "(?:not|no|stop|stopping|stopped|quit|quitting) (?:eating|food)",
    "(?:dont|do not|wont|will not|not gonna|not going to|refuse to|refusing to|cant|shouldnt) (?:eat|touch food)",
)
UNTIL_SUBJECT: Final = (
    "i",
    "im",
    "i am",
    "ive",
    "i have",
    "ive been",
    "i can",
    "i get",
    "you",
    "youre",
    "you are",
    "youve",
    "you have",
    "you can",
    "she",
    "shes",
    "he",
    "hes",
    "it",
    "its",
    "the scale",
    "my weight",
)
UNTIL_GOAL: Final = (
    "hit",
    "hits",
    "reach",
    "reaches",
    "reached",
    "get",
    "got",
    "gotten",
    "weigh",
    "weighs",
    "lose",
    "lost",
    "see",
    "look",
    "am",
    "are",
    "is",
    "fit",
    "drop",
    "dropped",
    "shed",
    "down",
    "under",
    "below",
    "at",
    "skinny",
    "thin",
    "thinner",
    "smaller",
    "lighter",
    "says",
    "shows",
    "can see",
)


# What follows a refusal that makes it about one food or a time, not food ("not eating junk").
OBJECT_TAIL_RE: Final = (
    r"\s+(?:junk|sugar|meat|bread|after|late|at night|so much|processed|out|fast food|carbs|gluten|dairy|red meat|"
    r"fried|"
    r"sweets|snacks|chocolate|takeaway|takeout|before|past|when|while|in front|with|the|like|as much|too much|crap|"
    r"rubbish|healthy|clean|well|right|vegetables|veg|fruit|meat|fish|greens|dinner|lunch|breakfast)\b"
)

# The end of "not eating until ..." when it is a body or weight goal ("until I hit 50 kg").
UNTIL_BODY_GOAL_RE: Final = (
    r"(?:\s+[^ .!?;\n]+){0,7}?\s+(?:(?:lose|losing|lost|drop\w*|shed\w*|weigh\w*|weight|scale|thin(?:ner)?|"
    r"skinn(?:y|ier)|smaller|lighter|slim\w*|bony|ribs?|collarbones?|hip ?bones|thigh gap|goal|size|"
    r"(?:[0-9]+(?:\.[0-9]+)?|one|two|three|four|five|six|seven|eight|nine|ten|twenty) ?(?:kg|kgs|kilos?|lbs?|"
    r"pounds?|stone|st))\b|[0-9]{2,3}\b(?! ?(?:hours?|hrs?|h|mins?|minutes|days?|pm|am|oclock)\b))"
)

# One food or a time of day given up, not food ("not eating carbs until ...").
SINGLE_FOOD_RE: Final = (
    r"\b(?:carbs?|sugar|sweets|junk|bread|pasta|rice|chocolate|desserts?|candy|snacks?|takeaways?|takeout|fast food|"
    r"meat|dairy|gluten|out|late|after|processed|fried|crisps|chips|pizza|alcohol|cake|treats|before|breakfast)\b"
)


# "the least I can eat", "how little food can I get away with": a minimum intake asked for.
LEAST_AMOUNT: Final = (
    "(?:the )?least(?: amount)?(?: of food)?",
    "how little(?: food)?",
    "(?:the )?(?:bare )?minimum(?: amount)?(?: of food)?",
    "(?:the )?(?:smallest|lowest|tiniest) amount(?: of food)?",
    "how few calories",
)
LEAST_WHO: Final = (
    "i can",
    "can i",
    "i could",
    "could i",
    "you can",
    "can you",
    "a person can",
    "can a person",
    "someone can",
    "(?:do )?i (?:need|have) to",
)
LEAST_EAT: Final = ("eat\\w*", "survive on", "live on", "get by on", "get away with", "manage on")
# What makes a minimum intake a crisis: hiding it, body or weight talk, going until the body gives out.
LEAST_PURPOSE: Final = (
    "notic\\w*",
    "knowing",
    "finding out",
    "find out",
    "get away with",
    "getting away with",
    "pass(?:ing)? out",
    "faint\\w*",
    "collaps\\w*",
    "surviv\\w*",
    "still function",
    "los(?:e|ing) (?:weight|more|it)",
    "still lose",
    "weight",
    "skinn\\w*",
    "thin(?:ner)?",
    "smaller",
    "lighter",
)

# Skipping meals said with distress or as a counted streak: "cry, skip meals, repeat", "day 5
# of skipping meals".
SKIP_MEALS: Final = (
    "skip(?:ping|ped|s)? (?:all |my |most )?(?:meals|eating|food)",
    "skip(?:ping|ped|s)? (?:breakfast|lunch|dinner),? (?:and )?(?:breakfast|lunch|dinner)",
)
SKIP_DISTRESS: Final = (
    "cry\\w*",
    "cried",
    "tears",
    "sob\\w*",
    "hate (?:myself|my body|me|how i look)",
    "punish\\w*",
    "(?:dont|do not) deserve",
    "disgust\\w*",
    "repeat",
    "day (?:[2-9]|[1-9][0-9]|two|three|four|five|six|seven|eight|nine|ten)",
)
