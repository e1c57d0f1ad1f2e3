"""Phrase tables for the grammatical variants of families the other tables already hold:
progressive and non-native forms of not wanting to live, finishing one's life in any tense,
joining a dead partner or parent, British and Australian slang for killing oneself, being
alive at a date, a blade kept for after a trigger, and harm done to oneself to make up for."""

from __future__ import annotations

from typing import Final

# --- Not wanting to live, in any aspect -------------------------------------------------------------
# "im not wanting to live", "i not want live", "no want to be alive", "dont feel like living".
NOT_WANTING_HEAD: Final = (
    "(?:not|no longer|no|dont|do not|didnt|did not|doesnt|does not|never) (?:really |even |just )?"
    "(?:want(?:s|ing)?|wan)",
    "(?:dont|do not|didnt|did not|doesnt|does not|no longer) (?:really |even |just )?feel(?:s|ing)? like",
    "(?:no|zero|lost (?:the|my|all|any)|have no|has no) (?:more )?(?:wish|want|desire|wanting)",
)
NOT_WANTING_STATE: Final = (
    "(?:to )?(?:be alive|live|living|exist|existing|keep living|stay alive|staying alive|being alive|go on living|"
    "survive|surviving)",
)

# --- Finishing, ending, taking one's life -----------------------------------------------------------
# "i think to finish my life", "will finish my life", "finishing my life", "finished his life".
LIFE_VERBS: Final = (
    "finish(?:es|ed|ing)?", "end(?:s|ed|ing)?", "tak(?:e|es|ing|en)", "took", "stop(?:s|ped|ping)?",
    "terminat(?:e|es|ed|ing)", "clos(?:e|es|ed|ing)",
)
# Written out per owner, so the gate is "my life", "his own life", not "my".
OWN_LIFE: Final = (
    "my life", "my own life", "his life", "his own life", "her life", "her own life", "their lives?",
    "their own lives?", "your life", "your own life",
)
# What turns "ended my life" into something other than a death: a chapter, a career, a relationship.
LIFE_NOT: Final = (
    "(?:life|lives) (?:as|in|at|with|savings|story|insurance|coach\\w*|goals?|style|long|changing|time|partner|"
    "of (?:\\w+ )?(?:a|the|party|crime))",
)

# --- Joining a dead partner, parent or child ------------------------------------------------------
JOIN_WANT: Final = (
    "want", "wanna", "wants", "wanting", "ready", "need", "longing", "long", "wish i could", "cant wait", "hope",
    "hoping", "praying", "time",
)
JOIN_WHOM: Final = (
    "(?:join|be with|go to|follow|reunite with) (?:her|him|them)(?: again| there| up there| soon| now| "
    "too| in heaven| on the other side)?",
)
# What says the person named is dead.
THE_DEAD: Final = (
    "passed", "passed away", "passed on", "died", "dead", "death", "lost (?:my|her|him|them)", "funeral", "buried",
    "late (?:wife|husband|partner|mum|mom|dad|son|daughter)", "gone now", "widow\\w*", "since (?:she|he) went",
    "grave", "cancer took", "killed in",
)
# Where the thought ends after "join her": a full stop, a new clause, a feeling. Not "join her
# running club", "follow her on instagram", "be with him at the gym".
JOIN_ENDS: Final = (
    "and", "but", "so", "because", "cause", "im", "i", "lol", "tbh", "honestly", "already", "someday", "one day",
    "tonight", "please", "coach", "now", "soon", "again", "wherever (?:she|he|they) (?:is|are)",
)

# Away for a reason, said beside "wont be around next week".
AWAY_MORE: Final = (
    "off to", "heading (?:to|off|away)", "away", "on holiday", "holiday\\w*", "vacation", "trip", "travel\\w*",
    "moving", "visiting", "flying", "abroad", "festival", "camp\\w*",
)

# --- Slang for killing oneself ----------------------------------------------------------------------
SLANG_VERBS: Final = (
    "top(?:s|ped|ping)?", "neck(?:s|ed|ing)?", "off(?:s|ed|ing)?", "unaliv(?:e|es|ed|ing)",
)
DO_IN: Final = ("do(?:es|ing)?", "did", "done", "gonna do", "going to do")

