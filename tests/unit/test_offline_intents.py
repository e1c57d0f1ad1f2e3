"""The offline model's intent table: each kind of question gets the tools that answer it (one
or two rounds, with the window the user named), a greeting is answered as a greeting, anything
else gets the truthful off-topic answer with no tool call and no figures, and the same message
always gets the same calls and the same answer."""

from __future__ import annotations

import json
import random
import re

import pytest

from coach_core.grounding import claims_in
from coach_core.policies.extraction import extract_quantities
from coach_core.providers.base import Message
from coach_core.providers.offline import OfflineProvider
from coach_core.providers.offline_intents import (
    ABOUT,
    GREETING,
    INTENTS,
    OFF_TOPIC,
    PLAN_CLOSING,
    THANKS,
    match_intents,
    requested_days,
    tool_rounds,
)
from coach_core.service import OFFLINE_KIT
from tests.grounding_eval.users import synthetic_user
from tests.offline_driver import TOOLS, drive, floor_user, sparse_user

W, N, A, C, T, P = (
    "get_weight_trend",
    "get_nutrition_summary",
    "get_adherence_metrics",
    "get_recent_checkins",
    "calculate_tdee",
    "get_user_profile",
)
OUTPUTS = {name: synthetic_user(random.Random(7)).output_json(name) for name in (W, N, A, C, T, P)}

# (question, the tool rounds it must get): every data intent of the table, in ordinary words.
QUESTIONS = [
    # weight trend
    ("How is my weight trending?", [[W]]),
    ("What does the scale say?", [[W]]),
    ("Have my weigh-ins gone down?", [[W]]),
    # intake and protein
    ("How much protein am I eating?", [[N]]),
    ("What have I been eating lately?", [[N]]),
    ("How are my calories and macros?", [[N]]),
    # consistency and streaks
    ("How consistent am I?", [[A]]),
    ("What's my streak?", [[A]]),
    ("How many days in a row have I logged?", [[A]]),
    # energy needs / TDEE
    ("How much should I eat?", [[T]]),
    ("What is my TDEE?", [[T]]),
    ("What are my energy needs?", [[T]]),
    # the plan
    ("What's my plan?", [[T, P]]),
    ("What are my targets?", [[T, P]]),
    ("Remind me of my goal", [[T, P]]),
    # what to change: the data first, then the targets to compare it with
    ("What should I change?", [[W, N, A], [T]]),
    ("Why is my weight stuck?", [[W, N, A], [T]]),
    ("Any tips to improve?", [[W, N, A], [T]]),
    # intake against targets
    ("Am I eating enough protein?", [[N, T]]),
    ("Am I over my target?", [[N, T]]),
    # progress, check-ins, profile
    ("How am I doing?", [[W, A]]),
    ("Am I on track?", [[W, A]]),
    ("How have I been sleeping?", [[C]]),
    ("Why is my energy so low?", [[C]]),
    ("Show me my profile", [[P]]),
    # several topics at once: table order, each tool once
    ("My weight and my calories please", [[W, N]]),
    ("My calories and my weight please", [[W, N]]),
    ("How is my weight and what should I change?", [[W, N, A], [T]]),
    ("Hi! How is my weight?", [[W]]),
]
OFF_TOPIC_MESSAGES = [
    "Should I take creatine?",
    "Tell me a joke",
    "What's the capital of France?",
    "Write a poem about the sea",
    "Can you book me a table for two?",
    "Who won the football last night?",
]
SOCIAL = [
    ("hi", GREETING),
    ("Hello!", GREETING),
    ("hey coach", GREETING),
    ("Good morning", GREETING),
    ("thanks", THANKS),
    ("Thank you!", THANKS),
    ("What can you do?", ABOUT),
    ("help", ABOUT),
]


