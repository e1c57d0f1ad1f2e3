"""EventBridge Scheduler: invoke the session-expiry function every hour (it expires idle sessions,
then purges health data past its retention). Scheduler assumes a role allowed only
lambda:InvokeFunction on that function; an invocation that still fails after the retries lands
in a dead-letter queue, which the alarms watch."""

from __future__ import annotations

from aws_cdk import Aws, Duration, RemovalPolicy, Stack
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as targets
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from coach_infra.nag import acknowledge


class ExpirySchedule(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, function: lambda_.IFunction) -> None:
        super().__init__(scope, construct_id)
        self.dead_letters = sqs.Queue(
            self,
            "DeadLetters",
            retention_period=Duration.days(14),
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            removal_policy=RemovalPolicy.DESTROY,
        )
        acknowledge(
            self.dead_letters,
            "AwsSolutions-SQS3",
            "This queue is itself the dead-letter queue of the expiry schedule; an alarm fires on its first message.",
        )
        self.role = iam.Role(
            self,
            "Role",
            description="EventBridge Scheduler: invoke the session-expiry function",
            assumed_by=iam.ServicePrincipal(
                "scheduler.amazonaws.com", conditions={"StringEquals": {"aws:SourceAccount": Aws.ACCOUNT_ID}}
            ),
        )
        function_id = Stack.of(self).get_logical_id(function.node.default_child)  # type: ignore[arg-type]
        acknowledge(
            self.role,
            f"AwsSolutions-IAM5[Resource::<{function_id}.Arn>:*]",
            "Granted by CDK's grantInvoke: the function's ARN and its versions (ARN:*), nothing else; "
            "lambda:InvokeFunction is the only action.",
        )
        self.schedule = scheduler.Schedule(
            self,
            "Hourly",
            schedule=scheduler.ScheduleExpression.rate(Duration.hours(1)),
            target=targets.LambdaInvoke(
                function,
                retry_attempts=2,
                max_event_age=Duration.minutes(30),
                dead_letter_queue=self.dead_letters,
                role=self.role,
            ),
            description="Coach AI: mark idle sessions EXPIRED, purge old histories and violation excerpts",
        )
