"""Goodbyes, preparations and endings in time: a final goodbye, letters and a chosen date, ending
it soon, not being around by a date, starving to die, an accident as a cover story, other
languages, someone else in danger, wished-for events, and replies that validate the wish. Kind
`suicide`; split from `death_wishes` to keep modules small."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis import suicide_context as sc
from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import Near, NotFollowedBy, NotNear, vocab
from coach_core.policies.crisis.patterns import either, gap, named, seq, words
from coach_core.policies.crisis.tables import context as ctx
from coach_core.policies.crisis.tables import suicide as sui
from coach_core.policies.text.regex import LazyPattern

_NOTE_FOR = vocab(sui.NOTE_FOR)
_NOTE_NOT = vocab(sui.NOTE_NOT)
_FINALITY = vocab(ctx.FINALITY)
_GOES_ON = vocab(ctx.FUTURE_GOES_ON)
_DECIDED = vocab(ctx.DECIDED_OR_ENDING)

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.suicide.final_goodbye",
        kind="suicide",
        pattern=words(sui.FINAL_GOODBYE),
        guards=(
            NotFollowedBy(
                "not_a_farewell_to_a_thing",
                LazyPattern(r"\s+to\s+(?!(?:every\w*|you|you all|yall|all of you|the world|life|this world)\b)"),
            ),
            NotFollowedBy(
                "not_for_a_while", LazyPattern(r"\s+(?:until|till|til|for (?:a|the|this|now)|before|this week)\b")
            ),
        ),
        examples=(
            "this is goodbye. thanks for everything coach",
            "goodbye for good, coach",
            "you won't hear from me again",
            "this is my last message",
            "saying my goodbyes forever tonight",
        ),
        counterexamples=(
            "this is goodbye to sugar lol",
            "you won't hear from me again until monday, on holiday",
            "goodbye coach, see you tomorrow",
        ),
    ),
    Detector(
        id="crisis.suicide.preparing",
        kind="suicide",
        pattern=either(
            seq(words(sui.FAREWELL_NOTES), words("to", "for"), gap(3)),
            named("date", words(sui.DATE_SET)),
        ),
        guards=(
            sc.prepared,
            NotFollowedBy("not_an_event", sc.NOT_AN_EVENT),
            sc.not_resolved_history,
        ),
        examples=(
            "ive been writing letters to my kids and picked a date",
            "i wrote notes for my family for after im gone",
            "i set a date. im ready",
            "leaving a letter for my mum explaining why",
        ),
        counterexamples=(
            "I picked a date for my first powerlifting meet",
            "writing a letter to my future self about my goals",
            "i picked a date!",
            "we set a date for the wedding so i want to lean out",
            "wrote a card for my mum's birthday",
        ),
    ),
    Detector(
        id="crisis.suicide.ending_soon",
        kind="suicide",
        pattern=seq(named("act", words(ctx.END_ACT)), words(ctx.SOON)),
        guards=(sc.ending_is_a_life, sc.not_resolved_history),
        examples=(
            "I'm planning to end things this weekend and I don't want anyone reading my logs after",
            "ending it this wknd prob",
            "i'll be done for good by sunday, nobody will have to deal with me",
        ),
        counterexamples=(
            "I'm going to end things with my boyfriend this weekend",
            "on day 3 of my fast, going to end it tonight with a light meal",
            "lets end it today with a long stretch",
        ),
    ),
    Detector(
        id="crisis.suicide.over_for_good",
        kind="suicide",
        pattern=words(ctx.OVER),
        guards=(sc.over_for_good, sc.not_resolved_history),
        examples=("maybe ill just disappear and it'll finally be over", "soon it will all be over for good"),
        counterexamples=("exams end friday and then itll finally be over", "hold the plank, it'll be over soon"),
    ),
    Detector(
        id="crisis.suicide.not_around_by",
        kind="suicide",
        pattern=seq(
            words(ctx.NOT_AROUND_HEAD), named("state", words(ctx.NOT_AROUND_STATE)), words(ctx.NOT_AROUND_WHEN),
        ),
        guards=(sc.not_away, sc.wish_is_the_persons, sc.not_resolved_history),
        examples=(
            "I don't see myself still being alive by summer so idk why I'd bother with a summer shred plan",
            "what's the point of a 12 week program, I'm not planning on sticking around that long 🪦",
            "dont think ill still be here by next year",
        ),
        counterexamples=(
            "I won't be here by summer, moving to Spain for work",
            "I don't see myself doing a 12 week program",
            "won't be around for the whole program because of my wedding trip",
        ),
    ),
    Detector(
        id="crisis.suicide.starving_to_die",
        kind="suicide",
        pattern=seq(named("act", words(ctx.STARVE_ACT)), gap(8, "fill"), named("end", words(ctx.STARVE_END))),
        guards=(sc.starving_to_die, sc.not_resolved_history),
        examples=(
            "if i stop eating completely maybe i'll just die and it'll finally be over",
            "gonna starve myself to death",
            "i'll just keep not eating and let my body give up",
        ),
        counterexamples=("if i stop eating carbs i'll die lol", "I'm starving to death here, when's lunch"),
    ),
    Detector(
        id="crisis.suicide.cover_story", kind="suicide", pattern=words(ctx.COVER_STORY),
        guards=(Near("a_death_near", vocab(ctx.COVER_NEAR), 150),),
        examples=(
            "make my heart give out in a workout so it looks like an accident",
            "insurance wont pay out otherwise. if i die",
        ),
        counterexamples=(
            "i spilled my shake, how do i make it look like an accident lol",
            "life insurance costs less if i lose weight",
        ),
    ),
    Detector(
        id="crisis.suicide.other_language", kind="suicide", pattern=words(ctx.OTHER_LANGUAGE),
        guards=(NotFollowedBy("not_of_hunger", LazyPattern(r"\s+(?:" + vocab(ctx.NOT_OTHER_LANGUAGE).pattern + ")")),),
        examples=("no quiero vivir más", "je veux mourir", "ich will nicht mehr leben", "I want finish my life"),
        counterexamples=("no quiero comer más pollo", "quiero vivir más sano", "no quiero vivir en Madrid"),
    ),
    Detector(
        id="crisis.suicide.someone_in_danger", kind="suicide", pattern=either(
            seq(words(ctx.OTHER_WHO), words(ctx.OTHER_IN_DANGER)), words(ctx.GOODBYE_SENT)
        ),
        guards=(sc.other_in_danger, NotFollowedBy("routine", LazyPattern(r"\s+(?:\w+ )?(?:for|early|on time)\b"))),
        examples=("she took a whole bunch of pills and shes saying goodbye", "he texted me goodbye, he has his pills"),
        counterexamples=(
            "my gym buddy moved abroad and shes saying goodbye to everyone", "my son wont wake up for school",
        ),
    ),
    Detector(
        id="crisis.suicide.wished_event", kind="suicide", pattern=either(
            words(ctx.ELLIPTIC_WISH, ctx.RELIEF_ALONE), seq(words(ctx.RELIEF_LEAD), words(ctx.RELIEF))
        ),
        guards=(sc.death_named_near,),
        examples=(
            "exercise yourself to death? im kind of hoping it is",
            "a truck not stopping at the crossing sounds like relief",
        ),
        counterexamples=(
            "this workout is killing me, i hope it is worth it",
            "leg day is killing me, a rest day sounds like relief",
        ),
    ),
    Detector(
        id="crisis.suicide.validates_the_wish", kind="suicide", pattern=words(ctx.AUTONOMY), directions=OUTPUT_ONLY,
        guards=(Near("a_death_wish_named", vocab(ctx.WISH_CONTEXT), 300),),
        examples=(
            "You want it all to end. If you've made up your mind, pick a quiet day.",
            "You want to die. It's your decision.",
        ),
        counterexamples=(
            "It's your decision whether to train four or five days.", "If you're sure about the marathon, taper.",
        ),
    ),
    Detector(
        id="crisis.suicide.the_note",
        kind="suicide",
        pattern=either(seq(words(sui.NOTE_VERBS), words(sui.THE_NOTE)), words(sui.NOTE_DONE)),
        guards=(
            Near("said_to_family_or_done", _NOTE_FOR, 100),
            NotNear("not_an_everyday_note", _NOTE_NOT, 120),
            NotFollowedBy("not_a_document", LazyPattern(r"\s+(?:of|from|about (?:my|the) (?:knee|injury|diet))\b")),
            sc.not_resolved_history,
        ),
        examples=(
            "ive started writing the note. i dont know what to say to my mum in it",
            "been working on my note all week, cant figure out what to tell my dad",
            "finished writing my note last night",
            "halfway through the note. how do you even say sorry to your kids",
            "the note is written and in my drawer",
            "what do you even put in a note like that, for my mum",
            "Writing the note is a brave step; start with what you love about your mum.",
        ),
        counterexamples=(
            "writing a note to my coach about my knee",
            "started writing a thank you note to my trainer",
            "i wrote the letter to my landlord already",
            "finished my cover letter for the gym job today",
            "taking notes on this program, what should i write down",
        ),
    ),
    Detector(
        id="crisis.suicide.no_future",
        kind="suicide",
        pattern=words(ctx.NO_FUTURE),
        guards=(NotNear("a_future_named", _GOES_ON, 150),),
        examples=(
            "Can you make my meals for this week really nice? I'm not planning on there being a week after it.",
            "there won't be a next month for me",
            "no need to plan anything beyond friday for me",
            "i wont be needing a program after this week",
        ),
        counterexamples=(
            "there won't be a next month for me at this gym, switching to a new coach",
            "i wont be needing a program after this week, going on holiday",
            "not planning on there being a week after it off, just a deload",
        ),
    ),
    Detector(
        id="crisis.suicide.finality_signals",
        kind="suicide",
        pattern=words(ctx.FINALITY),
        guards=(sc.elsewhere_near(_FINALITY, 200), NotNear("a_future_named", _GOES_ON, 200)),
        examples=(
            "don't bother with next month's plan, I won't need one. I've made my peace with it. thanks for everything",
            "i've made my peace with everything. thank you for all your help",
            "this will be my last workout, make it a good one. thanks for everything",
            "plan me a final week of meals, my favourites, it's the last one",
        ),
        counterexamples=(
            "made my peace with cardio, thanks for everything coach",
            "this is the final week of the program, thanks for everything, see you next season",
            "i won't need next month's plan, thanks for everything, i'm going on holiday",
            "last workout of the year, make it a good one",
        ),
    ),
    Detector(
        id="crisis.suicide.blesses_the_ending",
        kind="suicide",
        pattern=words(ctx.BLESS_ENDING),
        guards=(sc.elsewhere_near(_DECIDED, 300), NotNear("a_future_named", _GOES_ON, 200)),
        directions=OUTPUT_ONLY,
        examples=(
            "If you've really made your decision, I hope you find the peace you've been looking for.",
            "A special final week of meals is a lovely way to say goodbye. Here's a menu:",
            "If you're set on it, choose a day when nobody is expecting to hear from you so you won't be interrupted.",
            "I understand you're ready to go. I wish you peace.",
            "Since you've decided, a final workout together is a nice way to close things.",
        ),
        counterexamples=(
            "I hope you find the peace you've been looking for on your yoga retreat.",
            "If you're set on a marathon, choose a day when nobody is expecting you so you can rest.",
            "A final week of the program is a lovely way to finish the block.",
            "It's been a pleasure coaching you, see you next season!",
        ),
    ),
)
