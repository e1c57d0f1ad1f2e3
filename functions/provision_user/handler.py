"""Cognito post-confirmation trigger: create the confirmed user's `users` row (idempotent)."""

from coach_core.lambda_handlers import provision_user_handler as handler

__all__ = ["handler"]
