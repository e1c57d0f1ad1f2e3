"""The VPC: public subnets for one NAT gateway, private subnets with egress for the functions
(they call the LLM providers and Secrets Manager), isolated subnets for the database and cache.
With `coach:vpcId` an existing VPC is imported instead."""

from __future__ import annotations

from aws_cdk import aws_ec2 as ec2
from constructs import Construct


class Network(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, vpc_id: str | None) -> None:
        super().__init__(scope, construct_id)
        if vpc_id:
            self.vpc: ec2.IVpc = ec2.Vpc.from_lookup(self, "Vpc", vpc_id=vpc_id)
        else:
            self.vpc = ec2.Vpc(
                self,
                "Vpc",
                max_azs=2,
                nat_gateways=1,
                subnet_configuration=[
                    ec2.SubnetConfiguration(name="public", subnet_type=ec2.SubnetType.PUBLIC, cidr_mask=24),
                    ec2.SubnetConfiguration(name="app", subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS, cidr_mask=22),
                    ec2.SubnetConfiguration(name="data", subnet_type=ec2.SubnetType.PRIVATE_ISOLATED, cidr_mask=24),
                ],
            )

    @property
    def app_subnets(self) -> ec2.SubnetSelection:
        """Where the functions run: private, with a route to the NAT gateway."""
        return ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS)

    @property
    def data_subnets(self) -> ec2.SubnetSelection:
        """Where the database and cache live: isolated when the VPC has such subnets."""
        if self.vpc.isolated_subnets:
            return ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_ISOLATED)
        return self.app_subnets
