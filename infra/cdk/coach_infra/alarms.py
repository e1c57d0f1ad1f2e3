"""CloudWatch alarms on the signals an operator acts on: API 5xx and Lambda throttles.
Alarms have no actions here: wire them to an SNS topic or chat channel per account."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_lambda as lambda_
from constructs import Construct


class CoachAlarms(Construct):
    def __init__(
        self, scope: Construct, construct_id: str, *, api: apigw.RestApi, functions: dict[str, lambda_.Function]
    ) -> None:
        super().__init__(scope, construct_id)
        period = Duration.minutes(5)
        self.api_5xx = cloudwatch.Alarm(
            self,
            "Api5xx",
            alarm_description="Coach API returned 5xx responses",
            metric=api.metric_server_error(period=period, statistic="Sum"),
            threshold=5,
            evaluation_periods=1,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
        )
        self.throttles = {
            name: cloudwatch.Alarm(
                self,
                f"{''.join(p.capitalize() for p in name.split('_'))}Throttles",
                alarm_description=f"Coach function {name} is being throttled",
                metric=fn.metric_throttles(period=period, statistic="Sum"),
                threshold=1,
                evaluation_periods=1,
                comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            )
            for name, fn in functions.items()
            if name != "migrate"
        }
