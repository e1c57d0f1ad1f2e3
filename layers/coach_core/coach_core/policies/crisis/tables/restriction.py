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
