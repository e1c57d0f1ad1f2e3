"""Observability that reaches someone: one SNS topic (`coach:alarmEmail` subscribes an address)
that every alarm notifies, the alarms an operator acts on, and a CloudWatch dashboard for the coach.

Custom metrics are the runtime's EMF metrics (namespace CoachAI, dimension `service` =
POWERTOOLS_SERVICE_NAME, i.e. `coach-<function>`), named in the runtime contract."""

from __future__ import annotations

from dataclasses import dataclass

from aws_cdk import Duration
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_elasticache as elasticache
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_rds as rds
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from coach_infra.database import MAX_CONNECTIONS, PROXY_CONNECTION_BUDGET
from coach_infra.functions import METRICS_NAMESPACE, construct_id
from coach_infra.nag import acknowledge

PERIOD = Duration.minutes(5)
GE = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD
NOT_BREACHING = cloudwatch.TreatMissingData.NOT_BREACHING
API_5XX_RATE = 0.05  # share of requests answered 5xx in 5 minutes
STREAM_ERRORS = 5
FAILOVERS = 10  # model rounds answered by the fallback in 5 minutes: the primary is degraded
UNGROUNDED_PERCENT = 5  # figures about users' data that match nothing their data holds, for 15 minutes
RDS_CPU_PERCENT = 80
CACHE_MEMORY_PERCENT = 80
PINNED_SESSIONS = 10
SCHEDULE_GROUP = "default"
LLM_SERVICES = ("chat", "chat_stream", "plan")
API_SERVICES = ("chat", "chat_stream", "plan", "insights", "data")


def service(name: str) -> str:
    """The `service` dimension value of function `name` (its POWERTOOLS_SERVICE_NAME)."""
    return f"coach-{name.replace('_', '-')}"


def coach_metric(name: str, function: str, statistic: str = "Sum", label: str | None = None) -> cloudwatch.Metric:
    return cloudwatch.Metric(
        namespace=METRICS_NAMESPACE,
        metric_name=name,
        dimensions_map={"service": service(function)},
        statistic=statistic,
        period=PERIOD,
        label=label,  # None for alarms: a label turns an alarm's metric into metric math
    )


@dataclass(frozen=True)
class Watched:
    """The resources whose metrics the alarms and the dashboard read."""

    api: apigw.RestApi
    functions: dict[str, lambda_.Function]
    database: rds.DatabaseInstance
    proxy: rds.DatabaseProxy
    cache: elasticache.CfnReplicationGroup
    cache_nodes: int
    dead_letters: sqs.Queue


