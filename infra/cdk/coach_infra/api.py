"""REST API (API Gateway v1: only REST APIs can stream a Lambda response) with a Cognito
user-pool authorizer on every coach method. The stream route uses response transfer mode STREAM
and a 15-minute integration timeout; the buffered routes keep the default 29 s."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cognito as cognito
from aws_cdk import aws_lambda as lambda_
from constructs import Construct

API_PREFIX = ("api", "v1", "coach")
RATE_LIMIT = 50  # steady-state requests per second for the whole stage
BURST_LIMIT = 100
STREAM_TIMEOUT = Duration.minutes(15)


class CoachApi(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        stage: str,
        user_pool: cognito.IUserPool,
        chat: lambda_.IFunction,
        chat_stream: lambda_.IFunction,
        plan: lambda_.IFunction,
        insights: lambda_.IFunction,
    ) -> None:
        super().__init__(scope, construct_id)
        self.authorizer = apigw.CognitoUserPoolsAuthorizer(
            self, "Authorizer", cognito_user_pools=[user_pool], identity_source="method.request.header.Authorization"
        )
        self.rest_api = apigw.RestApi(
            self,
            "RestApi",
            rest_api_name=f"coach-ai-{stage}",
            description="Coach AI: chat, streaming chat, plan and insights",
            endpoint_types=[apigw.EndpointType.REGIONAL],
            cloud_watch_role=False,
            deploy_options=apigw.StageOptions(
                stage_name=stage,
                throttling_rate_limit=RATE_LIMIT,
                throttling_burst_limit=BURST_LIMIT,
                tracing_enabled=True,
                metrics_enabled=True,
            ),
            default_method_options=apigw.MethodOptions(
                authorization_type=apigw.AuthorizationType.COGNITO,
                authorizer=self.authorizer,
            ),
        )

        coach = self.rest_api.root
        for part in API_PREFIX:
            coach = coach.add_resource(part)
        chat_resource = coach.add_resource("chat")
        chat_resource.add_method("POST", apigw.LambdaIntegration(chat, proxy=True))
        chat_resource.add_resource("stream").add_method(
            "POST",
            apigw.LambdaIntegration(
                chat_stream,
                proxy=True,
                response_transfer_mode=apigw.ResponseTransferMode.STREAM,
                timeout=STREAM_TIMEOUT,
            ),
        )
        coach.add_resource("plan").add_method("POST", apigw.LambdaIntegration(plan, proxy=True))
        coach.add_resource("insights").add_method("GET", apigw.LambdaIntegration(insights, proxy=True))

    @property
    def url(self) -> str:
        return self.rest_api.url
