"""Invoked on every deploy by a CDK Trigger: apply database migrations."""

from coach_core.lambda_handlers import migrate_handler as handler

__all__ = ["handler"]
