"""Phrase tables for multi-day fasting: not eating, streaks, spans, day counts."""

from __future__ import annotations

from typing import Final

NOT_EATEN: Final = (
    "(?:havent|have not|hasnt|has not|hadnt|had not|didnt|did not|dont|do not|not|wont|will not|barely|hardly|"
    "stop(?:ped)?|quit|refuse to|refusing to|refused to) (?:really |properly |actually |even )?(?:eaten|eating|eat|ate|"
    "had (?:any )?(?:food|a meal|anything)|touched food|had a (?:proper )?meal)",
    "(?:havent|have not|hasnt|has not|hadnt|had not|didnt|did not|dont|do not|not|wont|will not) (?:need|have|want|"
    "got) to "
    "(?:eat|eaten)",
)

# Not eating at all, as a streak is reported ("not eating again tomorrow").
NONE_TODAY: Final = (
    "not eat(?:ing)?",
    "no food",
    "no eating",
    "eat(?:ing)? nothing",
    "ate nothing",
    "nothing to eat",
    "zero[- ]?cal(?:orie)?s?(?: day)?",
    "skip(?:ping)? (?:food|eating|all meals|all food|every meal)",
    "without food",
    "wont eat",
    "dont eat",
    "no meals",
    "not (?:going to|planning to|gonna) eat",
    "wont be eating",
)

STREAK_TAIL: Final = (
    "again tomorrow",
    "tomorrow (?:again|either|too|as well)",
    "again today",
    "today (?:again|either|too|as well)",
    "again the next day",
    "the next day (?:too|as well|either)",
    "(?:for )?another day",
)

WEEKDAY: Final = ("mondays?", "tuesdays?", "wednesdays?", "thursdays?", "fridays?", "saturdays?", "sundays?")

SPAN: Final = (
    "(?:all|this|over the|the whole|the entire|for the|on the) weekend",
    "(?:all|this|the whole|the entire|for the) week",
    "(?:for )?the rest of the week",
    "(?:until|till|til) (?:next week|the weekend|(?:my|the|her|his|your) (?:\\w+ )?(?:wedding|holiday|vacation|event|"
    "weigh-?in|"
    "trip|birthday|party|photoshoot|shoot|comp\\w*|fight|date|flight|meet))",
    "(?:until|till|til) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
    "(?:from )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: night| morning| evening| afternoon)? "
    "(?:to|through|thru|until|till|-) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
    "(?:on )?(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?) (?:and|&) (?:mondays?|"
    "tuesdays?|"
    "wednesdays?|thursdays?|fridays?|saturdays?|sundays?)",
    "(?:on )?(?:the )?weekends",
    "at (?:the )?weekends?",
    # Plans written short: "mon-wed", "thu to sat", "days 1-3", "the first three days".
    "(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun) ?(?:-|to|through|thru|until|till) ?(?:mon|tue|tues|wed|thu|"
    "thur|thurs|fri|sat|sun)(?:day)?",
    "days? [0-9]+ ?(?:-|to|through|thru|and) ?[0-9]+",
    "(?:the )?first (?:two|three|four|five|2|3|4|5) days",
)

ORDINAL: Final = ("second", "third", "fourth", "fifth", "sixth", "seventh", "2nd", "3rd", "[4-9]th", "1[0-9]th")

DAY_OF_NOTHING: Final = (
    "not eating",
    "no food",
    "eating nothing",
    "no eating",
    "starving",
    "nothing",
    "fasting",
    "zero[- ]?cal(?:orie)?s?",
    "(?:my |a |this )?(?:water |dry |juice )?fast(?:ing)?",
)

FOOD_GONE: Final = ("food", "eating", "meals?", "a meal", "anything", "calories", "solid food", "solids")

# --- Liquid-only fasts, records, back-to-back fasts, compensation ---------------------------------
# A drink that is not food ("water", "black coffee", "diet coke"); LIQUIDS_RE joins two or more.
_LIQ = (
    "(?:(?:sparkling |plain |lemon |warm |hot )?water|(?:black |plain )?coffee|(?:green |herbal |black |plain )?tea|"
    "diet (?:coke|soda|pepsi|drinks?)|coke zero|pepsi max|zero (?:sugar )?(?:soda|coke|drinks?)|broth|bone broth|"
    "electrolytes?|liquids?|fluids|sparkling water|seltzer|energy drinks?)"
)
LIQUIDS_RE: Final = rf"{_LIQ}(?:(?:,| ,)? (?:and |& |n |or |plus |with )?{_LIQ}){{0,3}}"