@pytest.mark.parametrize(("question", "rounds"), QUESTIONS)
def test_given_a_data_question_when_answered_then_it_gets_the_tools_it_needs(
    question: str, rounds: list[list[str]]
) -> None:
    """GIVEN a question the tools can answer WHEN the offline model takes it THEN it asks for
    exactly those tools, round by round, and answers in text after the last round."""
    turn = drive(question, OUTPUTS)
    assert turn.tools == rounds
    assert turn.text and turn.text != OFF_TOPIC
    ids = [c.id for calls in turn.rounds for c in calls]
    assert len(set(ids)) == len(ids)


def test_given_the_table_then_every_data_intent_is_covered_by_a_question() -> None:
    asked = {i.name for q, _ in QUESTIONS for i in match_intents(q).data}
    assert asked == {i.name for i in INTENTS if i.rounds}


@pytest.mark.parametrize("message", OFF_TOPIC_MESSAGES)
def test_given_an_off_topic_message_when_answered_then_no_tool_call_and_no_figures(message: str) -> None:
    """GIVEN a message about nothing the tools hold WHEN answered THEN the truthful off-topic
    answer: no tool call, no figure of any kind, nothing about the user."""
    turn = drive(message, OUTPUTS)
    assert turn.rounds == ()
    assert turn.text == OFF_TOPIC
    assert "offline demo model" in turn.text
    assert extract_quantities(turn.text) == [] and claims_in(turn.text) == []
    assert not re.search(r"\d", turn.text)


@pytest.mark.parametrize(("message", "reply"), SOCIAL)
def test_given_a_greeting_thanks_or_help_when_answered_then_a_reply_in_kind_without_tools(
    message: str, reply: str
) -> None:
    turn = drive(message, OUTPUTS)
    assert (turn.rounds, turn.text) == ((), reply)
    assert not re.search(r"\d", turn.text)


def test_given_a_greeting_with_a_question_then_the_answer_greets_and_answers() -> None:
    turn = drive("Hi! How is my weight?", OUTPUTS)
    assert turn.text.startswith("Hi! Your 7-day average is")


@pytest.mark.parametrize(
    ("question", "tool", "arguments"),
    [
        ("How is my weight trending this month?", W, {"days": 30}),
        ("My weight over the last 60 days", W, {"days": 60}),
        ("How did I eat this week?", N, {"days": 7}),
        ("My protein over the past two weeks", N, {"days": 14}),
        ("How much protein did I eat today?", N, {"days": 1}),
        ("How is my weight today?", W, {"days": 7}),  # held at the tool's minimum
        ("What did I eat this year?", N, {"days": 90}),  # held at the tool's maximum
        ("My streak for the last fortnight", A, {"days": 14}),
        ("How is my weight trending?", W, {}),  # no window named: the tool's default
        ("Am I losing 0.5 kg a week?", W, {}),  # a rate, not a window
        ("What is my TDEE this month?", T, {}),  # a tool without a window
    ],
)
def test_given_a_named_window_when_asking_then_the_tool_gets_it_as_days(
    question: str, tool: str, arguments: dict[str, int]
) -> None:
    assert json.loads(drive(question, OUTPUTS).arguments[tool]) == arguments


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("this month", 30),
        ("the last 3 months", 90),
        ("over two weeks", 14),
        ("in the past year", 365),
        ("for a week", 7),
        ("last 10 days", 10),
        ("0.5 kg per week", None),
        ("1 kg a week", None),
        ("weekly", None),
    ],
)
def test_given_a_window_in_words_then_it_is_read_in_days(text: str, days: int | None) -> None:
    assert requested_days(text) == days


@pytest.mark.parametrize(
    ("follow_up", "tool", "arguments"),
    [
        ("And this month?", W, '{"days": 30}'),
        ("What about the last 60 days?", W, '{"days": 60}'),
        ("Over the past week?", W, '{"days": 7}'),
        ("And my food?", N, "{}"),
    ],
)
def test_given_a_follow_up_without_a_topic_then_it_asks_about_the_question_before(
    follow_up: str, tool: str, arguments: str
) -> None:
    """GIVEN "how is my weight?" answered WHEN the user asks "and this month?" THEN the weight
    tool again, with the new window (a follow-up with its own topic keeps its own)."""
    history = [Message.user("How is my weight?"), Message.assistant("Your 7-day average is 70 kg.")]
    turn = drive(follow_up, OUTPUTS, history)
    assert [c.name for calls in turn.rounds for c in calls] == [tool]
    assert turn.arguments[tool] == arguments


