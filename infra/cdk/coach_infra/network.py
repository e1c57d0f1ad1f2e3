"""The VPC: public subnets for the NAT gateway(s), private subnets with egress for the functions
(they call the LLM providers and Secrets Manager), isolated subnets for the database and cache.
Development stages share one NAT gateway; prod has one per AZ so losing an AZ does not cut the
other AZ's functions off the providers. VPC flow logs go to CloudWatch Logs.
With `coach:vpcId` an existing VPC is imported instead (its egress and flow logs are the owner's)."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_logs as logs
from constructs import Construct

MAX_AZS = 2
FLOW_LOG_RETENTION = logs.RetentionDays.ONE_MONTH


class Network(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, vpc_id: str | None, production: bool) -> None:
        super().__init__(scope, construct_id)
        if vpc_id:
            self.vpc: ec2.IVpc = ec2.Vpc.from_lookup(self, "Vpc", vpc_id=vpc_id)
            return
        vpc = ec2.Vpc(
            self,
            "Vpc",
            max_azs=MAX_AZS,
            nat_gateways=MAX_AZS if production else 1,
            subnet_configuration=[
                ec2.SubnetConfiguration(name="public", subnet_type=ec2.SubnetType.PUBLIC, cidr_mask=24),
                ec2.SubnetConfiguration(name="app", subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS, cidr_mask=22),
                ec2.SubnetConfiguration(name="data", subnet_type=ec2.SubnetType.PRIVATE_ISOLATED, cidr_mask=24),
            ],
        )
        flow_logs = logs.LogGroup(self, "FlowLogs", retention=FLOW_LOG_RETENTION, removal_policy=RemovalPolicy.DESTROY)
        vpc.add_flow_log(
            "FlowLog",
            destination=ec2.FlowLogDestination.to_cloud_watch_logs(flow_logs),
            traffic_type=ec2.FlowLogTrafficType.ALL,
        )
        self.vpc = vpc

    @property
    def app_subnets(self) -> ec2.SubnetSelection:
        """Where the functions run: private, with a route to a NAT gateway."""
        return ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS)

    @property
    def data_subnets(self) -> ec2.SubnetSelection:
        """Where the database and cache live: isolated when the VPC has such subnets."""
        if self.vpc.isolated_subnets:
            return ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_ISOLATED)
        return self.app_subnets
