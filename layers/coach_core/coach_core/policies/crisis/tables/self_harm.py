"""Phrase tables for self-harm: wounding verbs, urges, deserved pain."""

from __future__ import annotations

from typing import Final

# Verbs that by themselves say a wound ("cut my wrist", "burn my arm"); the others ("hit my
# leg", "scratch my arm") need a reason, a trigger or a result to be self-harm.
STRONG_HARM: Final = ("cut", "cuts", "cutting", "slit", "slic", "carv", "burn", "stab", "pierc")

UNTIL: Final = ("until", "till", "til", "hard enough to", "enough to", "so (?:hard|much) (?:that )?(?:it|they)")

DESERVE_PAIN: Final = (
    "deserves? to (?:be hungry|go hungry|feel hungry|be in pain|feel pain|hurt|be hurt|rot|suffer|bleed)",
    "deserves? (?:the |some |this |to feel )?(?:pain|punishment|to be punished)",
    "deserves? to (?:starve|go without food|not eat)",
)

URGES: Final = (
    "urges? to (?:cut|hurt myself|harm myself|self[- ]?harm|sh|burn myself|bleed)",
    "(?:cutting|self[- ]?harm|sh|harming) urges?",
)

USED_TO: Final = ("used to", "use to")

SH_WORDS: Final = ("cut", "self[- ]?harm", "sh", "hurt myself", "burn myself", "harm myself")
