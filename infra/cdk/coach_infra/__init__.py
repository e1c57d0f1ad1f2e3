"""CDK constructs for the Coach AI deployment: one construct per capability, composed by CoachStack."""

from coach_infra.config import CoachConfig
from coach_infra.stack import CoachStack

__all__ = ["CoachConfig", "CoachStack"]
