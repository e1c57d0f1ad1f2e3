"""Properties of the policy engine over generated text: it never raises, its results are
self-consistent, a message a crisis rule flags stays flagged when benign text follows it, and
letter case never changes the verdict."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach_core.policies import PolicyResult, get_engine
from coach_core.policies.crisis import find_crisis
from coach_core.policies.types import Direction
from coach_core.prompts.disclaimer_templates import DISCLAIMER_KEYS, SAFETY_MESSAGES

ENGINE = get_engine()
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces that steer generated text into every parser and pattern family.
FRAGMENTS = [
    "1,200",
    "799",
    "1.7k",
    "twelve hundred",
    "eight hundred and fifty",
    "kcal",
    "calories",
    "kJ",
    "a day",
    "per week",
    "in 3 weeks",
    "a fortnight",
    "kg",
    "lbs",
    "stone",
    "st",
    "lose",
    "gain",
    "never",
    "not",
    "is",
    "?",
    ".",
    "-",
    "between",
    "and",
    "from",
    "to",
    "I want to",
    "kill myself",
    "throw up",
    "after dinner",
    "laxatives",
    "haven't eaten",
    "in a week",
    "thinspo",
    "Ozempic",
    "insulin",
    "pregnant",
    "heart rate",
    "recovered",
    "behind me",
    "as a teenager",
    "dinner",
    "burned",
    "deficit",
    "extra",
    "½",
    "İ",
    "ß",
    "\n",
]
mixed_text = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=25).map(" ".join)
any_text = st.one_of(st.text(max_size=400), mixed_text)
directions = st.sampled_from(["input", "output"])

# Messages a crisis rule flags, one or more per topic. A rule's verdict is scoped to the match's
# sentence, so a benign sentence after it cannot undo it (the learned model scores the whole text
# and is measured separately, in safety_ml).
FLAGGED = [
    "i hope i just dont wake up tomorrow",
    "my family would be better off without me",
    "i just want to end it",
    "thinkin bout endin it all",
    "i punch my thighs whenever i eat too much",
    "i deserve to be hungry after today",
    "after pizza i get it all back out before it digests",
    "chew and spit is all i do now",
    "skipping insulin to drop weight",
    "i doubled my diet pills this week",
    "haven't eaten in 3 days to lose weight",
    "ive basically stopped eating",
    "how long can i go without food to drop 5kg",
    "tips to make it look like i ate dinner",
    "i pretend to eat at school so nobody asks",
    "i think im relapsing again",
    "the bulimia is creeping back",
]
BENIGN = [
    "Also, what's a good protein breakfast?",
    "My legs are sore after leg day.",
    "Can you plan 1,800 kcal a day for me?",
    "This workout is killing me lol",
    "I'm dying to try that recipe",
    "Heart rate zone 2 runs are going well.",
    "Thanks coach!",
    "cutting carbs on rest days",
]
benign_text = st.one_of(
    st.sampled_from(BENIGN),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,", max_size=80),
)


def _consistent(result: PolicyResult) -> None:
    assert result.action in ("allow", "modify", "block", "flag")
    assert result.replaces_message == (result.replacement_message is not None)
    assert result.replacement_message is None or result.replacement_message in SAFETY_MESSAGES.values()
    assert set(result.disclaimer_keys) <= set(DISCLAIMER_KEYS)
    assert len(set(result.disclaimer_keys)) == len(result.disclaimer_keys)
    assert (result.action == "allow") == (not result.violations)
    assert all(len(v.trigger) <= 200 for v in result.violations)


def _verdict(result: PolicyResult) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return result.action, result.violation_types, result.disclaimer_keys


@FAST
@given(text=any_text, direction=directions)
def test_engine_never_raises_and_results_are_consistent(text: str, direction: Direction) -> None:
    """GIVEN any text WHEN checked in either direction THEN a well-formed result, never an exception."""
    _consistent(ENGINE.check(text, direction))


@FAST
@given(flagged=st.sampled_from(FLAGGED), suffix=benign_text)
def test_benign_text_after_a_flagged_message_keeps_it_flagged(flagged: str, suffix: str) -> None:
    """GIVEN a message a crisis rule flags WHEN benign text is appended as another sentence THEN it is
    still flagged."""
    assert find_crisis(flagged, "input") is not None
    assert ENGINE.check_input(flagged).action == "flag"
    assert ENGINE.check_input(f"{flagged}. {suffix}").action == "flag"


@FAST
@given(text=any_text, direction=directions)
def test_letter_case_never_changes_the_verdict(text: str, direction: Direction) -> None:
    """GIVEN any text WHEN checked upper- and lower-cased THEN the action, policies and disclaimers match."""
    lower = ENGINE.check(text.lower(), direction)
    assert _verdict(lower) == _verdict(ENGINE.check(text.upper(), direction))
    assert _verdict(lower) == _verdict(ENGINE.check(text.swapcase(), direction))
