"""Phrase tables for eating-disorder identity and pro-ana content."""

from __future__ import annotations

from typing import Final

ED_NAMES: Final = (
    "eating disorders?",
    "anorexi\\w*",
    "bulimi\\w*",
    "binge eating disorder",
    "arfid",
    "osfed",
    "ednos",
    "orthorexi\\w*",
)

PRO_ED: Final = (
    "pro[ -]?(?:ana|mia|ed)",
    "thinspo\\w*",
    "meanspo\\w*",
    "bonespo\\w*",
    "skinnyspo\\w*",
    "bone[ -]?spo\\w*",
    "ana and mia",
    # Coded diets and pro-ana slogans: "the ABC diet (ana boot camp)", "nothing tastes as good as
    # skinny feels", "hunger is weakness leaving the body", "empty is beautiful".
    "abc diet",
    "ana boot ?camp",
    "ana bootcamp",
    "nothing tastes (?:as|so|half as) good as (?:being )?(?:skinny|thin|bones|empty|hungry|hunger|bony|tiny) feels?",
    "skinny (?:feels|is) (?:better|more important) than (?:food|eating|any food)",
    "hunger (?:is|=) (?:just |only |simply )?(?:weakness|fat|the fat|your fat|my fat) leaving",
    "hunger (?:pains? |pangs? )?(?:is|are|means|mean|feels?) (?:that |like )?(?:its |it is |im |i am |you(?:re| are) )?"
    "(?:working|winning|losing|progress|success|my friend|a friend|beautiful|power|strength|control|pure|clean|"
    "(?:a |so )?(?:good|great|amazing|nice) (?:feeling|thing|sign))",
    "empty (?:is|feels) (?:the goal|beautiful|good|clean|pure|amazing|perfect|powerful|safe)",
    "body ?check(?:ing|s)? (?:pics|photos|pictures|videos|vids|inspo|motivation|challenge)",
)

PRO_ED_STUFF: Final = (
    "coach\\w*",
    "budd\\w*",
    "tips?",
    "hacks?",
    "advice",
    "tricks?",
    "diet\\w*",
    "rules?",
    "bracelets?",
    "sisters?",
    "friends?",
    "pals?",
    "inspo",
    "motivation",
    "groups?",
    "chats?",
    "community",
    "accounts?",
    "blogs?",
    "lifestyle",
    "mindset",
    "challenges?",
    "food lists?",
    "quotes?",
)

HAVE_ED: Final = (
    "i have",
    "i think i have",
    "i think i might have",
    "i might have",
    "i may have",
    "i ve got",
    "i got",
    "i am",
    "i was just diagnosed with",
    "ive got",
    "im",
    "she has",
    "he has",
    "she is",
    "shes",
    "he is",
    "hes",
    "they have",
    "theyre",
    "struggling with",
    "suffering (?:from|with)",
    "battling",
    "dealing with",
    "fighting",
    "living with",
)

BECOME: Final = (
    "is",
    "are",
    "am",
    "being",
    "seems?",
    "looks?",
    "getting",
    "gotten",
    "become",
    "becoming",
    "became",
    "turning",
    "turned",
    "gone",
)

WANT_ED: Final = ("want", "wanna", "wish", "hope", "hoping", "trying", "try", "how", "tips", "ways")

ED_BACK: Final = (
    "is back",
    "has come back",
    "s back",
    "getting worse",
    "worse",
    "bad again",
    "flaring",
    "coming back",
    "acting up",
    "taking over",
    "telling me",
    "creeping back",
    "is winning",
)

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
