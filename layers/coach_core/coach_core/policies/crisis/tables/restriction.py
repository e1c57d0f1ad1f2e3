"""Phrase tables for restriction and fasting: stopping eating, weight lost by not eating, not
eating for days, day counts, spans and drinks-only runs."""

from __future__ import annotations

from typing import Final

# --- Stopping eating ------------------------------------------------------------------------------
STOPPED_EATING: Final = (
    "stopped eating",
    "quit eating",
    "stop eating",
    "stopping eating",
    "quitting eating",
    "refuse(?:d)? to eat",
    "refusing to eat",
)
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
# What follows a refusal that makes it about one food or a time, not food ("not eating junk").
OBJECT_TAIL_RE: Final = (
    r"\s+(?:junk|sugar|meat|bread|after|late|at night|so much|processed|out|fast food|carbs|gluten|dairy|red meat|"
    r"fried|"
    r"sweets|snacks|chocolate|takeaway|takeout|before|past|when|while|in front|with|the|like|as much|too much|crap|"
    r"rubbish|healthy|clean|well|right|vegetables|veg|fruit|meat|fish|greens|dinner|lunch|breakfast)\b"
)

# --- Weight lost by not eating --------------------------------------------------------------------
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

# --- Not eating for days --------------------------------------------------------------------------
NOT_EATEN: Final = (
    "(?:havent|have not|hasnt|has not|hadnt|had not|didnt|did not|dont|do not|not|wont|will not|barely|hardly|"
    "stop(?:ped)?|quit|refuse to|refusing to|refused to) (?:really |properly |actually |even )?(?:eaten|eating|eat|ate|"
    "had (?:any )?(?:food|a meal|anything)|touched food|had a (?:proper )?meal)",
    "(?:havent|have not|hasnt|has not|hadnt|had not|didnt|did not|dont|do not|not|wont|will not) (?:need|have|want|"
    "got) to "
    "(?:eat|eaten)",
)
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

# --- Liquid-only runs -----------------------------------------------------------------------------
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
