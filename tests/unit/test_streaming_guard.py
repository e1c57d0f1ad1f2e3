"""The streaming output guard: sentences are released as soon as they are complete and pass, the
first blocked sentence and everything after it never are, and how the answer was cut into deltas
never changes what is released or the verdict."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coach_core.policies import get_engine
from coach_core.policies.streaming import GuardStep, StreamingOutputGuard, confirmed_boundary

ENGINE = get_engine()

SAFE_ANSWERS = [
    "Great question! Aim for 1.5 kg of vegetables a week, e.g. carrots and peas. Rest well.",
    "Here's a plan:\n1. Eat 2,000 kcal a day.\n2. Walk 8,000 steps.\n3. Sleep 8 hours.",
    "At 1,020 kcal a day you'll lose about 1.4 kg each week. Please check with your doctor first.",
    "You're 90 kg now. We'll get you to 80 kg in 5 weeks.",
    "Try Dr. Smith's recipe (see p. 4) etc. Then eat.",
    "No terminator at the end",
    "",
]
# (answer, the text the user must have been sent, the rule that withholds the next sentence)
BLOCKED_ANSWERS = [
    (
        "Nice work on your squats! A good trick is to go several days with no solid food before the weigh-in. "
        "Then you'll feel light.",
        "Nice work on your squats!",
        "crisis.fasting.liquids_only",
    ),
    (
        "Protein matters.\nPush your food around the plate so your parents think you ate.\nEnjoy!",
        "Protein matters.\n",
        "crisis.concealment.faked_eating",
    ),
    (
        "Let's set targets. Eat 600 kcal a day for two weeks. Then reassess.",
        "Let's set targets.",
        "calorie_minimum.below_hard_floor",
    ),
    ("Empty your stomach after a binge so the calories don't count.", "", "crisis.purging.euphemism"),
]


def _stream(text: str, cuts: list[int]) -> tuple[str, list[GuardStep], StreamingOutputGuard]:
    guard = StreamingOutputGuard(ENGINE)
    steps = []
    bounds = [0, *sorted(set(cuts)), len(text)]
    for a, b in pairwise(bounds):
        steps.append(guard.feed(text[a:b]))
    steps.append(guard.finish())
    return "".join(s.released for s in steps), steps, guard


def _verdict(steps: list[GuardStep], guard: StreamingOutputGuard) -> tuple[object, ...]:
    blocked = [s.blocked for s in steps if s.blocked is not None]
    return (
        tuple(b.rule_ids for b in blocked),
        guard.result.action,
        guard.result.violation_types,
        guard.result.disclaimer_keys,
    )


@pytest.mark.parametrize("text", SAFE_ANSWERS + [a for a, _, _ in BLOCKED_ANSWERS])
def test_every_split_position_gives_the_same_release_and_verdict(text: str) -> None:
    """GIVEN an answer WHEN it arrives as two deltas cut at every position (and as one delta per
    character) THEN the released text and the verdict are always those of the whole answer at once."""
    whole, steps, guard = _stream(text, [])
    expected = (whole, _verdict(steps, guard))
    for cut in range(len(text) + 1):
        released, steps, guard = _stream(text, [cut])
        assert (released, _verdict(steps, guard)) == expected, cut
    released, steps, guard = _stream(text, list(range(len(text))))
    assert (released, _verdict(steps, guard)) == expected


@pytest.mark.parametrize("text", SAFE_ANSWERS)
def test_a_safe_answer_is_released_whole_and_the_result_is_the_plain_output_check(text: str) -> None:
    """GIVEN an answer that passes WHEN streamed THEN all of it is released, nothing is blocked, and
    `result` equals `engine.check_output(full text)` (action, violations, disclaimers, rules)."""
    released, steps, guard = _stream(text, list(range(0, len(text), 3)))
    assert released == text and guard.released_text == text
    assert guard.blocked is None and all(s.blocked is None for s in steps)
    plain = ENGINE.check_output(text)
    assert (guard.result.action, guard.result.violations, guard.result.disclaimers) == (
        plain.action,
        plain.violations,
        plain.disclaimers,
    )


@pytest.mark.parametrize(("text", "sent", "rule"), BLOCKED_ANSWERS)
def test_a_blocked_sentence_mid_answer_releases_exactly_the_sentences_before_it(
    text: str, sent: str, rule: str
) -> None:
    """GIVEN an answer with an unsafe sentence in the middle WHEN streamed THEN exactly the sentences
    before it are released, the block is reported once with its rule, and nothing follows it."""
    released, steps, guard = _stream(text, list(range(0, len(text), 7)))
    assert released == sent == guard.released_text
    blocked = [s.blocked for s in steps if s.blocked is not None]
    assert len(blocked) == 1 and rule in blocked[0].rule_ids
    assert blocked[0].replaces_message and guard.blocked is blocked[0]
    live = StreamingOutputGuard(ENGINE)
    live.feed(text + " ")
    assert live.blocked is not None
    assert live.feed("More text. And more. ") == GuardStep("")
    assert live.finish() == GuardStep("")
    assert live.released_text == sent


def test_sentences_are_released_as_soon_as_they_are_confirmed() -> None:
    """GIVEN deltas WHEN a sentence's terminator and the next character have arrived THEN that sentence
    is released at once, before the stream ends."""
    guard = StreamingOutputGuard(ENGINE)
    assert guard.feed("Drink water") == GuardStep("")
    assert guard.feed(".") == GuardStep("")  # "1." + "5 kg" must not split: wait for the next character
    assert guard.feed(" Then") == GuardStep("Drink water.")
    assert guard.feed(" rest!\n") == GuardStep("")
    assert guard.feed("Done") == GuardStep(" Then rest!\n")
    assert guard.finish() == GuardStep("Done")


def test_cross_sentence_rules_see_the_released_text() -> None:
    """GIVEN a start weight in one sentence and a target with a duration in the next WHEN streamed
    THEN the rate is found (the second sentence is checked with the first) and reported in `result`."""
    _, _, guard = _stream("You're 90 kg now. We'll get you to 80 kg in 5 weeks.", [5, 20, 33])
    assert guard.result.violation_types == ("weight_loss_rate",)
    assert guard.result.rule_ids == ("weight_loss_rate.start_to_target_above_1kg_per_week",)


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("Eat 1.", None),
        ("Eat 1.5 kg. Then", 11),
        ("Aim for 2.5", None),
        ("e.g. apples. Yes", 12),
        ("Eat fruit, veg, etc. Then rest. More", 31),
        ("Tips:\n1. Eat protein.\n2. Sleep", 6),
        ("1. Eat protein. 2", 15),
        ("Great! Next", 6),
        ('He said "done." Then', 15),
        ("Wait... ok", 7),
        ("Really?! Yes", 8),
        ("See Dr. Lee. Then", 12),
        ("line one\nline two", 9),
        ("no end", None),
    ],
)
def test_sentence_boundaries(text: str, end: int | None) -> None:
    """GIVEN text WHEN looking for the first confirmed sentence end THEN decimals, abbreviations, list
    numbers and a terminator with nothing after it yet do not end a sentence."""
    assert confirmed_boundary(text) == end


def test_feeding_a_finished_guard_is_an_error() -> None:
    guard = StreamingOutputGuard(ENGINE)
    guard.finish()
    with pytest.raises(ValueError, match="finished"):
        guard.feed("more")
    with pytest.raises(ValueError, match="finished"):
        guard.finish()


@settings(max_examples=60, deadline=None)
@given(
    answer=st.sampled_from(SAFE_ANSWERS + [a for a, _, _ in BLOCKED_ANSWERS]),
    cuts=st.lists(st.integers(min_value=0, max_value=200), max_size=12),
)
def test_any_way_of_cutting_an_answer_gives_the_same_outcome(answer: str, cuts: list[int]) -> None:
    """GIVEN an answer cut into arbitrary deltas THEN released text and verdict equal the one-delta run."""
    whole, steps, guard = _stream(answer, [])
    expected = (whole, _verdict(steps, guard))
    released, steps, guard = _stream(answer, [c for c in cuts if c <= len(answer)])
    assert (released, _verdict(steps, guard)) == expected
