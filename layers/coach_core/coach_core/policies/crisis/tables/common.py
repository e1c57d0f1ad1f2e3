"""Phrase tables shared by several topics: possessives, reflexives, weight words, exercise and illness.
Data only: every entry is a small regex over the normalised text (lower case, no apostrophes)
that starts with a literal.

Add a phrase here and every detector built from the table learns it, gate included.
"""

from __future__ import annotations

from typing import Final

Table = tuple[str, ...]

POSSESSIVE: Final[Table] = ("my", "your", "her", "his", "their")
SELF: Final[Table] = ("myself", "yourself", "herself", "himself", "themselves", "themself", "ourselves", "oneself")

# --- Weight, exercise, illness --------------------------------------------------------------------
WEIGHT_WORDS: Final[Table] = (
    "lose",
    "losing",
    "lost",
    "weight",
    "scale",
    "thin(?:ner)?",
    "skinn(?:y|ier)",
    "fat",
    "calori\\w*",
    "cals",
    "kilos?",
    "kgs?",
    "pounds",
    "lbs?",
    "stone",
    "drop\\w*",
    "shed\\w*",
    "lighter",
    "slim\\w*",
    "smaller",
    "bloat\\w*",
    "weigh\\w*",
    "flat (?:stomach|tummy|belly)",
    "lean(?:er)?",
    "shred\\w*",
    "make weight",
    "water weight",
    "bikini",
    "dress size",
    "thigh gap",
)
EXERCISE: Final[Table] = (
    "workouts?",
    "training",
    "train",
    "run(?:s|ning)?",
    "ran",
    "sprints?",
    "sprinting",
    "burpees?",
    "hiit",
    "race",
    "class(?:es)?",
    "leg day",
    "crossfit",
    "spin",
    "intervals?",
    "marathon",
    "gym",
    "exercise",
    "lifting",
    "squats?",
    "deadlifts?",
    "session",
    "sets?",
    "reps?",
    "wod",
    "rowing",
    "rower",
    "cardio",
    "hill",
    "hills",
    "practice",
    "erg",
    "finisher",
    "circuit",
)
ILLNESS: Final[Table] = (
    "food poisoning",
    "stomach bug",
    "bug",
    "flu",
    "virus",
    "norovirus",
    "hungover",
    "hangover",
    "drunk",
    "alcohol",
    "migraine",
    "morning sickness",
    "pregnan\\w*",
    "motion sick\\w*",
    "car ?sick",
    "sea ?sick",
    "chemo\\w*",
    "covid",
    "gastro\\w*",
    "allerg\\w*",
    "reflux",
    "gerd",
    "sick with",
    "sick from",
    "medication",
    "antibiotics?",
    "surgery",
    "dentist",
    "wisdom teeth",
    "tonsils",
    "ill",
    "fever",
)
