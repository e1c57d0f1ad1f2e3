"""Domain errors. Each carries its HTTP status and a user-safe message; `api/errors.py` maps
them in one place, so no exception text ever reaches a user."""

from __future__ import annotations

from typing import ClassVar


class CoachError(Exception):
    """Base of every error the service raises on purpose. `headers` go on the HTTP response
    (e.g. `Retry-After` on a 429 or 503)."""

    status_code = 500
    public_message = "Something went wrong. Please try again."

    def __init__(self, detail: str | None = None, *, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail or self.public_message)
        self.detail = detail or self.public_message
        self.headers: dict[str, str] = dict(headers or {})


class NotFoundError(CoachError):
    status_code = 404
    public_message = "Not found."


class SessionNotFoundError(NotFoundError):
    public_message = "Session not found."


class UserNotFoundError(NotFoundError):
    public_message = "User not found."


class AuthenticationError(CoachError):
    status_code = 401
    public_message = "Not authenticated."


class InvalidInputError(CoachError):
    """Bad data from a caller (import file, CLI argument); the message names the field."""

    status_code = 422
    public_message = "Invalid input."


class ProviderError(CoachError):
    """The LLM provider failed; the detail stays in logs, the user sees the generic text.

    `retryable` says whether a second provider may well succeed where this one failed: an
    outage (5xx or 429 after the SDK's own retries, a timeout, a failed connection) is, and so
    is an answer that is nonsense (`ProviderResponseError`); an authentication, bad-request or
    content error is not (it would fail alike elsewhere, or it points at our configuration).
    Each provider module classifies its SDK's errors once, in its `_map_error`; the fallback
    provider and the circuit breakers read only this flag."""

    status_code = 502
    public_message = "The coach is unavailable right now. Please try again in a moment."
    retryable: ClassVar[bool] = False


class ProviderUnavailableError(ProviderError):
    """5xx from the provider (after the SDK's retries) or no connection to it."""

    retryable = True


class ProviderTimeoutError(ProviderError):
    status_code = 504
    retryable = True


class ProviderRateLimitError(ProviderError):
    status_code = 503
    retryable = True


class ProviderAuthenticationError(ProviderError):
    """401/403: the key is wrong or lacks access. Never failed over: it is our configuration."""


class ProviderRequestError(ProviderError):
    """400/404/422 and other 4xx: the request itself was refused (a wrong model id, a shape
    the API rejects). Never failed over: the same request would be refused elsewhere too."""


class ProviderResponseError(ProviderError):
    """The provider answered, but not with an answer: a missing or mistyped field, an unknown
    content block, tool-call type or stop reason, a body that is not JSON, a stream that ends
    without its finish. Nothing of it is passed on. It says nothing against our request (the
    same round is well-formed for another provider), so it is failed over like an outage and
    counts against the provider's circuit breaker."""

    retryable = True


class ProviderConfigurationError(ProviderError):
    """Raised at construction when the selected provider cannot be built (missing key)."""

    status_code = 500


class CircuitOpenError(ProviderError):
    """Every configured provider's circuit breaker is open: nothing was called. 503 with
    `Retry-After` (the seconds until the first breaker lets a probe through)."""

    status_code = 503


class RateLimitedError(CoachError):
    """Over the per-user rate limit, the cap on a user's open streams or the day's token
    budget: 429 with `Retry-After`, before any provider call (and before the model guard)."""

    status_code = 429
    public_message = "You're sending messages faster than the coach can answer. Please wait a moment."
    budget_message = "You've used today's coaching allowance. It resets at midnight UTC."
    streams_message = "You already have answers on the way. Please wait for one to finish, then ask again."


class DeadlineExceededError(CoachError):
    """The request's one deadline ran out (every provider call, retry and tool call draws from
    it); whatever was in flight was cancelled and nothing was stored."""

    status_code = 504
    public_message = "The coach took too long to answer. Please try again."


class DependencyUnavailableError(CoachError):
    """A dependency the request cannot do without (PostgreSQL; the cache or the user pool, when
    erasing a user's data) is unreachable: 503 with `Retry-After`, so clients back off and retry."""

    status_code = 503
    public_message = "The coach is unavailable right now. Please try again in a moment."
    retry_after_seconds: ClassVar[int] = 5

    def __init__(self, detail: str | None = None, *, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail, headers={"Retry-After": str(self.retry_after_seconds), **(headers or {})})