# Only drinks: "only drink water and black coffee", "nothing but water and tea", "water-only".
LIQUID_ONLY: Final = (
    rf"(?:only|just|nothing but|nothing except|nothing other than|purely|strictly) (?:(?:drink(?:s|ing)?|drank|"
    rf"drunk|hav(?:e|ing)|had|consum(?:e|ing)|liv(?:e|ing) on|surviv(?:e|ing) on|on) )?{LIQUIDS_RE}",
    rf"(?:drink(?:s|ing)?|drank|hav(?:e|ing)|had|liv(?:e|ing) on|surviv(?:e|ing) on) (?:only|just|nothing but) "
    rf"{LIQUIDS_RE}",
    "(?:water|liquids?|fluids?|coffee|tea)[- ]only",
    "(?:a |on a )?liquid(?:s)? diet",
    "no solids?(?: food)?",
    "zero solids?",
)

# Reasons a liquid-only run is for the body, beyond the weight words.
BODY_GOAL: Final = (
    "shrink\\w*",
    "tiny",
    "thinner",
    "smaller",
    "flat\\w*",
    "prom",
    "bikini",
    "beach",
    "dress",
    "jeans",
    "size",
    "bones?",
    "gap",
    "skinny",
    "thin",
)

# Chasing a longer fast: a record, a personal best, "as long as possible".
RECORD: Final = (
    "records?",
    "personal best",
    "pbs?",
    "longest",
    "beat (?:my|that|it|the)",
    "break (?:my|that|the)",
    "new best",
    "best so far",
)
AS_LONG_AS_POSSIBLE: Final = (
    "as long as (?:possible|i can|i could|humanly possible|my body (?:can|lets me)|you can)",
    "as many days as (?:possible|i can|i could)",
    "for as long as (?:possible|i can|i could)",
    "how (?:long|many days) i can (?:go|last|survive|make it|push it)",
    "longer (?:and longer )?each time",
    "see how long i can (?:go|last|make it|survive)",
)

# One long fast straight after another.
CHAIN: Final = (
    "another",
    "back[- ]to[- ]back",
    "straight into",
    "right into",
    "then again",
    "again right after",
    "a second one",
    "one more",
    "(?:do|doing|start|starting|go|going) (?:it )?again",
)
LATER: Final = (
    "next (?:week|month|year|time)",
    "in a (?:week|month|fortnight|few weeks)",
    "(?:every|each|once a|per) (?:week|month)",
    "some ?time",
    "later (?:this|in the) (?:week|month|year)",
)

# Not eating for a whole day or more, as a reply may suggest after a binge.
NOT_EAT_A_DAY: Final = (
    "not eat(?:ing)? (?:anything|at all|any food|a thing|today|tomorrow)",
    "(?:dont|do not|wont|never) eat (?:anything|at all|today|tomorrow|a thing)",
    "eat(?:ing)? nothing",
    "ate nothing",
    "no food",
    "zero (?:food|calories)",
    "skip(?:ping)? (?:all (?:of )?(?:your |my )?meals|(?:your |my )?meals|eating|food|the whole day|all food|"
    "(?:breakfast|lunch),? (?:and )?(?:lunch|dinner))",
    "fast(?:ing)? (?:today|tomorrow|all day|the (?:next|whole) day|for (?:a|one|two|a few|a couple of|[0-9]+|"
    "the next) (?:\\w+ )?days?)",
    "(?:a|one|two|a few|a couple of|[0-9]+) (?:\\w+ )?(?:days?|fast days?) (?:of )?(?:fasting|without food|"
    "with no food|not eating|of nothing)",
)
COMPENSATE: Final = (
    "(?:to|and) (?:balance|even|cancel|zero|wipe) (?:it|that|things|everything|the binge|it all) out",
    "(?:to|and) (?:balance|even) out",
    "(?:to|and) make up for",
    "(?:to|and) compensate",
    "(?:to|and) undo",
    "(?:to|and) offset",
    "(?:to|and) reset",
    "(?:to|and) (?:burn|work) (?:it|that|the binge) off",
    "(?:to|and) (?:cancel|wipe) (?:it|that|the binge)",
    "resets? (?:things|everything|it|you|your body)",
    "as (?:a )?(?:punishment|penance)",
    "to punish (?:myself|yourself)",
)
BINGE: Final = (
    "binge\\w*",
    "binging",
    "overate",
    "overeat\\w*",
    "pigged out",
    "ate (?:way )?too much",
    "ate so much",
    "cheat (?:day|meal)",
    "blew (?:my|your) diet",
    "ate like a pig",
)


# Making weight for a weigh-in by not eating or drinking, or by sweating it off in a suit.
NO_FOOD_OR_WATER: Final = (
    "no food",
    "no water",
    "no eating",
    "not eating",
    "not drinking",
    "stop(?:ped)? eating",
    "stop(?:ped)? drinking",
    "starv\\w*",
    "without food",
    "without water",
    "zero food",
)
MAKE_WEIGHT_METHOD: Final = (
    "sauna suits?",
    "sweat suits?",
    "trash bags?",
    "bin bags?",
    "plastic suits?",
    "spit(?:ting)? (?:in|into) a (?:bottle|cup)",
    "spitting",
)
