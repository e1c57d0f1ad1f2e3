"""CoachStack: wires the capability constructs together; holds no resources of its own."""

from __future__ import annotations

from typing import Any

from aws_cdk import CfnOutput, Stack, Tags
from constructs import Construct

from coach_infra.alarms import CoachAlarms
from coach_infra.api import CoachApi
from coach_infra.auth import UserPool
from coach_infra.cache import Cache
from coach_infra.config import CoachConfig
from coach_infra.database import Database
from coach_infra.functions import CoachFunctions
from coach_infra.layer import SharedLayer
from coach_infra.migrations import MigrationTrigger
from coach_infra.network import Network
from coach_infra.schedule import ExpirySchedule
from coach_infra.secrets import ProviderSecret


class CoachStack(Stack):
    def __init__(self, scope: Construct, construct_id: str, *, config: CoachConfig, **kwargs: Any) -> None:
        super().__init__(scope, construct_id, **kwargs)
        # DBProxyTargetGroup has no Tags property (CloudFormation rejects it).
        untaggable = ["AWS::RDS::DBProxyTargetGroup"]
        Tags.of(self).add("project", "coach-ai", exclude_resource_types=untaggable)
        Tags.of(self).add("stage", config.stage, exclude_resource_types=untaggable)

        network = Network(self, "Network", vpc_id=config.vpc_id)
        database = Database(
            self, "Database", vpc=network.vpc, subnets=network.data_subnets, production=config.is_production
        )
        cache = Cache(self, "Cache", vpc=network.vpc, subnets=network.data_subnets)
        provider = ProviderSecret(self, "ProviderKeys", stage=config.stage)
        layer = SharedLayer(self, "SharedLayer", path=config.layer_path)

        functions = CoachFunctions(
            self,
            "Functions",
            vpc=network.vpc,
            subnets=network.app_subnets,
            layer=layer.layer,
            functions_root=config.functions_root,
            db_secret=database.secret,
            db_host=database.proxy.endpoint,
            provider_secret=provider.secret,
            redis_url=cache.url,
            llm_provider=config.llm_provider,
            lwa_layer_version=config.lwa_layer_version,
            tracer_subsegments=config.tracer_subsegments,
        )
        database.allow_from(functions.security_group)
        cache.allow_from(functions.security_group)

        MigrationTrigger(self, "Migrations", function=functions.migrate, after=[database])
        ExpirySchedule(self, "SessionExpiry", function=functions.expire_sessions)

        users = UserPool(self, "Users", user_pool_id=config.user_pool_id, production=config.is_production)
        api = CoachApi(
            self,
            "Api",
            stage=config.stage,
            user_pool=users.pool,
            chat=functions.chat,
            chat_stream=functions.chat_stream,
            plan=functions.plan,
            insights=functions.insights,
        )
        CoachAlarms(self, "Alarms", api=api.rest_api, functions=functions.by_name)

        CfnOutput(self, "ApiUrl", value=api.url, description="Base URL; routes live under api/v1/coach/")
        CfnOutput(self, "UserPoolId", value=users.pool.user_pool_id)
        if users.client is not None:
            CfnOutput(self, "UserPoolClientId", value=users.client.user_pool_client_id)
        CfnOutput(
            self,
            "ProviderSecretArn",
            value=provider.secret.secret_arn,
            description='Put {"OPENAI_API_KEY": ...} and/or {"ANTHROPIC_API_KEY": ...} here after deploy',
        )
        for name, fn in functions.by_name.items():
            CfnOutput(self, f"{''.join(p.capitalize() for p in name.split('_'))}FunctionName", value=fn.function_name)
