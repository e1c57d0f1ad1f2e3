"""The shared dependency layer: a folder prebuilt by `make layer` (scripts/build_layer.py) with
`python/` inside, zipped as is. No bundling, so synth needs no Docker."""

from __future__ import annotations

from pathlib import Path

from aws_cdk import aws_lambda as lambda_
from constructs import Construct

RUNTIME = lambda_.Runtime.PYTHON_3_12
ARCHITECTURE = lambda_.Architecture.ARM_64


class LayerFolderMissing(FileNotFoundError):
    """The layer folder has not been built."""


class SharedLayer(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, path: Path) -> None:
        super().__init__(scope, construct_id)
        if not (path / "python").is_dir():
            raise LayerFolderMissing(
                f"layer folder {path} has no python/ directory: run `make layer` "
                "or point -c coach:layerPath=<folder> at a prebuilt layer"
            )
        self.layer = lambda_.LayerVersion(
            self,
            "Layer",
            code=lambda_.Code.from_asset(str(path)),
            compatible_runtimes=[RUNTIME],
            compatible_architectures=[ARCHITECTURE],
            description="coach_core and its runtime dependencies",
        )
