"""GIVEN where the stack deploys WHEN the Lambda Web Adapter layer is located THEN the published
layer is used in the aws partition, synth stops with the fix elsewhere, and coach:lwaLayerArn wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.infra.conftest import Synth

pytestmark = pytest.mark.infra


def stack_in(region: str | None):  # type: ignore[no-untyped-def]
    import aws_cdk as cdk

    env = cdk.Environment(account="123456789012", region=region) if region else None
    return cdk.Stack(cdk.App(), "Probe", env=env)


@pytest.mark.parametrize("region", ["us-east-1", "eu-west-1", "ap-southeast-2", "il-central-1"])
def test_given_a_commercial_region_then_the_published_layer_is_used(region: str) -> None:
    from coach_infra.web_adapter import lwa_layer_arn

    arn = lwa_layer_arn(stack_in(region), version=30, override=None)
    assert arn == f"arn:aws:lambda:{region}:753240598075:layer:LambdaAdapterLayerArm64:30"


@pytest.mark.parametrize(
    ("region", "partition"),
    [("cn-north-1", "aws-cn"), ("cn-northwest-1", "aws-cn"), ("us-gov-west-1", "aws-us-gov"),
     ("us-iso-east-1", "aws-iso")],
)  # fmt: skip
def test_given_a_partition_without_the_layer_then_synth_stops_with_the_fix(region: str, partition: str) -> None:
    from coach_infra.web_adapter import AdapterLayerUnavailable, lwa_layer_arn

    with pytest.raises(AdapterLayerUnavailable, match=f"not published in {region}.*{partition}.*coach:lwaLayerArn"):
        lwa_layer_arn(stack_in(region), version=30, override=None)


def test_given_an_unknown_region_then_synth_stops_with_the_fix() -> None:
    from coach_infra.web_adapter import AdapterLayerUnavailable, lwa_layer_arn

    with pytest.raises(AdapterLayerUnavailable, match=r"unknown.*coach:lwaLayerArn"):
        lwa_layer_arn(stack_in("xx-nowhere-1"), version=30, override=None)


def test_given_an_arn_in_context_then_it_is_used_even_where_nothing_is_published() -> None:
    from coach_infra.web_adapter import lwa_layer_arn

    arn = "arn:aws-cn:lambda:cn-north-1:111122223333:layer:MyAdapterArm64:4"
    assert lwa_layer_arn(stack_in("cn-north-1"), version=30, override=arn) == arn


def test_given_an_arn_from_another_region_then_synth_stops() -> None:
    from coach_infra.web_adapter import AdapterLayerUnavailable, lwa_layer_arn

    arn = "arn:aws:lambda:us-west-2:111122223333:layer:MyAdapterArm64:4"
    with pytest.raises(AdapterLayerUnavailable, match=r"us-west-2.*eu-west-1"):
        lwa_layer_arn(stack_in("eu-west-1"), version=30, override=arn)


def test_given_a_region_agnostic_synth_then_a_template_rule_refuses_other_partitions(synth: Synth) -> None:
    rule = synth.data["Rules"]["WebAdapterLayerPartition"]
    (assertion,) = rule["Assertions"]
    assert assertion["Assert"] == {"Fn::Equals": [{"Ref": "AWS::Partition"}, "aws"]}
    assert "coach:lwaLayerArn" in assertion["AssertDescription"]


def test_given_the_context_arn_then_the_stream_function_uses_it(synth_full: Synth) -> None:
    layers = synth_full.function("chat_stream")["Layers"]
    assert "arn:aws:lambda:eu-west-1:123456789012:layer:MyAdapterArm64:3" in layers
    assert "WebAdapterLayerPartition" not in synth_full.data.get("Rules", {})


def test_given_a_china_region_then_the_app_refuses_to_synthesize(tmp_path_factory: pytest.TempPathFactory) -> None:
    import aws_cdk as cdk

    from coach_infra.web_adapter import AdapterLayerUnavailable
    from tests.infra.conftest import synthesize

    with pytest.raises(AdapterLayerUnavailable, match="cn-north-1"):
        synthesize(tmp_path_factory, {}, env=cdk.Environment(account="123456789012", region="cn-north-1"))


@pytest.mark.parametrize(("region", "refused"), [("ap-southeast-6", True), ("ap-east-2", True), ("us-east-1", False)])
def test_snap_start_is_refused_where_lambda_does_not_offer_it(region: str, refused: bool) -> None:
    from coach_infra.config import ConfigError
    from coach_infra.functions import check_snap_start_region

    if refused:
        with pytest.raises(ConfigError, match="coach:snapStart=false"):
            check_snap_start_region(stack_in(region))
    else:
        check_snap_start_region(stack_in(region))
