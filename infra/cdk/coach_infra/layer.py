"""The shared dependency layer: a folder prebuilt by `make layer` (scripts/build_layer.py) with
`python/` inside, zipped as is. No bundling, so synth needs no Docker.

The functions verify the database's TLS certificate (`sslmode=verify-full`) against a CA bundle
inside the layer (`DB_SSL_ROOT_CERT`); `scripts/fetch_rds_ca.py` writes it there. A built layer
(one that contains `coach_core`) without the bundle stops synth with that advice."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from aws_cdk import aws_lambda as lambda_
from constructs import Construct

RUNTIME = lambda_.Runtime.PYTHON_3_12
ARCHITECTURE = lambda_.Architecture.ARM_64
LAYER_MOUNT = PurePosixPath("/opt")
# Relative to the layer folder; Lambda mounts the folder's content at /opt.
CA_BUNDLE = PurePosixPath("python/coach_core/certs/rds-global-bundle.pem")
CA_BUNDLE_PATH = str(LAYER_MOUNT / CA_BUNDLE)  # the value of DB_SSL_ROOT_CERT


class LayerFolderMissing(FileNotFoundError):
    """The layer folder has not been built, or lacks the database CA bundle."""


class SharedLayer(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, path: Path) -> None:
        super().__init__(scope, construct_id)
        if not (path / "python").is_dir():
            raise LayerFolderMissing(
                f"layer folder {path} has no python/ directory: run `make layer` "
                "or point -c coach:layerPath=<folder> at a prebuilt layer"
            )
        if (path / "python" / "coach_core").is_dir() and not (path / CA_BUNDLE).is_file():
            raise LayerFolderMissing(
                f"layer folder {path} has no {CA_BUNDLE} (the CA bundle the functions verify the database's "
                f"certificate with): run `.venv/bin/python scripts/fetch_rds_ca.py --layer {path}` after `make layer`"
            )
        self.layer = lambda_.LayerVersion(
            self,
            "Layer",
            code=lambda_.Code.from_asset(str(path)),
            compatible_runtimes=[RUNTIME],
            compatible_architectures=[ARCHITECTURE],
            description="coach_core and its runtime dependencies",
        )
