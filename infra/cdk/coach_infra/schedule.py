"""EventBridge Scheduler: invoke the session-expiry function every hour. The target creates a
role that EventBridge Scheduler assumes, allowed only lambda:InvokeFunction on that function."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_scheduler as scheduler
from aws_cdk import aws_scheduler_targets as targets
from constructs import Construct


class ExpirySchedule(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, function: lambda_.IFunction) -> None:
        super().__init__(scope, construct_id)
        self.schedule = scheduler.Schedule(
            self,
            "Hourly",
            schedule=scheduler.ScheduleExpression.rate(Duration.hours(1)),
            target=targets.LambdaInvoke(function, retry_attempts=2, max_event_age=Duration.minutes(30)),
            description="Coach AI: mark idle sessions EXPIRED",
        )