class CoachMonitoring(Construct):
    def __init__(self, scope: Construct, construct_id_: str, *, watched: Watched, alarm_email: str | None) -> None:
        super().__init__(scope, construct_id_)
        self.topic = sns.Topic(self, "Alarms", display_name="Coach AI alarms", enforce_ssl=True)
        acknowledge(
            self.topic,
            "AwsSolutions-SNS2",
            "Alarm notifications carry only alarm names and metric values, no user data; CloudWatch "
            "cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key "
            "for this alone is not worth its cost.",
        )
        if alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(alarm_email))
        self.alarms: list[cloudwatch.Alarm] = []
        self._function_alarms(watched.functions)
        self._api_alarms(watched.api)
        self._data_alarms(watched)
        action = cw_actions.SnsAction(self.topic)
        for alarm in self.alarms:
            alarm.add_alarm_action(action)
        self.dashboard = self._dashboard(watched)

    def _alarm(
        self, cid: str, description: str, metric: cloudwatch.IMetric, threshold: float, periods: int = 1
    ) -> None:
        self.alarms.append(
            cloudwatch.Alarm(
                self,
                cid,
                alarm_description=description,
                metric=metric,
                threshold=threshold,
                evaluation_periods=periods,
                comparison_operator=GE,
                treat_missing_data=NOT_BREACHING,
            )
        )

    def _function_alarms(self, functions: dict[str, lambda_.Function]) -> None:
        for name, fn in functions.items():
            cid = construct_id(name)
            self._alarm(f"{cid}Errors", f"Coach function {name} raised errors", fn.metric_errors(period=PERIOD), 1)
            self._alarm(
                f"{cid}Throttles", f"Coach function {name} is being throttled", fn.metric_throttles(period=PERIOD), 1
            )
        self._alarm(
            "StreamErrors",
            "Coach streams ended with an SSE error event",
            coach_metric("StreamErrors", "chat_stream"),
            STREAM_ERRORS,
        )
        # Failover hides a primary outage from users, so it must not hide it from the operator.
        for name in LLM_SERVICES:
            cid = construct_id(name)
            self._alarm(
                f"{cid}CircuitOpen",
                f"Coach function {name}: a provider's circuit breaker opened (calls go to the fallback)",
                coach_metric("CircuitOpen", name),
                1,
            )
            self._alarm(
                f"{cid}ProviderFailover",
                f"Coach function {name}: {FAILOVERS} or more model rounds failed over in 5 minutes",
                coach_metric("ProviderFailover", name),
                FAILOVERS,
            )

        # A model that drifts states figures the tools did not return (numeric grounding).
        for name in ("chat", "chat_stream"):
            share = cloudwatch.MathExpression(
                expression="IF(checked > 0, 100 * ungrounded / checked, 0)",
                using_metrics={
                    "checked": coach_metric("FiguresChecked", name),
                    "ungrounded": coach_metric("UngroundedFigures", name),
                },
                period=PERIOD,
            )
            self._alarm(
                f"{construct_id(name)}UngroundedFigures",
                f"Coach function {name}: {UNGROUNDED_PERCENT}% or more of the figures stated about users' data "
                "matched nothing their data holds, for 15 minutes",
                share,
                UNGROUNDED_PERCENT,
                periods=3,
            )

    def _api_alarms(self, api: apigw.RestApi) -> None:
        self._alarm(
            "Api5xxRate",
            f"More than {API_5XX_RATE:.0%} of Coach API requests answered 5xx",
            api.metric_server_error(period=PERIOD, statistic="Average"),
            API_5XX_RATE,
            periods=2,
        )

    def _data_alarms(self, w: Watched) -> None:
        self._alarm(
            "DatabaseCpu",
            f"Coach database CPU at {RDS_CPU_PERCENT}% or more for 15 minutes",
            w.database.metric_cpu_utilization(period=PERIOD),
            RDS_CPU_PERCENT,
            periods=3,
        )
        self._alarm(
            "DatabaseConnections",
            f"Coach database holds 90% of its {MAX_CONNECTIONS} connections",
            w.database.metric_database_connections(period=PERIOD, statistic="Maximum"),
            MAX_CONNECTIONS * 9 // 10,
        )
        proxy_metric = cloudwatch.Metric(
            namespace="AWS/RDS",
            metric_name="DatabaseConnections",
            dimensions_map={"ProxyName": w.proxy.db_proxy_name},
            statistic="Maximum",
            period=PERIOD,
        )
        self._alarm(
            "ProxyConnectionBudget",
            f"The RDS Proxy holds 90% of its {PROXY_CONNECTION_BUDGET}-connection budget",
            proxy_metric,
            PROXY_CONNECTION_BUDGET * 9 // 10,
        )
        pinned = cloudwatch.Metric(
            namespace="AWS/RDS",
            metric_name="DatabaseConnectionsCurrentlySessionPinned",
            dimensions_map={"ProxyName": w.proxy.db_proxy_name},
            statistic="Maximum",
            period=PERIOD,
        )
        self._alarm(
            "ProxyPinnedSessions", "RDS Proxy sessions are pinned (state set outside a transaction)", pinned,
            PINNED_SESSIONS, periods=3,
        )  # fmt: skip
        for node in range(1, w.cache_nodes + 1):
            memory = cloudwatch.Metric(
                namespace="AWS/ElastiCache",
                metric_name="DatabaseMemoryUsagePercentage",
                dimensions_map={"CacheClusterId": f"{w.cache.ref}-{node:03d}"},
                statistic="Maximum",
                period=PERIOD,
            )
            self._alarm(
                f"CacheMemory{node}", f"Coach cache node {node} memory at {CACHE_MEMORY_PERCENT}%", memory,
                CACHE_MEMORY_PERCENT, periods=3,
            )  # fmt: skip
        self._alarm(
            "ScheduleDeadLetters",
            "A session-expiry invocation failed after its retries (dead-letter queue)",
            w.dead_letters.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum"),
            1,
        )
        dropped = cloudwatch.Metric(
            namespace="AWS/Scheduler",
            metric_name="InvocationDroppedCount",
            dimensions_map={"ScheduleGroup": SCHEDULE_GROUP},
            statistic="Sum",
            period=PERIOD,
        )
        self._alarm("ScheduleDropped", "EventBridge Scheduler dropped a session-expiry invocation", dropped, 1)

    def _dashboard(self, w: Watched) -> cloudwatch.Dashboard:
        def per_service(metric: str, services: tuple[str, ...], statistic: str = "Sum") -> list[cloudwatch.IMetric]:
            return [coach_metric(metric, s, statistic, f"{s} {metric}") for s in services]

        def percentiles(metric: str, services: tuple[str, ...]) -> list[cloudwatch.IMetric]:
            return [coach_metric(metric, s, p, f"{s} {p}") for s in services for p in ("p50", "p99")]

        hit_rate = [
            cloudwatch.MathExpression(
                expression=f"100 * hits{i} / calls{i}",
                using_metrics={f"hits{i}": coach_metric("ToolCacheHits", s), f"calls{i}": coach_metric("ToolCalls", s)},
                label=f"{s} tool cache hit %",
                period=PERIOD,
            )
            for i, s in enumerate(LLM_SERVICES)
        ]
        graph = cloudwatch.GraphWidget
        dashboard = cloudwatch.Dashboard(self, "Dashboard", default_interval=Duration.hours(3))
        dashboard.add_widgets(
            graph(title="Requests", left=[*per_service("Requests", API_SERVICES), w.api.metric_count(period=PERIOD)]),
            graph(title="Latency p50 / p99 (ms)", left=percentiles("Latency", API_SERVICES)),
            graph(title="Time to first token p50 / p99 (ms)", left=percentiles("TimeToFirstToken", ("chat_stream",))),
        )
        dashboard.add_widgets(
            graph(title="Tokens used", left=per_service("TokensUsed", LLM_SERVICES)),
            graph(title="Tool latency p50 / p99 (ms)", left=percentiles("ToolLatency", LLM_SERVICES)),
            graph(title="Tool cache hit rate (%)", left=hit_rate),
        )
        violations = [
            coach_metric(f"Violations_{policy}", s, label=f"{s} {policy}")
            for policy in ("crisis", "calorie_minimum", "weight_loss_rate", "medical")
            for s in LLM_SERVICES
        ]
        verdicts = [
            coach_metric(f"GuardVerdict_{verdict}", s, label=f"{s} {verdict}")
            for verdict in ("crisis", "safe", "unavailable")
            for s in ("chat", "chat_stream")
        ]
        dashboard.add_widgets(
            graph(title="Policy violations by policy", left=violations),
            graph(title="Safety guard verdicts", left=verdicts),
            graph(
                title="Numeric grounding: figures checked, not in the data",
                left=[
                    *per_service("FiguresChecked", ("chat", "chat_stream")),
                    *per_service("UngroundedFigures", ("chat", "chat_stream")),
                ],
            ),
            graph(
                title="Rate limited (429)",
                left=[*per_service("RateLimited", API_SERVICES), *per_service("RateLimitFallback", API_SERVICES)],
                right=[w.api.metric_client_error(period=PERIOD)],
            ),
        )
        dashboard.add_widgets(
            graph(
                title="Errors, deadlines, failover",
                left=[
                    *per_service("ServerErrors", API_SERVICES),
                    coach_metric("StreamErrors", "chat_stream", label="chat_stream StreamErrors"),
                    *per_service("DeadlineExceeded", LLM_SERVICES),
                    *per_service("ProviderFailover", LLM_SERVICES),
                    *per_service("CircuitOpen", LLM_SERVICES),
                ],
            ),
            graph(
                title="Users provisioned, sessions expired, health data purged",
                left=[
                    coach_metric("UsersProvisioned", "provision_user", label="users provisioned"),
                    coach_metric("SessionsExpired", "expire_sessions", label="sessions expired"),
                    coach_metric("HistoriesPurged", "expire_sessions", label="histories purged"),
                    coach_metric("ViolationExcerptsPurged", "expire_sessions", label="violation excerpts purged"),
                ],
            ),
            graph(
                title="Database and proxy connections",
                left=[
                    w.database.metric_database_connections(period=PERIOD, statistic="Maximum"),
                    cloudwatch.Metric(
                        namespace="AWS/RDS",
                        metric_name="ClientConnections",
                        dimensions_map={"ProxyName": w.proxy.db_proxy_name},
                        statistic="Maximum",
                        period=PERIOD,
                    ),
                ],
                right=[w.database.metric_cpu_utilization(period=PERIOD)],
            ),
        )
        return dashboard
