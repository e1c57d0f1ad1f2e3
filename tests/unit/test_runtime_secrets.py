"""Secrets through Powertools Parameters against moto's Secrets Manager: applied to the
environment, cached for minutes, and a missing one fails with a clear log line and a
generic 500, never the value in a log."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import boto3
import pytest
from aws_lambda_powertools.utilities.parameters.base import clear_caches
from moto import mock_aws

from coach_core import runtime_secrets
from coach_core.settings import get_settings

SECRET_VALUE = "sk-test-DO-NOT-LEAK-0123456789"


@dataclass
class FakeLambdaContext:
    function_name: str = "coach-chat"
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:coach-chat"
    aws_request_id: str = "52fdfc07-2182-154f-163f-5f0f9a621d72"


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    for var in (
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "OPENAI_SECRET_NAME",
        "ANTHROPIC_SECRET_NAME",
        "DB_SECRET_NAME",
        "DB_HOST",
        "DB_SSL_ROOT_CERT",
        "REDIS_AUTH_SECRET_NAME",
        "DB_APP_SECRET_NAME",
        "COACH_HASH_SECRET_NAME",
        "COACH_HASH_SECRET",
    ):
        monkeypatch.delenv(var, raising=False)
    saved_db_url = os.environ.get("DATABASE_URL")
    clear_caches()
    with mock_aws():
        yield boto3.client("secretsmanager", region_name="us-east-1")
    clear_caches()
    if saved_db_url is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = saved_db_url
    os.environ.pop("OPENAI_API_KEY", None)
    os.environ.pop("COACH_HASH_SECRET", None)
    get_settings.cache_clear()


@pytest.mark.parametrize("stored", [SECRET_VALUE, json.dumps({"api_key": SECRET_VALUE})], ids=["plain", "json"])
def test_given_provider_secret_when_applied_then_settings_see_the_key(aws, monkeypatch, stored: str) -> None:  # type: ignore[no-untyped-def]
    aws.create_secret(Name="coach/openai", SecretString=stored)
    monkeypatch.setenv("OPENAI_SECRET_NAME", "coach/openai")
    assert runtime_secrets.apply_runtime_secrets() is True
    assert get_settings().openai_api_key is not None
    assert get_settings().openai_api_key.get_secret_value() == SECRET_VALUE


def test_given_an_empty_provider_secret_when_applied_then_the_key_stays_unconfigured(aws, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """GIVEN the secret the stack creates before anyone fills it in (`{"api_key": ""}`) THEN no key
    is set, so the provider reports a configuration error instead of calling with an empty key."""
    aws.create_secret(Name="coach/anthropic", SecretString=json.dumps({"api_key": ""}))
    monkeypatch.setenv("ANTHROPIC_SECRET_NAME", "coach/anthropic")
    assert runtime_secrets.apply_runtime_secrets() is False
    assert "ANTHROPIC_API_KEY" not in os.environ


def test_given_a_redis_auth_secret_when_applied_then_the_tls_url_carries_the_token(aws, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    aws.create_secret(Name="coach/redis", SecretString="t0ken/with+chars")
    monkeypatch.setenv("REDIS_AUTH_SECRET_NAME", "coach/redis")
    monkeypatch.setenv("REDIS_URL", "rediss://cache.internal:6379/0")
    assert runtime_secrets.apply_runtime_secrets() is True
    assert os.environ["REDIS_URL"] == "rediss://:t0ken%2Fwith%2Bchars@cache.internal:6379/0"
    assert runtime_secrets.apply_runtime_secrets() is False  # applying again changes nothing


def test_given_the_generated_hash_secret_when_applied_then_the_keyed_hashes_use_it(aws, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """GIVEN the key the stack generates for the limiter's and the guard cache's keyed hashes
    (`{"key": "..."}`) THEN settings use it as is; a secret without a key fails loudly."""
    key = "k" * 64
    aws.create_secret(Name="coach/hash", SecretString=json.dumps({"key": key}))
    aws.create_secret(Name="coach/hash-empty", SecretString=json.dumps({"key": ""}))
    monkeypatch.setenv("COACH_HASH_SECRET_NAME", "coach/hash")
    assert runtime_secrets.apply_runtime_secrets() is True
    assert get_settings().hash_key() == key.encode()
    monkeypatch.setenv("COACH_HASH_SECRET_NAME", "coach/hash-empty")
    with pytest.raises(runtime_secrets.SecretUnavailableError):
        runtime_secrets.apply_runtime_secrets()


def test_given_the_app_role_secret_when_read_then_the_migration_gets_the_role(aws, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    aws.create_secret(
        Name="coach/app", SecretString=json.dumps({"username": "coach_app", "password": "pw", "dbname": "coach"})
    )
    monkeypatch.setenv("DB_APP_SECRET_NAME", "coach/app")
    role = runtime_secrets.app_role()
    assert role is not None and (role.name, role.password) == ("coach_app", "pw")


def test_given_secret_read_once_when_it_changes_within_max_age_then_the_cached_value_is_used(  # type: ignore[no-untyped-def]
    aws, monkeypatch
) -> None:
    aws.create_secret(Name="coach/openai", SecretString="first")
    monkeypatch.setenv("OPENAI_SECRET_NAME", "coach/openai")
    monkeypatch.setenv("SECRETS_CACHE_SECONDS", "300")
    runtime_secrets.apply_runtime_secrets()
    aws.put_secret_value(SecretId="coach/openai", SecretString="second")
    assert runtime_secrets.apply_runtime_secrets() is False
    assert os.environ["OPENAI_API_KEY"] == "first"
    clear_caches()  # cache expiry: the next read sees the rotated value
    assert runtime_secrets.apply_runtime_secrets() is True
    assert os.environ["OPENAI_API_KEY"] == "second"


def test_given_rds_secret_and_proxy_host_when_applied_then_database_url_uses_the_proxy(aws, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    aws.create_secret(
        Name="coach/db",
        SecretString=json.dumps(
            {
                "username": "coach",
                "password": "p@ss/word",
                "host": "db-instance.internal",
                "port": 5432,
                "dbname": "coach",
                "engine": "postgres",
            }
        ),
    )
    monkeypatch.setenv("DB_SECRET_NAME", "coach/db")
    monkeypatch.setenv("DB_HOST", "proxy.internal")
    runtime_secrets.apply_runtime_secrets()
    assert os.environ["DATABASE_URL"] == "postgresql://coach:p%40ss%2Fword@proxy.internal:5432/coach?sslmode=require"
    monkeypatch.setenv("DB_SSL_ROOT_CERT", "/opt/python/coach_core/certs/rds-global-bundle.pem")
    runtime_secrets.apply_runtime_secrets()
    assert os.environ["DATABASE_URL"].endswith(
        "@proxy.internal:5432/coach?sslmode=verify-full&sslrootcert=/opt/python/coach_core/certs/rds-global-bundle.pem"
    )


def test_given_missing_secret_when_http_handler_runs_then_generic_500_and_a_clear_log_line(  # type: ignore[no-untyped-def]
    aws, monkeypatch, caplog
) -> None:
    from coach_core.lambda_handlers import http_handler

    monkeypatch.setenv("OPENAI_SECRET_NAME", "coach/missing")
    event = json.loads(Path("events/chat.json").read_text())
    with caplog.at_level(logging.ERROR):
        response = http_handler(event, FakeLambdaContext())
    assert response["statusCode"] == 500
    assert json.loads(response["body"]) == {"detail": "Something went wrong. Please try again."}
    records = [r for r in caplog.records if r.getMessage() == "required secret could not be read"]
    assert len(records) == 1
    assert records[0].__dict__["secret_name"] == "coach/missing"
    assert SECRET_VALUE not in caplog.text


def test_given_rotated_database_secret_when_applied_then_the_next_use_gets_a_new_database(aws, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from coach_core.db import get_database, reset_database

    secret = {"username": "coach", "password": "first", "host": "db.internal", "port": 5432, "dbname": "coach"}
    aws.create_secret(Name="coach/db", SecretString=json.dumps(secret))
    monkeypatch.setenv("DB_SECRET_NAME", "coach/db")
    runtime_secrets.apply_runtime_secrets()
    reset_database(None)
    before = get_database()  # constructed only: nothing connects until first use
    aws.put_secret_value(SecretId="coach/db", SecretString=json.dumps({**secret, "password": "second"}))
    clear_caches()
    assert runtime_secrets.apply_runtime_secrets() is True
    assert get_database() is not before
    assert "second" in os.environ["DATABASE_URL"]
    reset_database(None)
