"""Acknowledging a cdk-nag (AwsSolutions) finding on the construct that causes it, with the reason.

cdk-nag 3 reads CDK's own `Validations.of(construct).acknowledge(...)` metadata (on the resource
or any of its parents). Every acknowledgment in this package sits next to the resource it is about;
`tests/infra/test_nag.py` lists them and checks that nothing else is reported.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Validations
from constructs import IConstruct


def acknowledge(construct: IConstruct, rule_id: str, reason: str) -> None:
    """Record that `rule_id` (e.g. `AwsSolutions-IAM4[Policy::...]`) is accepted here, and why."""
    if len(reason) < 20:
        raise ValueError(f"{rule_id}: a suppression needs a real reason, got {reason!r}")
    Validations.of(construct).acknowledge(Acknowledgment(id=rule_id, reason=reason))
