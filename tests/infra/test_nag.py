"""GIVEN the synthesized apps WHEN cdk-nag's AwsSolutions pack checks them THEN nothing is reported:
every finding is fixed or acknowledged next to its resource with a written reason."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tests.infra.conftest import Synth

pytestmark = pytest.mark.infra


def nag_findings(synth: Synth) -> list[str]:
    from cdk_nag import AwsSolutionsChecks

    report = AwsSolutionsChecks(synth.app).validate_scope(synth.app)
    return [
        f"{violation.severity} {violation.rule_name} {resource.construct_path}"
        for violation in report.violations
        for resource in violation.violating_resources
    ]


# CDK acknowledges its own template-validation rules (e.g. W3010 for literal AZs) itself.
CDK_OWN = "CloudFormation-Validate::"
ANNOTATION = "Annotation::"  # how CDK records an acknowledgment id without a known prefix


def acknowledgments(synth: Synth) -> list[tuple[str, str, str]]:
    """(construct path, rule id, reason) of every acknowledgment the coach's constructs make."""
    from aws_cdk import Validations

    found: list[tuple[str, str, str]] = []
    for construct in synth.app.node.find_all():
        for entry in construct.node.metadata:
            if entry.type == Validations.ACKNOWLEDGED_RULES_METADATA_KEY:
                data: dict[str, Any] = entry.data
                found.extend(
                    (construct.node.path, rule.removeprefix(ANNOTATION), reason)
                    for rule, reason in data.items()
                    if not rule.startswith(CDK_OWN)
                )
    return found


@pytest.mark.parametrize("which", ["synth", "synth_prod", "synth_full"])
def test_aws_solutions_checks_report_no_unacknowledged_finding(which: str, request: pytest.FixtureRequest) -> None:
    synth: Synth = request.getfixturevalue(which)
    findings = nag_findings(synth)
    for line in findings:
        print(line)
    assert findings == []


@pytest.mark.parametrize("which", ["synth", "synth_full"])
def test_every_acknowledgment_names_its_rule_and_gives_a_reason(which: str, request: pytest.FixtureRequest) -> None:
    synth: Synth = request.getfixturevalue(which)
    acks = acknowledgments(synth)
    assert acks
    for path, rule, reason in acks:
        print(f"{rule}  @ {path}: {reason}")
        assert rule.startswith(("AwsSolutions-", "@aws-cdk/")), (path, rule)
        assert len(reason) >= 40, (path, rule, reason)


def test_production_acknowledges_none_of_the_cost_trade_offs(synth_full: Synth) -> None:
    """GIVEN prod with WAF THEN Multi-AZ, deletion protection, the cache's replicas, the Plus plan
    and WAF are real, not acknowledged."""
    rules = {rule for _, rule, _ in acknowledgments(synth_full)}
    for rule in ("RDS3", "RDS10", "AEC4", "COG8", "APIG3"):
        rule = f"AwsSolutions-{rule}"
        assert rule not in rules, rule


def test_a_finding_without_acknowledgment_is_reported() -> None:
    """GIVEN a user pool with no password policy THEN the checker reports it (the test above can fail)."""
    import aws_cdk as cdk
    from aws_cdk import aws_cognito as cognito

    from tests.infra.conftest import Synth

    app = cdk.App()
    cognito.UserPool(cdk.Stack(app, "Probe"), "Pool")
    probe = Synth(template=None, data={}, stack_name="Probe", outdir=None, app=app)  # type: ignore[arg-type]
    assert any("AwsSolutions-COG1" in line for line in nag_findings(probe))
