"""The six Lambda functions: arm64, Python 3.12, zip code from functions/<name>/ plus the shared
layer, in private subnets behind one security group, each with its own role that may read only
the secrets it needs, and a log group with a retention period.

The streaming function runs uvicorn behind the Lambda Web Adapter layer (handler `run.sh`);
the others are plain handlers (`handler.handler`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from aws_cdk import Duration, RemovalPolicy, Stack
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from coach_core.settings import (
    ENV_DB_SECRET_NAME,
    ENV_LLM_PROVIDER,
    ENV_LLM_TIMEOUT_SECONDS,
    ENV_PROVIDER_SECRET_NAME,
    ENV_REDIS_URL,
    ENV_SECRETS_CACHE_SECONDS,
)
from coach_infra.layer import ARCHITECTURE, RUNTIME

ENV_DB_HOST = "DB_HOST"  # read by coach_core.runtime_secrets: replaces the secret's instance host
LWA_ACCOUNT = "753240598075"
LWA_LAYER_NAME = "LambdaAdapterLayerArm64"
STREAM_PORT = "8080"
READINESS_PATH = "/health"
METRICS_NAMESPACE = "CoachAI"
LOG_RETENTION = logs.RetentionDays.ONE_MONTH
ASSET_EXCLUDES = ["__pycache__", "*.pyc", "tests", ".pytest_cache"]


def lwa_layer_arn(region: str, version: int) -> str:
    """ARN of the published Lambda Web Adapter layer (arm64) in `region`."""
    return f"arn:aws:lambda:{region}:{LWA_ACCOUNT}:layer:{LWA_LAYER_NAME}:{version}"


@dataclass(frozen=True)
class FunctionSpec:
    """What differs between the functions; everything else is shared."""

    name: str  # folder under functions/ and the construct id suffix
    description: str
    memory_mb: int
    timeout: Duration
    handler: str = "handler.handler"
    needs_provider_key: bool = True
    needs_cache: bool = True
    streams: bool = False
    extra_env: dict[str, str] = field(default_factory=dict)


SPECS: tuple[FunctionSpec, ...] = (
    # API Gateway REST cuts a buffered integration at 29 s: the LLM call gives up a little earlier
    # so the caller gets the app's own error rather than a gateway timeout.
    FunctionSpec(
        "chat", "POST /chat (buffered)", 1024, Duration.seconds(30), extra_env={ENV_LLM_TIMEOUT_SECONDS: "25"}
    ),
    FunctionSpec("plan", "POST /plan", 512, Duration.seconds(30), extra_env={ENV_LLM_TIMEOUT_SECONDS: "25"}),
    FunctionSpec("insights", "GET /insights", 512, Duration.seconds(30)),
    FunctionSpec(
        "chat_stream",
        "POST /chat/stream (SSE via Lambda Web Adapter)",
        1024,
        Duration.minutes(15),
        handler="run.sh",
        streams=True,
    ),
    FunctionSpec(
        "expire_sessions",
        "hourly: expire idle sessions",
        256,
        Duration.minutes(5),
        needs_provider_key=False,
        needs_cache=False,
    ),
    FunctionSpec(
        "migrate",
        "deploy-time: apply database migrations",
        512,
        Duration.minutes(5),
        needs_provider_key=False,
        needs_cache=False,
    ),
)


def _construct_id(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


class CoachFunctions(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        vpc: ec2.IVpc,
        subnets: ec2.SubnetSelection,
        layer: lambda_.ILayerVersion,
        functions_root: Path,
        db_secret: secretsmanager.ISecret,
        db_host: str,
        provider_secret: secretsmanager.ISecret,
        redis_url: str,
        llm_provider: str,
        lwa_layer_version: int,
        tracer_subsegments: bool = False,
    ) -> None:
        super().__init__(scope, construct_id)
        self.security_group = ec2.SecurityGroup(
            self,
            "Sg",
            vpc=vpc,
            description="Coach functions: egress to the proxy, the cache, Secrets Manager and LLM providers",
            allow_all_outbound=True,
        )
        self.lwa_layer = lambda_.LayerVersion.from_layer_version_arn(
            self, "WebAdapterLayer", lwa_layer_arn(Stack.of(self).region, lwa_layer_version)
        )
        self.by_name: dict[str, lambda_.Function] = {}
        for spec in SPECS:
            env = {
                ENV_LLM_PROVIDER: llm_provider,
                ENV_DB_SECRET_NAME: db_secret.secret_arn,
                ENV_DB_HOST: db_host,
                ENV_SECRETS_CACHE_SECONDS: "300",
                "POWERTOOLS_SERVICE_NAME": f"coach-{spec.name.replace('_', '-')}",
                "POWERTOOLS_METRICS_NAMESPACE": METRICS_NAMESPACE,
                "POWERTOOLS_LOG_LEVEL": "INFO",
                # Lambda's active tracing records every invocation without any SDK; Powertools'
                # Tracer (subsegments) imports the X-Ray SDK on the first request: opt-in.
                "POWERTOOLS_TRACE_DISABLED": "false" if tracer_subsegments else "true",
            }
            if spec.needs_provider_key:
                env[ENV_PROVIDER_SECRET_NAME] = provider_secret.secret_arn
            if spec.needs_cache:
                env[ENV_REDIS_URL] = redis_url
            layers = [layer]
            if spec.streams:
                layers.append(self.lwa_layer)
                env.update(
                    {
                        "AWS_LAMBDA_EXEC_WRAPPER": "/opt/bootstrap",
                        "AWS_LWA_INVOKE_MODE": "response_stream",
                        "PORT": STREAM_PORT,
                        "AWS_LWA_READINESS_CHECK_PATH": READINESS_PATH,
                    }
                )
            env.update(spec.extra_env)

            cid = _construct_id(spec.name)
            log_group = logs.LogGroup(self, f"{cid}Logs", retention=LOG_RETENTION, removal_policy=RemovalPolicy.DESTROY)
            fn = lambda_.Function(
                self,
                cid,
                description=f"Coach AI: {spec.description}",
                runtime=RUNTIME,
                architecture=ARCHITECTURE,
                handler=spec.handler,
                code=lambda_.Code.from_asset(str(functions_root / spec.name), exclude=ASSET_EXCLUDES),
                layers=layers,
                memory_size=spec.memory_mb,
                timeout=spec.timeout,
                environment=env,
                vpc=vpc,
                vpc_subnets=subnets,
                security_groups=[self.security_group],
                log_group=log_group,
                tracing=lambda_.Tracing.ACTIVE,
            )
            db_secret.grant_read(fn)
            if spec.needs_provider_key:
                provider_secret.grant_read(fn)
            self.by_name[spec.name] = fn

    @property
    def chat(self) -> lambda_.Function:
        return self.by_name["chat"]

    @property
    def chat_stream(self) -> lambda_.Function:
        return self.by_name["chat_stream"]

    @property
    def plan(self) -> lambda_.Function:
        return self.by_name["plan"]

    @property
    def insights(self) -> lambda_.Function:
        return self.by_name["insights"]

    @property
    def expire_sessions(self) -> lambda_.Function:
        return self.by_name["expire_sessions"]

    @property
    def migrate(self) -> lambda_.Function:
        return self.by_name["migrate"]
