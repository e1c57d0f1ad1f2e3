"""Phrase tables for eating-disorder identity: eating-disorder words (relapse, coming back) and
thinspiration asked for in plain words."""

from __future__ import annotations

from typing import Final

ED_WORD: Final = (
    "eating disorder",
    "anorexi\\w*",
    "bulimi\\w*",
    "purg\\w*",
    "restricting",
    "restrict\\w*",
    "binge\\w*",
    "ed",
    "ana",
    "mia",
    "arfid",
    "orthorexi\\w*",
    "self[- ]?harm\\w*",
    "sh",
    "suicidal\\w*",
    "the urge to (?:purge|starve|restrict|throw up|cut myself)",
)
# Thinspiration asked for in plain words: pictures of thin bodies "so I remember why I'm not eating".
BODY_IDEAL: Final = (
    "girls?",
    "women",
    "bodies",
    "body",
    "people",
    "models?",
    "ribs",
    "collar ?bones",
    "hip ?bones",
    "thigh gaps?",
    "spines?",
    "bones",
    "skinny",
    "thin",
    "bony",
    "underweight",
)
NOT_EATING_AIM: Final = (
    "not eating",
    "(?:from|stop(?:ping)? me|keep me from|never|wont|dont|not) (?:eating|eat|binge\\w*)",
    "remember why",
    "ribs",
    "collar ?bones",
    "hip ?bones",
    "thigh gaps?",
    "skin and bones",
    "bony",
    "underweight",
    "stick(?:ing)? out",
    "thinspo\\w*",
)
