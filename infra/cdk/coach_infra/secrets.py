"""The provider-key secret. Created empty-ish (a placeholder JSON); the operator sets the real
value after deploy. Keys in the JSON: OPENAI_API_KEY and/or ANTHROPIC_API_KEY."""

from __future__ import annotations

import json

from aws_cdk import RemovalPolicy
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

PLACEHOLDER = json.dumps({"OPENAI_API_KEY": "", "ANTHROPIC_API_KEY": ""})


class ProviderSecret(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, stage: str) -> None:
        super().__init__(scope, construct_id)
        self.secret = secretsmanager.Secret(
            self,
            "Secret",
            description=f"Coach AI ({stage}) LLM provider API keys: set OPENAI_API_KEY / ANTHROPIC_API_KEY",
            generate_secret_string=secretsmanager.SecretStringGenerator(
                secret_string_template=PLACEHOLDER,
                generate_string_key="_placeholder",
                exclude_punctuation=True,
            ),
            removal_policy=RemovalPolicy.DESTROY,
        )
