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
