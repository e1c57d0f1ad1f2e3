"""Run the migration function during every deployment that changes it or its layer (which holds
the SQL migrations), after the database and proxy exist. The trigger invokes it synchronously,
so a failed migration fails the deployment. Migrations are idempotent (`coach migrate`)."""

from __future__ import annotations

from aws_cdk import Duration, triggers
from aws_cdk import aws_lambda as lambda_
from constructs import Construct


class MigrationTrigger(Construct):
    def __init__(
        self, scope: Construct, construct_id: str, *, function: lambda_.Function, after: list[Construct]
    ) -> None:
        super().__init__(scope, construct_id)
        self.trigger = triggers.Trigger(
            self,
            "Run",
            handler=function,
            invocation_type=triggers.InvocationType.REQUEST_RESPONSE,
            timeout=Duration.minutes(5),
            execute_after=after,
            execute_on_handler_change=True,
        )
