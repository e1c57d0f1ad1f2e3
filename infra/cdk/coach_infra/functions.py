"""The eight Lambda functions: arm64, Python 3.12, zip code from functions/<name>/ plus the shared
layer, in the private subnets, each with its own role that may read only the secrets it uses and a
log group with a retention period.

- API functions (chat, chat_stream, plan, insights, data) and the Cognito trigger (provision_user)
  publish versions with SnapStart and are invoked through the alias `live`.
- chat_stream runs uvicorn behind the Lambda Web Adapter layer (handler `run.sh`); the others are
  plain handlers (`handler.handler`).
- Security groups allow only the egress a function needs: the RDS Proxy (5432), the cache (6379)
  for the functions that use it, and HTTPS (Secrets Manager, the LLM providers) through the NAT.

Stream concurrency and the database (see database.py for the budget's origin):
    proxy budget  = floor(MAX_CONNECTIONS 80 * 90 %)           = 72 database connections
    stream share  = floor(72 * STREAM_SHARE_OF_PROXY_BUDGET 1/2) = 36
A streaming request holds its execution environment (and that environment's one proxy client
connection) for up to COACH_STREAM_DEADLINE_SECONDS. Even if every one of those sessions were
pinned to its own database connection (RDS Proxy pins on session state), 36 streams leave 36
connections for the buffered API, the Cognito trigger, the scheduled expiry and migrations.
"""

from __future__ import annotations

from dataclasses import dataclass

from aws_cdk import Duration, RemovalPolicy, Stack, Token
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from coach_infra import env as names
from coach_infra.config import CTX_SNAP_START, CoachConfig, ConfigError
from coach_infra.database import DB_PORT, PROXY_CONNECTION_BUDGET
from coach_infra.layer import ARCHITECTURE, CA_BUNDLE_PATH, RUNTIME
from coach_infra.nag import acknowledge
from coach_infra.tracing import grant_span_export, tracing_environment
from coach_infra.web_adapter import lwa_layer_arn

STREAM_PORT = "8080"
READINESS_PATH = "/health"
METRICS_NAMESPACE = "CoachAI"
LOG_RETENTION = logs.RetentionDays.ONE_MONTH
ASSET_EXCLUDES = ["__pycache__", "*.pyc", "tests", ".pytest_cache"]
ALIAS_NAME = "live"
SECRETS_CACHE_SECONDS = "300"
# API Gateway cuts a buffered (non-streaming) integration at 29 s: the request's own deadline ends
# first so the client gets the app's clean 504 rather than the gateway's.
REQUEST_DEADLINE_SECONDS = 26
BUFFERED_TIMEOUT = Duration.seconds(30)
# The stream function outlives its deadline long enough to send the final SSE `error` event and
# flush metrics; the API Gateway integration waits a little longer still (api.py).
STREAM_TIMEOUT_MARGIN_SECONDS = 20
STREAM_INTEGRATION_MARGIN_SECONDS = 30
STREAM_SHARE_OF_PROXY_BUDGET = (1, 2)
# Cognito waits at most 5 s for a trigger; a longer timeout would only bill for a dead request.
TRIGGER_TIMEOUT = Duration.seconds(5)
# Lambda SnapStart is offered in every commercial region except these (AWS Lambda developer guide,
# "Improving startup performance with Lambda SnapStart", Supported Regions).
SNAP_START_UNSUPPORTED_REGIONS = frozenset({"ap-southeast-6", "ap-east-2"})


def stream_reserved_concurrency(config: CoachConfig) -> int | None:
    """Reserved concurrency of chat_stream: the configured value, else its share of the proxy budget."""
    if config.stream_reserved_concurrency == 0:
        return None
    if config.stream_reserved_concurrency is not None:
        return config.stream_reserved_concurrency
    numerator, denominator = STREAM_SHARE_OF_PROXY_BUDGET
    return PROXY_CONNECTION_BUDGET * numerator // denominator


