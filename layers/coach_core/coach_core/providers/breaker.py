"""A circuit breaker per provider, per process: while a provider is failing, rounds stop
calling it (so a dead primary costs users no timeouts) and go straight to the fallback.

- CLOSED: every call goes through; each outcome lands in a sliding window of
  `window_seconds`. Once the window holds at least `min_calls` outcomes and the failed share
  reaches `failure_ratio`, the breaker OPENS.
- OPEN: no call goes through until `cooldown_seconds` have passed; then the next caller is
  let through as the one probe (HALF_OPEN).
- HALF_OPEN: only the probe is in flight; everyone else is refused. The probe's success
  CLOSES the breaker (with an empty window), its failure OPENS it again for another cool-down;
  an outcome that says nothing about the provider's health (a refused request, a cancelled
  call) frees the probe slot for the next caller.

Only outcomes the provider layer classifies as outages (`ProviderError.retryable`) count as
failures. An outcome from a call that started before the last state change (a slow call that
finishes after the breaker opened) is ignored: each `Permit` carries the generation it was
issued in. The clock is injectable (tests drive the state machine with a fake one); every
state change goes to `on_change` (by default a log line and, on opening, the `CircuitOpen`
metric).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from coach_core.observability import emit, logger


class BreakerState(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


@dataclass(frozen=True, slots=True)
class BreakerPolicy:
    """Defaults sized for a chat service: one failed call in a quiet minute opens nothing, a
    provider failing half its calls (of at least 5) within 30 s is bypassed for 30 s."""

    window_seconds: float = 30.0
    min_calls: int = 5
    failure_ratio: float = 0.5
    cooldown_seconds: float = 30.0

    def __post_init__(self) -> None:
        if self.window_seconds <= 0 or self.cooldown_seconds <= 0:
            raise ValueError("window_seconds and cooldown_seconds must be positive")
        if self.min_calls < 1:
            raise ValueError("min_calls must be at least 1")
        if not 0 < self.failure_ratio <= 1:
            raise ValueError("failure_ratio must be in (0, 1]")


@dataclass(frozen=True, slots=True)
class Permit:
    """Leave to make one call; hand it back with exactly one of `succeeded`, `failed` or
    `released`."""

    generation: int
    probe: bool


Clock = Callable[[], float]
StateListener = Callable[[str, BreakerState, BreakerState], None]


def log_state_change(provider: str, old: BreakerState, new: BreakerState) -> None:
    """The default listener: a log line per change, and `CircuitOpen` when a breaker opens."""
    level = logger.warning if new is BreakerState.OPEN else logger.info
    level(
        "circuit breaker %s: %s -> %s",
        provider,
        old.value,
        new.value,
        extra={"provider": provider, "breaker_from": old.value, "breaker_to": new.value},
    )
    if new is BreakerState.OPEN:
        emit("CircuitOpen", 1)


class CircuitBreaker:
    def __init__(
        self,
        provider: str,
        policy: BreakerPolicy | None = None,
        *,
        clock: Clock = time.monotonic,
        on_change: StateListener = log_state_change,
    ) -> None:
        self.provider = provider
        self.policy = policy or BreakerPolicy()
        self._clock = clock
        self._on_change = on_change
        self._state = BreakerState.CLOSED
        self._generation = 0
        self._outcomes: deque[tuple[float, bool]] = deque()  # (when, failed)
        self._failures = 0
        self._opened_at = 0.0
        self._probe_in_flight = False

    @property
    def state(self) -> BreakerState:
        """The state as of now (an OPEN breaker past its cool-down reads HALF_OPEN)."""
        if self._state is BreakerState.OPEN and self._cooled_down():
            return BreakerState.HALF_OPEN
        return self._state

    def would_allow(self) -> bool:
        """Whether a call made now would be let through; reserves nothing (for choosing which
        provider to name before the round starts)."""
        state = self.state
        return state is BreakerState.CLOSED or (state is BreakerState.HALF_OPEN and not self._probe_in_flight)

    def retry_after(self) -> float:
        """Seconds until this breaker lets a call through again (0 when it would now)."""
        if self.would_allow():
            return 0.0
        if self._state is BreakerState.OPEN:
            return max(0.0, self._opened_at + self.policy.cooldown_seconds - self._clock())
        return self.policy.cooldown_seconds  # a probe is in flight: at most one more cool-down

    def acquire(self) -> Permit | None:
        """A permit for one call, or None when the call must not be made."""
        if self._state is BreakerState.OPEN:
            if not self._cooled_down():
                return None
            self._change(BreakerState.HALF_OPEN)
        if self._state is BreakerState.HALF_OPEN:
            if self._probe_in_flight:
                return None
            self._probe_in_flight = True
            return Permit(self._generation, probe=True)
        return Permit(self._generation, probe=False)

    def succeeded(self, permit: Permit) -> None:
        if permit.generation != self._generation:
            return
        if permit.probe:
            self._change(BreakerState.CLOSED)
            return
        self._record(failed=False)

    def failed(self, permit: Permit) -> None:
        """The call failed with an outage (a retryable provider error)."""
        if permit.generation != self._generation:
            return
        if permit.probe:
            self._open()
            return
        self._record(failed=True)
        if len(self._outcomes) >= self.policy.min_calls and (
            self._failures >= self.policy.failure_ratio * len(self._outcomes)
        ):
            self._open()

    def released(self, permit: Permit) -> None:
        """The call ended in a way that says nothing about the provider's health (a refused
        request, a cancellation): nothing is recorded, and a probe's slot is freed."""
        if permit.generation == self._generation and permit.probe:
            self._probe_in_flight = False

    # ---- internals ---------------------------------------------------------------------------

    def _cooled_down(self) -> bool:
        return self._clock() - self._opened_at >= self.policy.cooldown_seconds

    def _record(self, *, failed: bool) -> None:
        now = self._clock()
        self._outcomes.append((now, failed))
        self._failures += failed
        horizon = now - self.policy.window_seconds
        while self._outcomes and self._outcomes[0][0] < horizon:
            _, old_failed = self._outcomes.popleft()
            self._failures -= old_failed

    def _open(self) -> None:
        self._opened_at = self._clock()
        self._change(BreakerState.OPEN)

    def _change(self, new: BreakerState) -> None:
        old = self._state
        self._state = new
        self._generation += 1
        self._probe_in_flight = False
        self._outcomes.clear()
        self._failures = 0
        self._on_change(self.provider, old, new)
