"""The user's sign-in account at the identity provider (the Cognito user pool), which `DELETE /me`
deletes after the user's data: `AdminDeleteUser` through boto3, with the pool the CDK names in
`COGNITO_USER_POOL_ID`. Without a pool (local runs) there is nothing to delete and the erasure
says so in the log.

The user is found by the token's `sub` (`ListUsers` filtered on `sub`), then deleted by the
username the pool gives them: that works for any pool, one whose usernames are the `sub` (the
stack's, which signs in by e-mail) or not (an imported pool, users federated from another
provider). A user already gone is a success, so a retried erasure finishes. Any other failure is
a 503 for the caller to retry; the error's text (it can name the pool or the request) is never
shown or logged.
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from enum import StrEnum
from typing import Any

from coach_core.errors import DependencyUnavailableError
from coach_core.observability import log_exception, logger

CONNECT_TIMEOUT_SECONDS = 2.0
READ_TIMEOUT_SECONDS = 5.0
MAX_ATTEMPTS = 3
"""boto3's standard retry mode: at most 3 attempts, well inside the request's 26 s deadline."""
ABSENT_CODES = frozenset({"UserNotFoundException"})


class AccountDeletion(StrEnum):
    DELETED = "deleted"
    ABSENT = "absent"  # no such user in the pool (already deleted: a retried erasure)
    SKIPPED = "skipped"  # no pool configured


class SignInAccounts:
    """Deletes sign-in accounts from one user pool. The boto3 client is built on first use (its
    import costs cold-start time every other request would pay) and reused."""

    def __init__(self, user_pool_id: str | None) -> None:
        self.user_pool_id = user_pool_id or None
        self._client: Any = None
        self._lock = threading.Lock()  # boto3's default session must not build clients concurrently

    @property
    def region(self) -> str | None:
        """A pool id starts with its region (`eu-west-1_AbC123`): an imported pool may live in
        another region than the function."""
        return self.user_pool_id.split("_", 1)[0] if self.user_pool_id else None

    def _cognito(self) -> Any:
        with self._lock:
            if self._client is not None:
                return self._client
            import boto3
            from botocore.config import Config

            self._client = boto3.client(
                "cognito-idp",
                region_name=self.region,
                config=Config(
                    connect_timeout=CONNECT_TIMEOUT_SECONDS,
                    read_timeout=READ_TIMEOUT_SECONDS,
                    retries={"max_attempts": MAX_ATTEMPTS, "mode": "standard"},
                ),
            )
            return self._client

    async def delete(self, user_id: uuid.UUID) -> AccountDeletion:
        """Delete the user's account; `DependencyUnavailableError` (503) when Cognito fails."""
        if self.user_pool_id is None:
            logger.info(
                "no user pool configured (COGNITO_USER_POOL_ID): sign-in account not deleted",
                extra={"user_id": str(user_id)},
            )
            return AccountDeletion.SKIPPED
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return await asyncio.to_thread(self._delete, self.user_pool_id, user_id)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ABSENT_CODES:
                return AccountDeletion.ABSENT
            log_exception("could not delete the sign-in account", exc)
            raise DependencyUnavailableError("the sign-in account could not be deleted") from None
        except BotoCoreError as exc:
            log_exception("could not reach the user pool", exc)
            raise DependencyUnavailableError("the sign-in account could not be deleted") from None

    def _delete(self, pool_id: str, user_id: uuid.UUID) -> AccountDeletion:
        client = self._cognito()
        # `user_id` is a UUID, so the filter cannot be anything but this one equality.
        found = client.list_users(UserPoolId=pool_id, Filter=f'sub = "{user_id}"', Limit=1)["Users"]
        if not found:
            return AccountDeletion.ABSENT
        client.admin_delete_user(UserPoolId=pool_id, Username=found[0]["Username"])
        return AccountDeletion.DELETED
