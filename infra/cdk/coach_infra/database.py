"""PostgreSQL 17 on RDS (encrypted, private, generated credentials in Secrets Manager) behind an
RDS Proxy that requires TLS (the instance's own secret, with host/port attached, is the one the
proxy and the functions read). Functions authenticate to the proxy with the secret's
username/password (no IAM database auth), so they only need read access to that one secret."""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_rds as rds
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

DB_NAME = "coach"
DB_PORT = 5432
DB_ADMIN_USER = "coach_admin"
# A pinned minor version: cfn-lint (and RDS) treat the bare major "17" and 17.1-17.4 as deprecated
# for new instances. Minor upgrades are applied automatically; raise the pin when you touch it.


class Database(Construct):
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
        self.instance_sg = ec2.SecurityGroup(
            self, "InstanceSg", vpc=vpc, description="Coach PostgreSQL: only the RDS Proxy", allow_all_outbound=False
        )
        self.proxy_sg = ec2.SecurityGroup(
            self, "ProxySg", vpc=vpc, description="Coach RDS Proxy: only the coach functions"
        )
        # add_proxy() below opens the instance's port to proxy_sg and nothing else.

        # A DatabaseSecret (not from_generated_secret) so the JSON also carries `dbname`: the runtime
        # builds its DSN from username/password/dbname, with the host replaced by the proxy's.
        generated = rds.DatabaseSecret(self, "Secret", username=DB_ADMIN_USER, dbname=DB_NAME)
        self.instance = rds.DatabaseInstance(
            self,
            "Instance",
            engine=rds.DatabaseInstanceEngine.postgres(version=rds.PostgresEngineVersion.VER_17_9),
            instance_type=ec2.InstanceType.of(ec2.InstanceClass.BURSTABLE4_GRAVITON, ec2.InstanceSize.MICRO),
            credentials=rds.Credentials.from_secret(generated),
            database_name=DB_NAME,
            port=DB_PORT,
            vpc=vpc,
            vpc_subnets=subnets,
            security_groups=[self.instance_sg],
            publicly_accessible=False,
            storage_encrypted=True,
            storage_type=rds.StorageType.GP3,
            allocated_storage=20,
            max_allocated_storage=100,
            multi_az=False,
            backup_retention=Duration.days(7),
            auto_minor_version_upgrade=True,
            deletion_protection=production,
            removal_policy=RemovalPolicy.RETAIN if production else RemovalPolicy.SNAPSHOT,
        )
        # The attached secret: referencing it waits for host/port to be written into the JSON.
        self.secret: secretsmanager.ISecret = self.instance.secret or generated

        self.proxy = self.instance.add_proxy(
            "Proxy",
            secrets=[self.secret],
            vpc=vpc,
            vpc_subnets=subnets,
            security_groups=[self.proxy_sg],
            require_tls=True,
            iam_auth=False,
            borrow_timeout=Duration.seconds(30),
            idle_client_timeout=Duration.minutes(30),
            max_connections_percent=90,
        )

    def allow_from(self, peer: ec2.ISecurityGroup) -> None:
        """Let `peer` (the functions' security group) reach the proxy."""
        self.proxy_sg.add_ingress_rule(peer, ec2.Port.tcp(DB_PORT), "coach functions to RDS Proxy")