@dataclass(frozen=True)
class FunctionSpec:
    """What differs between the functions; everything else is shared."""

    name: str  # folder under functions/ and the construct id suffix
    description: str
    memory_mb: int
    timeout: Duration
    handler: str = "handler.handler"
    behind_alias: bool = False  # published versions (+ SnapStart) invoked through the `live` alias
    uses_cache: bool = False
    calls_llm: bool = False  # primary (+ fallback) provider secret, LLM_FALLBACK_PROVIDER
    guarded: bool = False  # SAFETY_GUARD (+ the OpenAI secret for the moderation guard)
    buffered_api: bool = False  # COACH_REQUEST_DEADLINE_SECONDS
    streams: bool = False
    migrates: bool = False  # the master secret as DB_SECRET_NAME, the app secret as DB_APP_SECRET_NAME


API_FUNCTIONS = ("chat", "chat_stream", "plan", "insights", "data")

SPECS: tuple[FunctionSpec, ...] = (
    FunctionSpec(
        "chat", "POST /chat (buffered)", 1024, BUFFERED_TIMEOUT,
        behind_alias=True, uses_cache=True, calls_llm=True, guarded=True, buffered_api=True,
    ),
    FunctionSpec(
        "chat_stream", "POST /chat/stream (SSE via Lambda Web Adapter)", 1024, BUFFERED_TIMEOUT,
        handler="run.sh", behind_alias=True, uses_cache=True, calls_llm=True, guarded=True, streams=True,
    ),
    FunctionSpec(
        "plan", "POST /plan", 512, BUFFERED_TIMEOUT,
        behind_alias=True, uses_cache=True, calls_llm=True, guarded=True, buffered_api=True,
    ),
    FunctionSpec(
        "insights", "GET /insights", 512, BUFFERED_TIMEOUT,
        behind_alias=True, uses_cache=True, buffered_api=True,
    ),
    FunctionSpec(
        "data", "profile, check-ins, food logs, my data, erase me, usage", 512, BUFFERED_TIMEOUT,
        behind_alias=True, uses_cache=True, buffered_api=True,
    ),
    FunctionSpec("provision_user", "Cognito post-confirmation: create the users row", 256, TRIGGER_TIMEOUT,
                 behind_alias=True),
    FunctionSpec("expire_sessions", "hourly: expire idle sessions", 256, Duration.minutes(5)),
    FunctionSpec("migrate", "deploy-time: apply database migrations", 512, Duration.minutes(5), migrates=True),
)  # fmt: skip


