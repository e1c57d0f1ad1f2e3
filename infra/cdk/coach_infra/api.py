"""REST API (API Gateway v1: only REST APIs can stream a Lambda response) with a Cognito
user-pool authorizer on every method, integrated with each function's `live` alias.

- The stream route uses response transfer mode STREAM with an integration timeout above the
  stream deadline; buffered routes keep the default 29 s (the functions' own deadline is 26 s).
- Throttling per method (whole stage, all callers together) on top of the stage default; the
  per-user limits and token budgets live in the service (Redis), these only cap the blast radius.
- JSON access logs and ERROR-level execution logs (no request/response bodies: health data).
- Optional WAF (`coach:waf=true`): a regional web ACL with a per-IP rate-based rule on the stage.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cognito as cognito
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_wafv2 as wafv2
from constructs import Construct

from coach_infra.nag import acknowledge

API_PREFIX = ("api", "v1", "coach")
RATE_LIMIT = 50  # stage default: steady-state requests per second, all methods together
BURST_LIMIT = 100
LOG_RETENTION = logs.RetentionDays.ONE_MONTH
WAF_RATE_LIMIT_PER_IP = 600  # requests per 5-minute window from one IP address (2 per second on average)
AUTH_HEADER = "method.request.header.Authorization"

# The access log line: one JSON object per request (no bodies, no tokens; `user` is the Cognito sub).
ACCESS_LOG_FIELDS: dict[str, str] = {
    "requestId": "$context.requestId",
    "extendedRequestId": "$context.extendedRequestId",
    "requestTime": "$context.requestTimeEpoch",
    "ip": "$context.identity.sourceIp",
    "userAgent": "$context.identity.userAgent",
    "user": "$context.authorizer.claims.sub",
    "httpMethod": "$context.httpMethod",
    "resourcePath": "$context.resourcePath",
    "status": "$context.status",
    "protocol": "$context.protocol",
    "responseLength": "$context.responseLength",
    "responseLatency": "$context.responseLatency",
    "integrationLatency": "$context.integrationLatency",
    "integrationStatus": "$context.integrationStatus",
    "errorMessage": "$context.error.message",
    "authorizerError": "$context.authorizer.error",
    "wafStatus": "$context.waf.status",
}


@dataclass(frozen=True)
class Route:
    path: tuple[str, ...]  # below /api/v1/coach
    verb: str
    function: str
    rate: int  # requests per second for this method, all callers together
    burst: int

    @property
    def resource_path(self) -> str:
        return "/" + "/".join(API_PREFIX + self.path)


ROUTES: tuple[Route, ...] = (
    Route(("chat",), "POST", "chat", 25, 50),
    # Bounded further by the stream function's reserved concurrency (functions.py).
    Route(("chat", "stream"), "POST", "chat_stream", 10, 20),
    Route(("plan",), "POST", "plan", 5, 10),
    Route(("insights",), "GET", "insights", 20, 40),
    Route(("profile",), "PUT", "data", 10, 20),
    Route(("checkins",), "POST", "data", 20, 40),
    Route(("food-logs",), "POST", "data", 20, 40),
    Route(("me", "data"), "GET", "data", 5, 10),
    Route(("me",), "DELETE", "data", 1, 5),
    Route(("me", "usage"), "GET", "data", 10, 20),
)


class CoachApi(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        stage: str,
        user_pool: cognito.IUserPool,
        targets: dict[str, lambda_.IFunction],
        stream_integration_timeout: Duration,
        waf: bool,
    ) -> None:
        super().__init__(scope, construct_id)
        self.authorizer = apigw.CognitoUserPoolsAuthorizer(
            self, "Authorizer", cognito_user_pools=[user_pool], identity_source=AUTH_HEADER
        )
        self.access_logs = logs.LogGroup(
            self, "AccessLogs", retention=LOG_RETENTION, removal_policy=RemovalPolicy.DESTROY
        )
        self.rest_api = apigw.RestApi(
            self,
            "RestApi",
            rest_api_name=f"coach-ai-{stage}",
            description="Coach AI: chat, streaming chat, plan, insights and the user's data",
            endpoint_types=[apigw.EndpointType.REGIONAL],
            # Execution logs need the account's API Gateway CloudWatch role (AWS::ApiGateway::Account,
            # one per account and region); kept on stack deletion because other APIs may rely on it.
            cloud_watch_role=True,
            cloud_watch_role_removal_policy=RemovalPolicy.RETAIN,
            deploy_options=apigw.StageOptions(
                stage_name=stage,
                throttling_rate_limit=RATE_LIMIT,
                throttling_burst_limit=BURST_LIMIT,
                tracing_enabled=True,
                metrics_enabled=True,
                logging_level=apigw.MethodLoggingLevel.ERROR,
                data_trace_enabled=False,
                access_log_destination=apigw.LogGroupLogDestination(self.access_logs),
                access_log_format=apigw.AccessLogFormat.custom(json.dumps(ACCESS_LOG_FIELDS)),
                method_options={
                    f"{route.resource_path}/{route.verb}": apigw.MethodDeploymentOptions(
                        throttling_rate_limit=route.rate, throttling_burst_limit=route.burst
                    )
                    for route in ROUTES
                },
            ),
            default_method_options=apigw.MethodOptions(
                authorization_type=apigw.AuthorizationType.COGNITO,
                authorizer=self.authorizer,
                request_parameters={AUTH_HEADER: True},
            ),
        )
        # Requests without the Authorization header stop at the gateway; bodies are validated by the app.
        self.validator = self.rest_api.add_request_validator(
            "Validator", validate_request_parameters=True, validate_request_body=True
        )
        cloud_watch_role = self.rest_api.node.find_child("CloudWatchRole")
        acknowledge(
            cloud_watch_role,
            "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
            "AmazonAPIGatewayPushToCloudWatchLogs]",
            "The account-level role API Gateway uses to write execution logs; AWS's managed policy "
            "is the documented one and grants only CloudWatch Logs writes.",
        )

        root = self.rest_api.root.resource_for_path("/" + "/".join(API_PREFIX))
        for route in ROUTES:
            resource = root.resource_for_path("/".join(route.path))
            target = targets[route.function]
            streams = route.function == "chat_stream"
            integration = apigw.LambdaIntegration(
                target,
                proxy=True,
                response_transfer_mode=apigw.ResponseTransferMode.STREAM if streams else None,
                timeout=stream_integration_timeout if streams else None,
            )
            resource.add_method(route.verb, integration, request_validator=self.validator)

        self.web_acl: wafv2.CfnWebACL | None = None
        if waf:
            self.web_acl = self._web_acl(stage)
        else:
            acknowledge(
                self.rest_api.deployment_stage,
                "AwsSolutions-APIG3",
                "WAF is opt-in (coach:waf=true, ~$6/month + per-request fees); without it the stage "
                "still has per-method throttling and the service's per-user rate limits.",
            )

    def _web_acl(self, stage: str) -> wafv2.CfnWebACL:
        metric = f"coach-{stage}"
        acl = wafv2.CfnWebACL(
            self,
            "WebAcl",
            scope="REGIONAL",
            default_action=wafv2.CfnWebACL.DefaultActionProperty(allow={}),
            visibility_config=wafv2.CfnWebACL.VisibilityConfigProperty(
                cloud_watch_metrics_enabled=True, metric_name=metric, sampled_requests_enabled=True
            ),
            rules=[
                wafv2.CfnWebACL.RuleProperty(
                    name="rate-per-ip",
                    priority=0,
                    action=wafv2.CfnWebACL.RuleActionProperty(block={}),
                    statement=wafv2.CfnWebACL.StatementProperty(
                        rate_based_statement=wafv2.CfnWebACL.RateBasedStatementProperty(
                            aggregate_key_type="IP", limit=WAF_RATE_LIMIT_PER_IP, evaluation_window_sec=300
                        )
                    ),
                    visibility_config=wafv2.CfnWebACL.VisibilityConfigProperty(
                        cloud_watch_metrics_enabled=True,
                        metric_name=f"{metric}-rate-per-ip",
                        sampled_requests_enabled=True,
                    ),
                )
            ],
        )
        wafv2.CfnWebACLAssociation(
            self, "WebAclAssociation", resource_arn=self.rest_api.deployment_stage.stage_arn, web_acl_arn=acl.attr_arn
        )
        return acl

    @property
    def url(self) -> str:
        return self.rest_api.url
