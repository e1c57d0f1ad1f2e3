"""GIVEN the synthesized stack THEN every alarm reaches the SNS topic, the API logs JSON access lines
and execution errors, and the dashboard shows the runtime's metrics by their contract names."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.infra.conftest import PYTHON_FUNCTIONS

if TYPE_CHECKING:
    from tests.infra.conftest import Synth

pytestmark = pytest.mark.infra

DASHBOARD_METRICS = (
    "Requests", "Latency", "TimeToFirstToken", "TokensUsed", "ToolLatency", "ToolCalls", "ToolCacheHits",
    "Violations_crisis", "Violations_calorie_minimum", "Violations_weight_loss_rate", "Violations_medical",
    "GuardVerdict_crisis", "GuardVerdict_safe", "GuardVerdict_unavailable", "RateLimited",
    "SessionsExpired", "HistoriesPurged", "ViolationExcerptsPurged", "FiguresChecked", "UngroundedFigures",
)  # fmt: skip


def alarms(s: Synth) -> dict[str, dict[str, Any]]:
    return {k: v["Properties"] for k, v in s.resources("AWS::CloudWatch::Alarm").items()}


def metric_names(s: Synth) -> set[tuple[str, str]]:
    return {(a.get("Namespace", ""), a.get("MetricName", "")) for a in alarms(s).values()}


@pytest.mark.parametrize("which", ["synth", "synth_prod", "synth_full"])
def test_every_alarm_notifies_the_one_topic(which: str, request: pytest.FixtureRequest) -> None:
    s: Synth = request.getfixturevalue(which)
    (topic_id,) = s.resources("AWS::SNS::Topic")
    found = alarms(s)
    assert len(found) > 20
    for logical_id, alarm in found.items():
        assert alarm["AlarmActions"] == [{"Ref": topic_id}], logical_id
        assert alarm["TreatMissingData"] == "notBreaching", logical_id


def test_alarm_email_subscribes_to_the_topic_only_when_given(synth: Synth, synth_full: Synth) -> None:
    synth.template.resource_count_is("AWS::SNS::Subscription", 0)
    (sub,) = synth_full.resources("AWS::SNS::Subscription").values()
    assert (sub["Properties"]["Protocol"], sub["Properties"]["Endpoint"]) == ("email", "ops@example.com")


@pytest.mark.parametrize("name", PYTHON_FUNCTIONS)
def test_errors_and_throttles_are_alarmed_per_function(synth: Synth, name: str) -> None:
    fn_id = synth.function_id(name)
    watched = {
        a["MetricName"]
        for a in alarms(synth).values()
        if a.get("Namespace") == "AWS/Lambda" and a["Dimensions"] == [{"Name": "FunctionName", "Value": {"Ref": fn_id}}]
    }
    assert watched == {"Errors", "Throttles"}


def test_service_and_data_tier_alarms(synth: Synth, synth_full: Synth) -> None:
    expected = {
        ("AWS/ApiGateway", "5XXError"),
        ("CoachAI", "StreamErrors"),
        ("AWS/RDS", "CPUUtilization"),
        ("AWS/RDS", "DatabaseConnections"),
        ("AWS/RDS", "DatabaseConnectionsCurrentlySessionPinned"),
        ("AWS/ElastiCache", "DatabaseMemoryUsagePercentage"),
        ("AWS/SQS", "ApproximateNumberOfMessagesVisible"),
        ("AWS/Scheduler", "InvocationDroppedCount"),
    }
    assert expected <= metric_names(synth)
    rate = next(a for a in alarms(synth).values() if a.get("MetricName") == "5XXError")
    assert (rate["Statistic"], rate["Threshold"]) == ("Average", 0.05)  # a rate, not a count
    stream = next(a for a in alarms(synth).values() if a.get("MetricName") == "StreamErrors")
    assert stream["Dimensions"] == [{"Name": "service", "Value": "coach-chat-stream"}]
    proxy = [a for a in alarms(synth).values() if any(d["Name"] == "ProxyName" for d in a.get("Dimensions", []))]
    assert len(proxy) == 2
    cache_nodes = [a for a in alarms(synth_full).values() if a.get("MetricName") == "DatabaseMemoryUsagePercentage"]
    assert len(cache_nodes) == 2  # prod: one per node of the replication group


def test_failover_and_open_breakers_are_alarmed_per_model_calling_function(synth: Synth) -> None:
    """GIVEN the synthesized stack THEN each function that calls a model alarms when a provider's
    breaker opens (at the first) and when rounds fail over (10 in 5 minutes): failover keeps
    users answered, so without these an outage of the primary would reach no one."""
    for metric, threshold in (("CircuitOpen", 1), ("ProviderFailover", 10)):
        found = {
            a["Dimensions"][0]["Value"]: a
            for a in alarms(synth).values()
            if (a.get("Namespace"), a.get("MetricName")) == ("CoachAI", metric)
        }
        assert set(found) == {"coach-chat", "coach-chat-stream", "coach-plan"}, metric
        assert all((a["Statistic"], a["Threshold"]) == ("Sum", threshold) for a in found.values()), metric


def test_a_drifting_model_is_alarmed_on_the_share_of_ungrounded_figures(synth: Synth) -> None:
    """GIVEN the synthesized stack THEN /chat and /chat/stream alarm when 5 % or more of the figures
    stated about users' data matched nothing their data holds for 15 minutes (numeric grounding)."""
    found = {}
    for a in alarms(synth).values():
        used = {q["Id"]: q for q in a.get("Metrics", [])}
        if {"checked", "ungrounded"} <= set(used):
            stat = used["ungrounded"]["MetricStat"]
            assert stat["Metric"]["MetricName"] == "UngroundedFigures" and stat["Stat"] == "Sum"
            assert used["checked"]["MetricStat"]["Metric"]["MetricName"] == "FiguresChecked"
            found[stat["Metric"]["Dimensions"][0]["Value"]] = a
    assert set(found) == {"coach-chat", "coach-chat-stream"}
    assert all((a["Threshold"], a["EvaluationPeriods"]) == (5, 3) for a in found.values())


