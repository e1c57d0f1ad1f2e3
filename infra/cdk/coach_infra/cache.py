"""ElastiCache for Valkey (Redis-compatible), one node, TLS in transit and encrypted at rest, in
private subnets. The cache is an optimisation: the functions keep working when it is away."""

from __future__ import annotations

from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_elasticache as elasticache
from constructs import Construct

CACHE_PORT = 6379
NODE_TYPE = "cache.t4g.micro"
ENGINE_VERSION = "8.0"


class Cache(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, vpc: ec2.IVpc, subnets: ec2.SubnetSelection) -> None:
        super().__init__(scope, construct_id)
        self.security_group = ec2.SecurityGroup(
            self, "Sg", vpc=vpc, description="Coach cache: only the coach functions", allow_all_outbound=False
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
            num_cache_clusters=1,
            automatic_failover_enabled=False,
            multi_az_enabled=False,
            transit_encryption_enabled=True,
            at_rest_encryption_enabled=True,
            port=CACHE_PORT,
            cache_subnet_group_name=subnet_group.ref,
            security_group_ids=[self.security_group.security_group_id],
            auto_minor_version_upgrade=True,
            snapshot_retention_limit=0,
        )

    @property
    def url(self) -> str:
        """`rediss://` (TLS) URL of the primary endpoint, database 0."""
        host = self.replication_group.attr_primary_end_point_address
        port = self.replication_group.attr_primary_end_point_port
        return f"rediss://{host}:{port}/0"

    def allow_from(self, peer: ec2.ISecurityGroup) -> None:
        self.security_group.add_ingress_rule(peer, ec2.Port.tcp(CACHE_PORT), "coach functions to cache")
