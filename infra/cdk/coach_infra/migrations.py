"""Run the migration function during every deployment that changes it or its layer (which holds
the SQL migrations): after the database and proxy exist, and BEFORE the API functions and the
Cognito trigger are created or updated, so new code never meets an old schema (and the app role
the migrations create exists before any function logs in with it). The trigger invokes the
function synchronously, so a failed migration fails the deployment. Migrations are idempotent."""

from __future__ import annotations

from aws_cdk import Duration, triggers
from aws_cdk import aws_lambda as lambda_
from constructs import Construct


class MigrationTrigger(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        function: lambda_.Function,
        after: list[Construct],
        before: list[Construct],
    ) -> None:
        super().__init__(scope, construct_id)
        self.trigger = triggers.Trigger(
            self,
            "Run",
            handler=function,
            invocation_type=triggers.InvocationType.REQUEST_RESPONSE,
            timeout=Duration.minutes(5),
            execute_after=after,
            execute_before=before,
            execute_on_handler_change=True,
        )