def test_access_logs_are_json_and_execution_logs_are_on(synth: Synth) -> None:
    (stage,) = synth.resources("AWS::ApiGateway::Stage").values()
    setting = stage["Properties"]["AccessLogSetting"]
    line = json.loads(setting["Format"])
    assert {"requestId", "ip", "user", "httpMethod", "resourcePath", "status", "responseLatency"} <= set(line)
    assert all(isinstance(v, str) and v.startswith("$context.") for v in line.values())
    assert line["user"] == "$context.authorizer.claims.sub"
    group_id = setting["DestinationArn"]["Fn::Join"][1][-1]["Ref"]
    assert synth.data["Resources"][group_id]["Properties"]["RetentionInDays"] == 30
    default = next(m for m in stage["Properties"]["MethodSettings"] if m["ResourcePath"] == "/*")
    assert default["LoggingLevel"] == "ERROR"
    (account,) = synth.resources("AWS::ApiGateway::Account").values()  # the role execution logs need
    assert "CloudWatchRoleArn" in account["Properties"]


def test_dashboard_shows_the_contract_metrics(synth: Synth) -> None:
    (dashboard,) = synth.resources("AWS::CloudWatch::Dashboard").values()
    body = json.dumps(dashboard["Properties"]["DashboardBody"])
    for name in DASHBOARD_METRICS:
        assert f'\\"{name}\\"' in body, name
    for title in ("Requests", "p50 / p99", "Tokens used", "Tool cache hit rate", "Policy violations by policy",
                  "Safety guard verdicts", "Rate limited (429)", "Numeric grounding"):  # fmt: skip
        assert title in body, title
    assert '\\"CoachAI\\"' in body and '\\"service\\"' in body
