"""CoachStack: wires the capability constructs together; holds no resources of its own besides
its outputs."""

from __future__ import annotations

from typing import Any

from aws_cdk import CfnOutput, Duration, Stack, Tags
from constructs import Construct

from coach_infra.api import CoachApi
from coach_infra.auth import UserPool
from coach_infra.cache import CACHE_PORT, Cache
from coach_infra.config import CoachConfig
from coach_infra.database import Database
from coach_infra.functions import API_FUNCTIONS, STREAM_INTEGRATION_MARGIN_SECONDS, CoachFunctions, Wiring, construct_id
from coach_infra.layer import SharedLayer
from coach_infra.migrations import MigrationTrigger
from coach_infra.monitoring import CoachMonitoring, Watched
from coach_infra.nag import acknowledge
from coach_infra.network import Network
from coach_infra.schedule import ExpirySchedule
from coach_infra.secrets import HashKeySecret, ProviderSecrets
from coach_infra.tracing import TransactionSearch


class CoachStack(Stack):
    def __init__(self, scope: Construct, construct_id_: str, *, config: CoachConfig, **kwargs: Any) -> None:
        super().__init__(scope, construct_id_, **kwargs)
        # DBProxyTargetGroup has no Tags property (CloudFormation rejects it).
        untaggable = ["AWS::RDS::DBProxyTargetGroup"]
        Tags.of(self).add("project", "coach-ai", exclude_resource_types=untaggable)
        Tags.of(self).add("stage", config.stage, exclude_resource_types=untaggable)
        production = config.is_production

        network = Network(self, "Network", vpc_id=config.vpc_id, production=production)
        database = Database(self, "Database", vpc=network.vpc, subnets=network.data_subnets, production=production)
        cache = Cache(self, "Cache", vpc=network.vpc, subnets=network.data_subnets, production=production)
        providers = ProviderSecrets(self, "ProviderKeys", stage=config.stage, providers=config.providers_in_use)
        hash_key = HashKeySecret(self, "HashKey", stage=config.stage)
        layer = SharedLayer(self, "SharedLayer", path=config.layer_path)

        if config.tracing and config.transaction_search:
            TransactionSearch(self, "TransactionSearch")
        functions = CoachFunctions(
            self,
            "Functions",
            config=config,
            wiring=Wiring(
                vpc=network.vpc,
                subnets=network.app_subnets,
                layer=layer.layer,
                db_master_secret=database.secret,
                db_app_secret=database.app_secret,
                db_host=database.proxy.endpoint,
                proxy_sg=database.proxy_sg,
                cache_sg=cache.security_group,
                cache_port=CACHE_PORT,
                redis_url=cache.url,
                redis_auth_secret=cache.auth_secret,
                provider_secrets=providers.by_provider,
                hash_secret=hash_key.secret,
            ),
        )
        for sg in functions.security_groups:
            database.allow_from(sg)
        cache.allow_from(functions.api_sg)

        # Migrations run after the database exists and before any function that serves users changes.
        MigrationTrigger(
            self,
            "Migrations",
            function=functions.function("migrate"),
            after=[database],
            before=[functions.function(name) for name in (*API_FUNCTIONS, "provision_user")],
        )
        schedule = ExpirySchedule(self, "SessionExpiry", function=functions.function("expire_sessions"))

        users = UserPool(
            self,
            "Users",
            user_pool_id=config.user_pool_id,
            production=production,
            allow_password_auth=config.allow_password_auth,
            post_confirmation=functions.invocable("provision_user"),
        )
        users.allow_account_deletion(functions.function("data"))
        api = CoachApi(
            self,
            "Api",
            stage=config.stage,
            user_pool=users.pool,
            targets={name: functions.invocable(name) for name in API_FUNCTIONS},
            stream_integration_timeout=Duration.seconds(
                config.stream_deadline_seconds + STREAM_INTEGRATION_MARGIN_SECONDS
            ),
            waf=config.waf,
        )
        monitoring = CoachMonitoring(
            self,
            "Monitoring",
            watched=Watched(
                api=api.rest_api,
                functions=functions.by_name,
                database=database.instance,
                proxy=database.proxy,
                cache=cache.replication_group,
                cache_nodes=2 if production else 1,
                dead_letters=schedule.dead_letters,
            ),
            alarm_email=config.alarm_email,
        )

        self._acknowledge_cdk_providers()
        self._outputs(config, api, users, providers, functions, database, cache, monitoring)

    def _acknowledge_cdk_providers(self) -> None:
        """Findings on the singleton Lambda functions CDK adds itself (not the coach's code)."""
        for child in self.node.children:
            if child.node.id.startswith("LogRetention"):
                acknowledge(
                    child,
                    "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
                    "AWSLambdaBasicExecutionRole]",
                    "CDK's log-retention helper (sets the RDS log export's retention at deploy time); "
                    "its role only writes its own logs through this AWS-managed policy.",
                )
                acknowledge(
                    child,
                    "AwsSolutions-IAM5[Resource::*]",
                    "CDK's log-retention helper must act on a log group RDS names at run time "
                    "(logs:PutRetentionPolicy / DeleteRetentionPolicy); the actions are limited to those.",
                )

    def _outputs(
        self,
        config: CoachConfig,
        api: CoachApi,
        users: UserPool,
        providers: ProviderSecrets,
        functions: CoachFunctions,
        database: Database,
        cache: Cache,
        monitoring: CoachMonitoring,
    ) -> None:
        CfnOutput(self, "ApiUrl", value=api.url, description="Base URL; routes live under api/v1/coach/")
        CfnOutput(self, "UserPoolId", value=users.pool.user_pool_id)
        if users.client is not None:
            CfnOutput(self, "UserPoolClientId", value=users.client.user_pool_client_id)
        if users.imported:
            CfnOutput(
                self,
                "PostConfirmationTrigger",
                value=functions.invocable("provision_user").function_arn,
                description=(
                    "CDK cannot add triggers to an imported user pool: attach this ARN as the pool's "
                    "post-confirmation trigger (console: User pool > Extensions > Add Lambda trigger; the "
                    "stack already allows the pool to invoke it). docs/DEPLOYMENT.md shows the CLI way."
                ),
            )
        for provider, secret in providers.by_provider.items():
            CfnOutput(
                self,
                f"{provider.capitalize()}SecretArn",
                value=secret.secret_arn,
                description=f'Put the {provider} API key here after deploy (plain string or {{"api_key": ...}})',
            )
        CfnOutput(self, "DatabaseAppSecretArn", value=database.app_secret.secret_arn)
        CfnOutput(self, "CacheAuthSecretArn", value=cache.auth_secret.secret_arn)
        CfnOutput(self, "AlarmTopicArn", value=monitoring.topic.topic_arn)
        CfnOutput(self, "DashboardName", value=monitoring.dashboard.dashboard_name)
        for name, fn in functions.by_name.items():
            CfnOutput(self, f"{construct_id(name)}FunctionName", value=fn.function_name)