def construct_id(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


@dataclass(frozen=True)
class Wiring:
    """What the functions connect to, made by the other constructs."""

    vpc: ec2.IVpc
    subnets: ec2.SubnetSelection
    layer: lambda_.ILayerVersion
    db_master_secret: secretsmanager.ISecret
    db_app_secret: secretsmanager.ISecret
    db_host: str
    proxy_sg: ec2.ISecurityGroup
    cache_sg: ec2.ISecurityGroup
    cache_port: int
    redis_url: str
    redis_auth_secret: secretsmanager.ISecret
    provider_secrets: dict[str, secretsmanager.ISecret]
    hash_secret: secretsmanager.ISecret


def check_snap_start_region(stack: Stack) -> None:
    """ConfigError when `stack` deploys to a region without SnapStart (unknown regions pass)."""
    region = stack.region
    if not Token.is_unresolved(region) and region in SNAP_START_UNSUPPORTED_REGIONS:
        raise ConfigError(
            f"{CTX_SNAP_START}: Lambda SnapStart is not offered in {region}; deploy with -c {CTX_SNAP_START}=false"
        )


class CoachFunctions(Construct):
    def __init__(self, scope: Construct, construct_id_: str, *, config: CoachConfig, wiring: Wiring) -> None:
        super().__init__(scope, construct_id_)
        self.config = config
        self.wiring = wiring
        if config.snap_start:
            check_snap_start_region(Stack.of(self))
        self.api_sg = self._security_group("ApiSg", "Coach API functions: proxy, cache, HTTPS", cache=True)
        self.db_sg = self._security_group("DbSg", "Coach database-only functions: proxy, HTTPS", cache=False)
        self.lwa_layer = lambda_.LayerVersion.from_layer_version_arn(
            self,
            "WebAdapterLayer",
            lwa_layer_arn(Stack.of(self), version=config.lwa_layer_version, override=config.lwa_layer_arn),
        )
        self.by_name: dict[str, lambda_.Function] = {}
        self.aliases: dict[str, lambda_.Alias] = {}
        for spec in SPECS:
            self._add(spec)

    @property
    def security_groups(self) -> tuple[ec2.SecurityGroup, ...]:
        return (self.api_sg, self.db_sg)

    def _security_group(self, cid: str, description: str, *, cache: bool) -> ec2.SecurityGroup:
        sg = ec2.SecurityGroup(self, cid, vpc=self.wiring.vpc, description=description, allow_all_outbound=False)
        sg.add_egress_rule(self.wiring.proxy_sg, ec2.Port.tcp(DB_PORT), "to the RDS Proxy")
        if cache:
            sg.add_egress_rule(self.wiring.cache_sg, ec2.Port.tcp(self.wiring.cache_port), "to the cache")
        # Secrets Manager (and, for the API functions, the LLM providers) through the NAT gateway.
        https = "HTTPS: Secrets Manager, LLM providers" if cache else "HTTPS: Secrets Manager"
        sg.add_egress_rule(ec2.Peer.any_ipv4(), ec2.Port.tcp(443), https)
        return sg

    def environment(self, spec: FunctionSpec) -> dict[str, str]:
        """The variables `spec`'s function gets (names from coach_infra.env, the runtime contract)."""
        config, wiring = self.config, self.wiring
        env: dict[str, str] = {
            # Declared on every function (empty where AWS does not use them) so that
            # `sam local invoke --env-vars` can override them against local services.
            names.DATABASE_URL: "",
            names.REDIS_URL: wiring.redis_url if spec.uses_cache else "",
            names.LLM_PROVIDER: config.llm_provider,
            names.DB_SECRET_NAME: (wiring.db_master_secret if spec.migrates else wiring.db_app_secret).secret_arn,
            names.DB_HOST: wiring.db_host,
            names.DB_SSL_ROOT_CERT: CA_BUNDLE_PATH,
            names.SECRETS_CACHE_SECONDS: SECRETS_CACHE_SECONDS,
            names.POWERTOOLS_SERVICE_NAME: f"coach-{spec.name.replace('_', '-')}",
            names.POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
            names.POWERTOOLS_LOG_LEVEL: "INFO",
            **tracing_environment(spec.name, config.tracing),
        }
        if spec.migrates:
            env[names.DB_APP_SECRET_NAME] = wiring.db_app_secret.secret_arn
        if spec.uses_cache:
            env[names.REDIS_AUTH_SECRET_NAME] = wiring.redis_auth_secret.secret_arn
        if spec.name in API_FUNCTIONS:
            env[names.COACH_HASH_SECRET_NAME] = wiring.hash_secret.secret_arn
            if config.rate_limit_per_minute is not None:
                env[names.COACH_RATE_LIMIT_PER_MINUTE] = str(config.rate_limit_per_minute)
            if config.daily_token_budget is not None:
                env[names.COACH_DAILY_TOKEN_BUDGET] = str(config.daily_token_budget)
        if spec.calls_llm and config.llm_fallback_provider:
            env[names.LLM_FALLBACK_PROVIDER] = config.llm_fallback_provider
        if spec.guarded:
            env[names.SAFETY_GUARD] = config.safety_guard
        for provider in sorted(self.providers_of(spec)):
            key = names.OPENAI_SECRET_NAME if provider == "openai" else names.ANTHROPIC_SECRET_NAME
            env[key] = wiring.provider_secrets[provider].secret_arn
        if spec.buffered_api:
            env[names.COACH_REQUEST_DEADLINE_SECONDS] = str(REQUEST_DEADLINE_SECONDS)
        if spec.streams:
            env[names.COACH_STREAM_DEADLINE_SECONDS] = str(config.stream_deadline_seconds)
            env.update(
                {
                    names.AWS_LAMBDA_EXEC_WRAPPER: "/opt/bootstrap",
                    names.AWS_LWA_INVOKE_MODE: "response_stream",
                    names.PORT: STREAM_PORT,
                    names.AWS_LWA_READINESS_CHECK_PATH: READINESS_PATH,
                }
            )
        return env

    def providers_of(self, spec: FunctionSpec) -> set[str]:
        """The providers whose key `spec`'s function reads (insights, data and the rest: none)."""
        providers: set[str] = set()
        if spec.calls_llm:
            providers.add(self.config.llm_provider)
            if self.config.llm_fallback_provider:
                providers.add(self.config.llm_fallback_provider)
        if spec.guarded and self.config.safety_guard == "moderation":
            providers.add("openai")
        return providers

    def _add(self, spec: FunctionSpec) -> None:
        config, wiring = self.config, self.wiring
        cid = construct_id(spec.name)
        layers = [wiring.layer, self.lwa_layer] if spec.streams else [wiring.layer]
        timeout = spec.timeout
        reserved: int | None = None
        if spec.streams:
            timeout = Duration.seconds(config.stream_deadline_seconds + STREAM_TIMEOUT_MARGIN_SECONDS)
            reserved = stream_reserved_concurrency(config)
        log_group = logs.LogGroup(self, f"{cid}Logs", retention=LOG_RETENTION, removal_policy=RemovalPolicy.DESTROY)
        snap_start = config.snap_start and spec.behind_alias
        fn = lambda_.Function(
            self,
            cid,
            description=f"Coach AI: {spec.description}",
            runtime=RUNTIME,
            architecture=ARCHITECTURE,
            handler=spec.handler,
            code=lambda_.Code.from_asset(str(config.functions_root / spec.name), exclude=ASSET_EXCLUDES),
            layers=layers,
            memory_size=spec.memory_mb,
            timeout=timeout,
            environment=self.environment(spec),
            vpc=wiring.vpc,
            vpc_subnets=wiring.subnets,
            security_groups=[self.api_sg if spec.uses_cache else self.db_sg],
            log_group=log_group,
            tracing=lambda_.Tracing.ACTIVE,
            reserved_concurrent_executions=reserved,
            snap_start=lambda_.SnapStartConf.ON_PUBLISHED_VERSIONS if snap_start else None,
            # A replaced version is deleted: SnapStart bills the cache of every live version.
            current_version_options=lambda_.VersionOptions(removal_policy=RemovalPolicy.DESTROY),
        )
        wiring.db_app_secret.grant_read(fn)
        if config.tracing:
            grant_span_export(fn)
        if spec.migrates:
            wiring.db_master_secret.grant_read(fn)
        if spec.uses_cache:
            wiring.redis_auth_secret.grant_read(fn)
        for provider in self.providers_of(spec):
            wiring.provider_secrets[provider].grant_read(fn)
        if spec.name in API_FUNCTIONS:
            wiring.hash_secret.grant_read(fn)
        self._acknowledge_managed_policies(fn)
        if snap_start:
            acknowledge(
                fn,
                "@aws-cdk/aws-lambda:snapStartRequirePublish",
                "Versions are published: the `live` alias points at fn.current_version, re-published on change.",
            )
        self.by_name[spec.name] = fn
        if spec.behind_alias:
            self.aliases[spec.name] = lambda_.Alias(
                self, f"{cid}Live", alias_name=ALIAS_NAME, version=fn.current_version
            )

    @staticmethod
    def _acknowledge_managed_policies(fn: lambda_.Function) -> None:
        role = fn.role
        assert role is not None
        for policy in ("AWSLambdaBasicExecutionRole", "AWSLambdaVPCAccessExecutionRole"):
            acknowledge(
                role,
                f"AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/{policy}]",
                f"{policy} grants only CloudWatch Logs writes and the VPC network-interface actions Lambda "
                "needs; AWS keeps it in step with the Lambda service, a copy here would drift.",
            )
        acknowledge(
            role,
            "AwsSolutions-IAM5[Resource::*]",
            "X-Ray PutTraceSegments/PutTelemetryRecords (active tracing) and PutSpans/PutSpansForIndexing "
            "(OpenTelemetry spans to the X-Ray OTLP endpoint) support no resource-level permissions; the "
            "statements list only those actions.",
        )
        acknowledge(
            fn,
            "AwsSolutions-L1",
            "Python 3.12 on purpose: the shared layer's wheels are built for cp312 (scripts/build_layer.py); "
            "moving to a newer runtime means rebuilding the layer for it, in one change.",
        )

    def function(self, name: str) -> lambda_.Function:
        return self.by_name[name]

    def invocable(self, name: str) -> lambda_.IFunction:
        """What callers invoke: the `live` alias where there is one, else the function."""
        return self.aliases.get(name) or self.by_name[name]
