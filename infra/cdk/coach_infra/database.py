"""PostgreSQL 17 on RDS (encrypted, private) behind an RDS Proxy that requires TLS.

Two logins, both generated into Secrets Manager and both registered with the proxy:
- the master (`coach_admin`), read only by the migrate function, which creates and updates
- the application role (`coach_app`, least privilege), whose secret every other function reads.
Functions authenticate to the proxy with username/password from their secret (no IAM database
auth) and reach the proxy endpoint given in `DB_HOST`.

Connection budget (the arithmetic behind the stream function's reserved concurrency, see
functions.stream_reserved_concurrency): max_connections is pinned to MAX_CONNECTIONS here instead
of RDS's memory formula so the budget is exact, and the proxy may open PROXY_MAX_CONNECTIONS_PERCENT
of it.

Prod (`coach:stage=prod`): Multi-AZ, deletion protection, and the instance and both secrets are
retained when the stack is deleted (the app role lives in the database the secret belongs to).
"""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_logs as logs
from aws_cdk import aws_rds as rds
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from coach_infra.nag import acknowledge

DB_NAME = "coach"
DB_PORT = 5432
DB_ADMIN_USER = "coach_admin"
DB_APP_USER = "coach_app"
INSTANCE_TYPE = ec2.InstanceType.of(ec2.InstanceClass.BURSTABLE4_GRAVITON, ec2.InstanceSize.MICRO)
# RDS's default for 1 GiB (LEAST(DBInstanceClassMemory/9531392, 5000)) is at most 112 and lower in
# practice because DBInstanceClassMemory excludes the OS's share; 80 keeps memory headroom on a micro
# instance and makes the budget below exact. Raise both together when you change INSTANCE_TYPE.
MAX_CONNECTIONS = 80
PROXY_MAX_CONNECTIONS_PERCENT = 90
# floor(80 * 90 / 100) = 72 connections the proxy may hold to the instance; the other 8 stay free for
# RDS's own sessions (superuser_reserved_connections, rds_superuser_reserved_connections) and operators.
PROXY_CONNECTION_BUDGET = MAX_CONNECTIONS * PROXY_MAX_CONNECTIONS_PERCENT // 100
# Characters that need quoting in a libpq keyword/value string or a URL: kept out of generated passwords.
PASSWORD_EXCLUDE = " %+~`#$&*()|[]{}:;<>?!'/@\"\\=,"


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

        retention = RemovalPolicy.RETAIN if production else RemovalPolicy.DESTROY
        # DatabaseSecrets (not from_generated_secret) so the JSON also carries `dbname`: the runtime
        # builds its DSN from username/password/dbname, with the host replaced by DB_HOST (the proxy).
        master = rds.DatabaseSecret(
            self, "Secret", username=DB_ADMIN_USER, dbname=DB_NAME, exclude_characters=PASSWORD_EXCLUDE
        )
        self.app_secret: secretsmanager.ISecret = rds.DatabaseSecret(
            self, "AppSecret", username=DB_APP_USER, dbname=DB_NAME, exclude_characters=PASSWORD_EXCLUDE
        )
        master.apply_removal_policy(retention)
        self.app_secret.apply_removal_policy(retention)
        for secret in (master, self.app_secret):
            acknowledge(
                secret,
                "AwsSolutions-SMG4",
                "Not rotated automatically yet: a rotation Lambda would need its own VPC path to Secrets "
                "Manager and the proxy, and migrate re-applies the app role's password from its secret; "
                "rotate by hand with `aws secretsmanager rotate-secret` after adding a rotation function "
                "(docs/DEPLOYMENT.md, 'Secrets').",
            )

        parameters = rds.ParameterGroup(
            self,
            "Parameters",
            engine=rds.DatabaseInstanceEngine.postgres(version=rds.PostgresEngineVersion.VER_17_9),
            description="Coach PostgreSQL: pinned connection budget, TLS only",
            parameters={"max_connections": str(MAX_CONNECTIONS), "rds.force_ssl": "1"},
        )
        self.instance = rds.DatabaseInstance(
            self,
            "Instance",
            engine=rds.DatabaseInstanceEngine.postgres(version=rds.PostgresEngineVersion.VER_17_9),
            instance_type=INSTANCE_TYPE,
            credentials=rds.Credentials.from_secret(master),
            database_name=DB_NAME,
            port=DB_PORT,
            parameter_group=parameters,
            vpc=vpc,
            vpc_subnets=subnets,
            security_groups=[self.instance_sg],
            publicly_accessible=False,
            storage_encrypted=True,
            storage_type=rds.StorageType.GP3,
            allocated_storage=20,
            max_allocated_storage=100,
            multi_az=production,
            backup_retention=Duration.days(7),
            auto_minor_version_upgrade=True,
            cloudwatch_logs_exports=["postgresql"],
            cloudwatch_logs_retention=logs.RetentionDays.ONE_MONTH,
            deletion_protection=production,
            removal_policy=RemovalPolicy.RETAIN if production else RemovalPolicy.SNAPSHOT,
        )
        acknowledge(
            self.instance,
            "AwsSolutions-RDS11",
            "The default port is kept: only the RDS Proxy's security group may reach it, over TLS; a "
            "non-standard port would hide nothing from a client that can already reach the subnet.",
        )
        if not production:
            acknowledge(
                self.instance,
                "AwsSolutions-RDS3",
                "Single-AZ outside prod to halve the instance cost; coach:stage=prod deploys Multi-AZ.",
            )
            acknowledge(
                self.instance,
                "AwsSolutions-RDS10",
                "Deletion protection only in prod so development stacks can be torn down; the instance "
                "is snapshotted on delete (RemovalPolicy.SNAPSHOT).",
            )
        # The attached secret: referencing it waits for host/port to be written into the JSON.
        self.secret: secretsmanager.ISecret = self.instance.secret or master

        self.proxy = self.instance.add_proxy(
            "Proxy",
            secrets=[self.secret, self.app_secret],
            vpc=vpc,
            vpc_subnets=subnets,
            security_groups=[self.proxy_sg],
            require_tls=True,
            iam_auth=False,
            borrow_timeout=Duration.seconds(30),
            idle_client_timeout=Duration.minutes(30),
            max_connections_percent=PROXY_MAX_CONNECTIONS_PERCENT,
        )

    def allow_from(self, peer: ec2.ISecurityGroup) -> None:
        """Let `peer` (the functions' security group) reach the proxy."""
        self.proxy_sg.add_ingress_rule(peer, ec2.Port.tcp(DB_PORT), "coach functions to RDS Proxy")
