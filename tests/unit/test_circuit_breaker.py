"""The circuit breaker's state machine, driven step by step with a fake clock: a failure ratio
over a sliding window (with a minimum number of calls) opens it, a cool-down lets one probe
through (half-open), the probe's outcome closes or re-opens it, outcomes that say nothing
about the provider's health free the probe slot, and outcomes of calls started before a
state change are ignored. Every change reaches the listener; opening emits `CircuitOpen`."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from coach_core.observability import metrics
from coach_core.providers.breaker import BreakerPolicy, BreakerState, CircuitBreaker, log_state_change

POLICY = BreakerPolicy(window_seconds=30, min_calls=5, failure_ratio=0.5, cooldown_seconds=20)
CLOSED, OPEN, HALF = BreakerState.CLOSED, BreakerState.OPEN, BreakerState.HALF_OPEN


@dataclass
class FakeClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Changes:
    seen: list[tuple[BreakerState, BreakerState]] = field(default_factory=list)

    def __call__(self, provider: str, old: BreakerState, new: BreakerState) -> None:
        assert provider == "openai"
        self.seen.append((old, new))


def make() -> tuple[CircuitBreaker, FakeClock, Changes]:
    clock, changes = FakeClock(), Changes()
    return CircuitBreaker("openai", POLICY, clock=clock, on_change=changes), clock, changes


def apply(breaker: CircuitBreaker, clock: FakeClock, step: str) -> None:
    """`ok` / `fail` / `neutral`: a call admitted and ending so; `blocked`: a call refused;
    `wait N`: N seconds pass."""
    if step.startswith("wait "):
        clock.now += float(step.split()[1])
        return
    permit = breaker.acquire()
    if step == "blocked":
        assert permit is None, "the call should have been refused"
        return
    assert permit is not None, f"{step}: the call should have been admitted"
    {"ok": breaker.succeeded, "fail": breaker.failed, "neutral": breaker.released}[step](permit)


TRIPPED = [(CLOSED, OPEN)]
PROBED_OK = [(CLOSED, OPEN), (OPEN, HALF), (HALF, CLOSED)]
TRIP = ["fail"] * 5

CASES: dict[str, tuple[list[str], BreakerState, list[tuple[BreakerState, BreakerState]]]] = {
    "fewer calls than the minimum never open it": (["fail"] * 4, CLOSED, []),
    "the failed share reaching the ratio opens it": (["ok", "ok", "fail", "fail", "fail"], OPEN, TRIPPED),
    "a share below the ratio keeps it closed": (["ok", "ok", "ok", "fail", "fail"], CLOSED, []),
    "one more failure tips a window over the ratio": (["ok", "ok", "ok", "fail", "fail", "fail"], OPEN, TRIPPED),
    "neutral outcomes are not counted": (["neutral"] * 10 + ["fail"] * 4, CLOSED, []),
    "outcomes older than the window slide out": (["fail"] * 4 + ["wait 31", "fail"], CLOSED, []),
    "open refuses every call during the cool-down": ([*TRIP, "blocked", "wait 19", "blocked"], OPEN, TRIPPED),
    "after the cool-down it reads half-open before anyone calls": ([*TRIP, "wait 20"], HALF, TRIPPED),
    "half-open lets exactly one probe through": ([*TRIP, "wait 20", "ok"], CLOSED, PROBED_OK),
    "a probe that fails opens it for another cool-down": (
        [*TRIP, "wait 20", "fail", "blocked", "wait 19", "blocked"],
        OPEN,
        [*TRIPPED, (OPEN, HALF), (HALF, OPEN)],
    ),
    "a neutral probe frees the slot for the next probe": ([*TRIP, "wait 20", "neutral", "ok"], CLOSED, PROBED_OK),
    "closing starts from an empty window": ([*TRIP, "wait 20", "ok", *["fail"] * 4], CLOSED, PROBED_OK),
    "it reopens after closing when failures come back": ([*TRIP, "wait 20", "ok", *TRIP], OPEN, [*PROBED_OK, *TRIPPED]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_given_a_sequence_of_calls_when_the_breaker_judges_them_then_its_state_follows_the_policy(name: str) -> None:
    steps, final, transitions = CASES[name]
    breaker, clock, changes = make()
    for step in steps:
        apply(breaker, clock, step)
    assert breaker.state is final
    assert changes.seen == transitions


def test_given_a_probe_in_flight_when_another_call_comes_then_it_is_refused_and_would_allow_says_so() -> None:
    breaker, clock, _ = make()
    for step in ["fail"] * 5 + ["wait 20"]:
        apply(breaker, clock, step)
    assert breaker.would_allow()  # a peek reserves nothing
    probe = breaker.acquire()
    assert probe is not None and probe.probe
    assert not breaker.would_allow() and breaker.acquire() is None
    breaker.succeeded(probe)
    assert breaker.would_allow() and breaker.state is CLOSED


def test_given_a_call_started_before_the_breaker_opened_when_it_succeeds_late_then_it_is_ignored() -> None:
    """GIVEN a slow call admitted while closed WHEN the breaker opens meanwhile and the slow call
    then succeeds THEN the breaker stays open (its outcome belongs to an older generation)."""
    breaker, clock, _ = make()
    slow = breaker.acquire()
    assert slow is not None
    for step in ["fail"] * 5:
        apply(breaker, clock, step)
    breaker.succeeded(slow)
    assert breaker.state is OPEN
    breaker.failed(slow)  # nor does a late failure restart the cool-down
    clock.now += 20
    assert breaker.state is HALF


def test_given_an_open_breaker_then_retry_after_counts_down_the_cool_down() -> None:
    breaker, clock, _ = make()
    assert breaker.retry_after() == 0
    for step in ["fail"] * 5 + ["wait 5"]:
        apply(breaker, clock, step)
    assert breaker.retry_after() == pytest.approx(15)
    clock.now += 15
    assert breaker.retry_after() == 0


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"window_seconds": 0}, "positive"),
        ({"cooldown_seconds": -1}, "positive"),
        ({"min_calls": 0}, "min_calls"),
        ({"failure_ratio": 0}, "failure_ratio"),
        ({"failure_ratio": 1.5}, "failure_ratio"),
    ],
)
def test_given_a_nonsensical_policy_when_built_then_value_error(changes: dict[str, float], expected: str) -> None:
    with pytest.raises(ValueError, match=expected):
        BreakerPolicy(**changes)  # type: ignore[arg-type]


def test_given_the_default_listener_on_lambda_when_a_breaker_opens_then_circuit_open_is_emitted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GIVEN Lambda (where EMF metrics are recorded) WHEN a breaker opens and later closes THEN
    exactly one `CircuitOpen` metric is recorded (closing and half-opening are logged only)."""
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "coach-chat")
    metrics.clear_metrics()
    clock = FakeClock()
    breaker = CircuitBreaker("openai", POLICY, clock=clock, on_change=log_state_change)
    try:
        for step in ["fail"] * 5 + ["wait 20", "ok"]:
            apply(breaker, clock, step)
        assert breaker.state is CLOSED
        assert metrics.metric_set["CircuitOpen"]["Value"] == [1.0]
    finally:
        metrics.clear_metrics()
