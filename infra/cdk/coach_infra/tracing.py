"""Tracing on Lambda: the functions' own OpenTelemetry SDK (coach_core.otel) exports spans over OTLP/HTTP
to the X-Ray OTLP endpoint, signed with the function's role (SigV4); no collector, no exec wrapper, no
X-Ray SDK. Lambda's and API Gateway's active tracing stay on: API Gateway's `X-Amzn-Trace-Id` header
carries the trace into the app (the `xray` propagator), so the coach's spans join the request's trace.

Why the SDK and not the ADOT Lambda layer (measured in docs/PERFORMANCE.md §2): the stream function
runs under Lambda Web Adapter, whose `AWS_LAMBDA_EXEC_WRAPPER=/opt/bootstrap` leaves no room for ADOT's
`/opt/otel-instrument` wrapper, and ADOT's auto-instrumentation imports every instrumentation it ships
at each cold start, where the app sets up only what it uses.

The X-Ray OTLP endpoint needs CloudWatch Transaction Search, an account-wide setting:
`coach:transactionSearch=true` creates it (X-Ray's permission to write spans to CloudWatch Logs, then
the search configuration); leave it off where the account has it already.
"""

from __future__ import annotations

from aws_cdk import ArnFormat, Aws, Stack
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_xray as xray
from constructs import Construct

from coach_infra import env as names

SPAN_EXPORT_ACTIONS = ("xray:PutTraceSegments", "xray:PutSpans", "xray:PutSpansForIndexing")
PROPAGATORS = "tracecontext,baggage,xray"
SPANS_LOG_GROUPS = ("aws/spans", "/aws/application-signals/data")
INDEXING_PERCENTAGE = 1
"""Share of spans indexed as trace summaries for Transaction Search (1 % is free); every span is stored."""


def otlp_traces_endpoint() -> str:
    return f"https://xray.{Aws.REGION}.amazonaws.com/v1/traces"


def tracing_environment(function: str, enabled: bool) -> dict[str, str]:
    """The OTEL_* variables of a function; with tracing off the SDK is disabled outright."""
    if not enabled:
        return {names.OTEL_SDK_DISABLED: "true"}
    return {
        names.OTEL_SERVICE_NAME: f"coach-{function.replace('_', '-')}",
        names.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp_traces_endpoint(),
        names.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf",
        names.OTEL_PROPAGATORS: PROPAGATORS,
        # API Gateway's sampling decision arrives with its trace header; a request without one is sampled.
        names.OTEL_TRACES_SAMPLER: "parentbased_always_on",
        names.COACH_OTLP_SIGV4: "xray",
    }


def grant_span_export(fn: lambda_.Function) -> None:
    fn.add_to_role_policy(iam.PolicyStatement(actions=list(SPAN_EXPORT_ACTIONS), resources=["*"]))


class TransactionSearch(Construct):
    """The account's Transaction Search: X-Ray may write spans to CloudWatch Logs, then X-Ray sends
    them there (what the OTLP endpoint requires)."""

    def __init__(self, scope: Construct, construct_id: str) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        arns = [
            stack.format_arn(
                service="logs",
                resource="log-group",
                resource_name=f"{group}:*",
                arn_format=ArnFormat.COLON_RESOURCE_NAME,
            )
            for group in SPANS_LOG_GROUPS
        ]
        policy = logs.CfnResourcePolicy(
            self,
            "XRayToLogs",
            policy_name="coach-transaction-search",
            policy_document=stack.to_json_string(
                {
                    "Version": "2012-10-17",
                    "Statement": [
                        {
                            "Sid": "TransactionSearchXRayAccess",
                            "Effect": "Allow",
                            "Principal": {"Service": "xray.amazonaws.com"},
                            "Action": "logs:PutLogEvents",
                            "Resource": arns,
                            "Condition": {
                                "ArnLike": {
                                    "aws:SourceArn": f"arn:{Aws.PARTITION}:xray:{Aws.REGION}:{Aws.ACCOUNT_ID}:*"
                                },
                                "StringEquals": {"aws:SourceAccount": Aws.ACCOUNT_ID},
                            },
                        }
                    ],
                }
            ),
        )
        self.config = xray.CfnTransactionSearchConfig(self, "Config", indexing_percentage=INDEXING_PERCENTAGE)
        self.config.add_dependency(policy)
