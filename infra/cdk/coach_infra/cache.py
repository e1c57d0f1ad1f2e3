"""ElastiCache for Valkey (Redis-compatible) in the isolated subnets: TLS in transit, encrypted at
rest, and an AUTH token generated into Secrets Manager (`REDIS_AUTH_SECRET_NAME`). Development
stages run one node; prod a replication group of two nodes in two AZs with automatic failover.
The cache is an optimisation: the functions keep working when it is away."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_elasticache as elasticache
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from coach_infra.nag import acknowledge

CACHE_PORT = 6379
NODE_TYPE = "cache.t4g.micro"
ENGINE_VERSION = "8.0"
PROD_NODES = 2
# ElastiCache AUTH tokens: 16-128 printable characters, no spaces, '/', '"' or '@'.
AUTH_TOKEN_LENGTH = 64


class Cache(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        vpc: ec2.IVpc,
        subnets: ec2.SubnetSelection,
        production: bool,
    ) -> None:
        super().__init__(scope, construct_id)
        self.security_group = ec2.SecurityGroup(
            self, "Sg", vpc=vpc, description="Coach cache: only the coach functions", allow_all_outbound=False
        )
        self.auth_secret = secretsmanager.Secret(
            self,
            "AuthToken",
            description="Coach AI cache AUTH token (plain string)",
            generate_secret_string=secretsmanager.SecretStringGenerator(
                password_length=AUTH_TOKEN_LENGTH, exclude_punctuation=True
            ),
            removal_policy=RemovalPolicy.DESTROY,
        )
        acknowledge(
            self.auth_secret,
            "AwsSolutions-SMG4",
            "ElastiCache AUTH tokens rotate through ModifyReplicationGroup (AuthTokenUpdateStrategy "
            "ROTATE then SET), which Secrets Manager's rotation functions do not drive; rotate by "
            "updating this secret and redeploying.",
        )
        subnet_group = elasticache.CfnSubnetGroup(
            self,
            "Subnets",
            description="Coach cache subnets",
            subnet_ids=vpc.select_subnets(
                subnet_type=subnets.subnet_type, subnet_group_name=subnets.subnet_group_name
            ).subnet_ids,
        )
        self.replication_group = elasticache.CfnReplicationGroup(
            self,
            "ReplicationGroup",
            replication_group_description="Coach AI tool-result cache",
            engine="valkey",
            engine_version=ENGINE_VERSION,
            cache_node_type=NODE_TYPE,
            num_cache_clusters=PROD_NODES if production else 1,
            automatic_failover_enabled=production,
            multi_az_enabled=production,
            transit_encryption_enabled=True,
            transit_encryption_mode="required",
            at_rest_encryption_enabled=True,
            auth_token=self.auth_secret.secret_value.unsafe_unwrap(),  # a {{resolve:secretsmanager}} reference
            port=CACHE_PORT,
            cache_subnet_group_name=subnet_group.ref,
            security_group_ids=[self.security_group.security_group_id],
            auto_minor_version_upgrade=True,
            snapshot_retention_limit=1 if production else 0,
        )
        acknowledge(
            self.replication_group,
            "AwsSolutions-AEC5",
            "The default port is kept: the cache admits only the functions' security group, over TLS "
            "with an AUTH token; a non-standard port adds no protection.",
        )
        if not production:
            acknowledge(
                self.replication_group,
                "AwsSolutions-AEC4",
                "One node outside prod (the cache is an optimisation and tools run uncached without "
                "it); coach:stage=prod deploys two nodes in two AZs with automatic failover.",
            )

    @property
    def url(self) -> str:
        """`rediss://` (TLS) URL of the primary endpoint, database 0 (the password comes from the secret)."""
        host = self.replication_group.attr_primary_end_point_address
        port = self.replication_group.attr_primary_end_point_port
        return f"rediss://{host}:{port}/0"

    def allow_from(self, peer: ec2.ISecurityGroup) -> None:
        self.security_group.add_ingress_rule(peer, ec2.Port.tcp(CACHE_PORT), "coach functions to cache")
