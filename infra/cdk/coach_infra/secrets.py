"""One secret per LLM provider the deployment uses (primary, fallback, and OpenAI for the
moderation guard). Each is created holding `{"api_key": ""}`; the operator puts the real key in
after deploy (a plain key string or `{"api_key": "..."}`), and until then the runtime answers with
its clean "provider not configured" error. Each function is granted only the secrets it needs."""

from __future__ import annotations

import json

from aws_cdk import RemovalPolicy, SecretValue
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from coach_infra.nag import acknowledge

PLACEHOLDER = json.dumps({"api_key": ""})


class ProviderSecrets(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, stage: str, providers: frozenset[str]) -> None:
        super().__init__(scope, construct_id)
        self.by_provider: dict[str, secretsmanager.ISecret] = {}
        for provider in sorted(providers):
            secret = secretsmanager.Secret(
                self,
                provider.capitalize(),
                description=f'Coach AI ({stage}) {provider} API key: a plain string or {{"api_key": "..."}}',
                secret_string_value=SecretValue.unsafe_plain_text(PLACEHOLDER),  # an empty placeholder, no key
                removal_policy=RemovalPolicy.DESTROY,
            )
            acknowledge(
                secret,
                "AwsSolutions-SMG4",
                "A third-party API key: Secrets Manager cannot mint a new one, the provider's console "
                "does; rotate there and put-secret-value (functions re-read it within SECRETS_CACHE_SECONDS).",
            )
            self.by_provider[provider] = secret
