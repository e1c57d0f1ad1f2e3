"""Scheduled hourly by EventBridge Scheduler: expire idle coach sessions."""

from coach_core.lambda_handlers import expire_sessions_handler as handler

__all__ = ["handler"]
