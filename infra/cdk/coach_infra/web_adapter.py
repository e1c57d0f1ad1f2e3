"""Where the Lambda Web Adapter layer (arm64) comes from, and a clear stop where it does not exist.

The adapter's README ("Zip Packages") publishes `LambdaAdapterLayerArm64` from account
753240598075 in the AWS *commercial* regions (`arn:aws:lambda:${AWS::Region}:…`). The China
regions get an x86_64 layer only, from other accounts, and GovCloud / ISO partitions get none.
So a synth for a region outside the `aws` partition fails here unless `coach:lwaLayerArn` names
a layer the operator published (or copied) there. An environment-agnostic synth (no region known)
writes a template Rule that refuses deployment outside the `aws` partition, with the same advice.
"""

from __future__ import annotations

from aws_cdk import Aws, CfnRule, CfnRuleAssertion, Fn, Stack, Token
from aws_cdk.region_info import RegionInfo

from coach_infra.config import CTX_LWA_LAYER_ARN, ConfigError

LWA_ACCOUNT = "753240598075"
LWA_LAYER_NAME = "LambdaAdapterLayerArm64"
PUBLISHED_PARTITIONS = ("aws",)
ADVICE = (
    f"publish the adapter layer (arm64) in your account from github.com/awslabs/aws-lambda-web-adapter "
    f"and pass its ARN with -c {CTX_LWA_LAYER_ARN}=arn:<partition>:lambda:<region>:<account>:layer:<name>:<n>"
)


class AdapterLayerUnavailable(ConfigError):
    """The Lambda Web Adapter layer is not published where the stack deploys."""


def _arn_region(arn: str) -> str:
    return arn.split(":")[3]


def lwa_layer_arn(stack: Stack, *, version: int, override: str | None) -> str:
    """The adapter layer ARN for `stack`'s region, or AdapterLayerUnavailable naming the fix."""
    region = stack.region
    concrete = not Token.is_unresolved(region)
    if override:
        if concrete and _arn_region(override) != region:
            raise AdapterLayerUnavailable(
                f"{CTX_LWA_LAYER_ARN}: {override!r} is in {_arn_region(override)}, the stack deploys to {region} "
                "(a function can only use layers from its own region)"
            )
        return override
    if concrete:
        partition = RegionInfo.get(region).partition
        if partition is None:
            raise AdapterLayerUnavailable(
                f"region {region!r} is unknown to this CDK version, so the Lambda Web Adapter layer cannot be "
                f"located: {ADVICE}"
            )
        if partition not in PUBLISHED_PARTITIONS:
            raise AdapterLayerUnavailable(
                f"the Lambda Web Adapter layer {LWA_LAYER_NAME} is not published in {region} (partition "
                f"{partition}; the adapter publishes arm64 layers in the aws partition only): {ADVICE}"
            )
        return f"arn:aws:lambda:{region}:{LWA_ACCOUNT}:layer:{LWA_LAYER_NAME}:{version}"
    CfnRule(
        stack,
        "WebAdapterLayerPartition",
        assertions=[
            CfnRuleAssertion(
                assert_=Fn.condition_equals(Aws.PARTITION, "aws"),
                assert_description=f"The Lambda Web Adapter layer {LWA_LAYER_NAME} is published in the aws "
                f"partition only: synthesize for your region and {ADVICE}",
            )
        ],
    )
    return f"arn:aws:lambda:{Aws.REGION}:{LWA_ACCOUNT}:layer:{LWA_LAYER_NAME}:{version}"