# --- Being alive at a date ----------------------------------------------------------------------------
NOT_AROUND_AT: Final = (
    "(?:at|for|on|over|come|this|next) (?:christmas|xmas|easter|new year\\w*|my (?:\\w+ )?birthday|summer|the "
    "weekend)",
    "next (?:week|month|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
    "(?:in|after) (?:a|one|two|three|a few|a couple of) (?:weeks?|months?)",
    "(?:to|till|until|past) (?:christmas|xmas|easter|new year\\w*|summer|my (?:\\w+ )?birthday|next \\w+|the end of "
    "(?:the|this) \\w+)",
)
NOT_AROUND_STATE_MORE: Final = (
    "(?:still )?making it",
    "(?:still )?(?:to )?(?:be|being) (?:still )?(?:alive|here|around)",
)
NOT_AROUND_HEAD_MORE: Final = (
    "(?:dont|do not) think (?:ill|i will|id|i would)",
    "(?:im|i am) not (?:planning|expecting|going)",
)

# --- Search for a height, with the question of enough -----------------------------------------------
ENOUGH_TAIL: Final = (
    "(?:and )?(?:whether|if) (?:it|itd|it would|itll|it will|its|thatd|that would|that is|thats|the drop|"
    "the fall|id|i would) (?:would |will |could |might )?(?:be |is )?(?:enough|high enough|tall enough|"
    "far enough|do it|do the job|kill\\w*|be fatal|fatal)",
)
SEARCHED_WHAT_MORE: Final = (
    "how (?:high|tall|far down) (?:a |the |my |that |this )?(?:\\w+ ){0,2}?(?:building|bridge|floor|roof|"
    "rooftop|balcony|cliff|drop|fall|window|car park|multi ?storey|overpass|tower|flats?|block|ledge|quarry|"
    "dam|viaduct)",
)
SEARCHED_MORE: Final = (
    "check(?:s|ed|ing)?", "work(?:ed|ing)? out", "figur(?:e|ed|ing) out", "measur(?:e|ed|ing)",
    "look(?:s|ed|ing)? (?:up|into)", "googl(?:e|ed|ing)", "search(?:ed|ing)?",
)

# --- A blade kept for after a trigger ---------------------------------------------------------------
FOR_AFTER: Final = (
    "for (?:after|when|whenever|if) (?:\\w+ ){0,3}?(?:bad|binge\\w*|weigh[- ]?ins?|weighins?|overeat\\w*|"
    "eat too much|ate too much|i slip|relaps\\w*|i mess up|i fail\\w*|i hate myself|feel(?:ing)? (?:fat|gross|"
    "disgusting|worthless|awful|like shit)|i gain\\w*|the scale)",
    "for (?:bad|heavy|failed) (?:weigh[- ]?ins?|scale days|binges?)",
)

# --- Harm done to oneself, made up for --------------------------------------------------------------
MAKE_UP_FOR: Final = (
    "make(?:s)? up for", "making up for", "punish(?:es|ed|ing)? (?:me|myself) for", "pay(?:ing)? for",
    "atone for", "ashamed of", "hide", "hiding", "cover(?:ing)? up",
)
DONE_TO_ME: Final = ("what i (?:did|done|do) to (?:my|myself)",)
HURT_PARTS: Final = (
    "arms?", "wrists?", "thighs?", "legs?", "skin", "stomach", "hips?", "body", "self", "forearms?", "hands?",
)

# --- Cutting deep, still bleeding --------------------------------------------------------------------
CUT_DEEP: Final = (
    "(?:i|ive|i have|id) cut (?:myself )?(?:really |so |very |pretty |quite |way )?deep(?:ly)?(?= (?:tonight|last "
    "night|today|this time|again|this morning|earlier|and|[0-9])|[.!?,]|$)",
)
STILL_BLEEDING_MORE: Final = (
    "(?:its|it is|they are|theyre|still|they re|it s) still bleeding",
    "(?:wont|will not|doesnt|does not|cant get it to|cant make it) stop bleeding",
)

# --- Praise in a reply for going without food -----------------------------------------------------
PRAISE_MORE: Final = (
    "(?:great|amazing|real|such|impressive|incredible|serious|true) (?:discipline|commitment|dedication|willpower)",
    "shows? (?:real |great |such |serious |true )?(?:discipline|commitment|dedication|willpower)",
)