def test_given_a_follow_up_with_nothing_before_it_then_it_is_off_topic() -> None:
    assert drive("And this month?", OUTPUTS).text == OFF_TOPIC


@pytest.mark.parametrize("question", [q for q, _ in QUESTIONS] + OFF_TOPIC_MESSAGES + [m for m, _ in SOCIAL])
def test_given_the_same_message_twice_then_the_same_calls_and_the_same_answer(question: str) -> None:
    first, second = drive(question, OUTPUTS), drive(question, OUTPUTS)
    assert (first.rounds, first.text) == (second.rounds, second.text)


def test_given_several_intents_then_their_rounds_merge_each_tool_once_in_its_first_round() -> None:
    by_name = {i.name: i for i in INTENTS}
    merged = tool_rounds([by_name["what_to_change"], by_name["plan"], by_name["weight"]])
    assert merged == [(W, N, A, T, P)]
    assert tool_rounds([by_name["what_to_change"]]) == [(W, N, A), (T,)]
    assert tool_rounds([]) == []


def test_given_the_floor_above_tdee_then_the_plan_and_change_answers_say_so() -> None:
    """GIVEN a small sedentary user losing weight, whose target is raised to the 1,200 kcal floor
    above their TDEE WHEN asked about the plan or what to change THEN the answer says the target
    was raised and that eating less is not the way."""
    outputs, _ = floor_user()
    tdee = json.loads(outputs[T])
    assert tdee["target_clamped"] and tdee["target_calories"] == 1200 > tdee["tdee"]
    plan = drive("What's my plan?", outputs).text
    assert "raised to the 1,200 kcal minimum, which is above your estimated maintenance" in plan
    assert plan.endswith(PLAN_CLOSING)
    change = drive("What should I change?", outputs).text
    assert f"above your estimated maintenance of {tdee['tdee']:,} kcal" in change
    assert "bringing meals down" not in change


def test_given_data_gaps_then_the_answer_names_them_once_in_the_tools_words() -> None:
    """GIVEN a user without birth date, height or activity level WHEN asked about the plan THEN
    each missing field is said once (the TDEE tool's words; the profile's repeat is dropped)."""
    outputs, _ = sparse_user()
    text = drive("What's my plan?", outputs).text
    assert "I can't estimate your maintenance calories yet" in text
    assert text.count("Birth date is missing") == 1 and text.count("Height is missing") == 1
    assert "Activity level is unknown; TDEE assumes sedentary" in text
    weight = drive("How is my weight?", outputs).text
    assert "aren't enough weigh-ins" in weight and "A weekly rate needs" not in weight  # said once, in its words
    change = drive("What should I change?", outputs).text
    assert "A weekly rate needs at least 3 weigh-ins" in change  # no weight sentence here: the gap says it


@pytest.mark.parametrize("message", ["hi", "Tell me a joke", "How is my weight?"])
async def test_given_any_reply_when_streamed_then_word_sized_deltas_make_the_same_text(message: str) -> None:
    from coach_core.providers.base import TextDelta

    provider = OfflineProvider(OFFLINE_KIT)
    messages = [Message.user(message)]
    step = provider.reply(messages, TOOLS)
    if step.calls:
        messages += [Message.assistant("", step.calls), *(Message.tool_result(c, OUTPUTS[c.name]) for c in step.calls)]
    complete = await provider.complete(system="s", messages=messages, tools=TOOLS, model_tier="free")
    deltas = [
        c.text
        async for c in provider.stream(system="s", messages=messages, tools=TOOLS, model_tier="free")
        if isinstance(c, TextDelta)
    ]
    assert "".join(deltas) == complete.text and len(deltas) == len(complete.text.split()) > 5
