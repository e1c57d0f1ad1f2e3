"""GIVEN the synthesized CoachStack template WHEN inspected THEN it has the shape DEPLOYMENT.md asks for."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tests.infra.conftest import Synth

pytestmark = pytest.mark.infra

PYTHON_FUNCTIONS = 6  # chat, plan, insights, chat_stream, expire_sessions, migrate
# CDK's own providers (Node.js): the Trigger runner and the default-security-group restrictor.
CDK_PROVIDER_FUNCTIONS = 2
LWA_ARN_TAIL = ":753240598075:layer:LambdaAdapterLayerArm64:"


def coach_functions(s: Synth) -> dict[str, dict[str, Any]]:
    return {
        k: v
        for k, v in s.resources("AWS::Lambda::Function").items()
        if str(v["Properties"].get("Runtime", "")).startswith("python")
    }


def function_id(s: Synth, name: str) -> str:
    """Logical id of the coach function built from functions/<name>/."""
    prefix = "Functions" + "".join(p.capitalize() for p in name.split("_"))
    matches = [k for k in coach_functions(s) if k.startswith(prefix) and not k[len(prefix) :].startswith("Stream")]
    assert len(matches) == 1, (name, matches)
    return matches[0]


def env_of(s: Synth, name: str) -> dict[str, Any]:
    fn = s.data["Resources"][function_id(s, name)]
    variables: dict[str, Any] = fn["Properties"]["Environment"]["Variables"]
    return variables


def one(resources: dict[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    assert len(resources) == 1, sorted(resources)
    return next(iter(resources.items()))


def all_statements(s: Synth) -> list[tuple[str, dict[str, Any]]]:
    """Every IAM statement the stack creates: policies, managed policies and inline role policies."""
    found: list[tuple[str, dict[str, Any]]] = []
    for logical_id, res in s.data["Resources"].items():
        props = res.get("Properties", {})
        docs: list[dict[str, Any]] = []
        if res["Type"] in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"):
            docs.append(props["PolicyDocument"])
        if res["Type"] == "AWS::IAM::Role":
            docs.extend(p["PolicyDocument"] for p in props.get("Policies", []))
        for doc in docs:
            found.extend((logical_id, st) for st in doc["Statement"])
    return found


def actions(statement: dict[str, Any]) -> list[str]:
    raw = statement.get("Action", [])
    return [raw] if isinstance(raw, str) else list(raw)


def role_statements(s: Synth, role_logical_id: str) -> list[dict[str, Any]]:
    """Statements of every AWS::IAM::Policy attached to the role, plus its inline policies."""
    out: list[dict[str, Any]] = []
    for _, pol in s.resources("AWS::IAM::Policy").items():
        if {"Ref": role_logical_id} in pol["Properties"].get("Roles", []):
            out.extend(pol["Properties"]["PolicyDocument"]["Statement"])
    role = s.data["Resources"][role_logical_id]["Properties"]
    for p in role.get("Policies", []):
        out.extend(p["PolicyDocument"]["Statement"])
    return out


# --- counts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cfn_type", "count"),
    [
        ("AWS::Lambda::Function", PYTHON_FUNCTIONS + CDK_PROVIDER_FUNCTIONS),
        ("AWS::Lambda::LayerVersion", 1),
        ("AWS::Logs::LogGroup", PYTHON_FUNCTIONS),
        ("AWS::ApiGateway::RestApi", 1),
        ("AWS::ApiGateway::Method", 4),
        ("AWS::ApiGateway::Authorizer", 1),
        ("AWS::Cognito::UserPool", 1),
        ("AWS::RDS::DBInstance", 1),
        ("AWS::RDS::DBProxy", 1),
        ("AWS::ElastiCache::ReplicationGroup", 1),
        ("AWS::EC2::NatGateway", 1),
        ("AWS::Scheduler::Schedule", 1),
        ("AWS::SecretsManager::Secret", 2),
        ("Custom::Trigger", 1),
        ("AWS::CloudWatch::Alarm", 6),
    ],
)
def test_given_default_context_when_synthesized_then_resource_counts_match(
    synth: Synth, cfn_type: str, count: int
) -> None:
    synth.template.resource_count_is(cfn_type, count)


def test_given_default_context_then_exactly_six_python_functions_arm64_312(synth: Synth) -> None:
    fns = coach_functions(synth)
    assert len(fns) == PYTHON_FUNCTIONS
    for logical_id, fn in fns.items():
        assert fn["Properties"]["Runtime"] == "python3.12", logical_id
        assert fn["Properties"]["Architectures"] == ["arm64"], logical_id


# --- API ----------------------------------------------------------------------------------------


def test_every_method_uses_the_cognito_authorizer(synth: Synth) -> None:
    authorizer_id, authorizer = one(synth.resources("AWS::ApiGateway::Authorizer"))
    assert authorizer["Properties"]["Type"] == "COGNITO_USER_POOLS"
    methods = synth.resources("AWS::ApiGateway::Method")
    assert methods
    for logical_id, method in methods.items():
        props = method["Properties"]
        if props["HttpMethod"] == "OPTIONS":
            continue
        assert props["AuthorizationType"] == "COGNITO_USER_POOLS", logical_id
        assert props["AuthorizerId"] == {"Ref": authorizer_id}, logical_id


def _path_of(s: Synth, resource_ref: dict[str, Any]) -> str:
    parts: list[str] = []
    ref: Any = resource_ref
    while isinstance(ref, dict) and "Ref" in ref:
        res = s.data["Resources"][ref["Ref"]]
        parts.append(res["Properties"]["PathPart"])
        ref = res["Properties"]["ParentId"]
    return "/" + "/".join(reversed(parts))


@pytest.mark.parametrize(
    ("path", "verb", "function"),
    [
        ("/api/v1/coach/chat", "POST", "chat"),
        ("/api/v1/coach/chat/stream", "POST", "chat_stream"),
        ("/api/v1/coach/plan", "POST", "plan"),
        ("/api/v1/coach/insights", "GET", "insights"),
    ],
)
def test_routes_map_to_their_functions(synth: Synth, path: str, verb: str, function: str) -> None:
    routes = {
        (_path_of(synth, m["Properties"]["ResourceId"]), m["Properties"]["HttpMethod"]): m
        for m in synth.resources("AWS::ApiGateway::Method").values()
    }
    method = routes[(path, verb)]
    integration = method["Properties"]["Integration"]
    assert integration["Type"] == "AWS_PROXY"
    assert {"Fn::GetAtt": [function_id(synth, function), "Arn"]} in integration["Uri"]["Fn::Join"][1]


def test_stream_route_streams_with_raised_timeout(synth: Synth) -> None:
    stream = {
        k: m
        for k, m in synth.resources("AWS::ApiGateway::Method").items()
        if _path_of(synth, m["Properties"]["ResourceId"]) == "/api/v1/coach/chat/stream"
    }
    integration = one(stream)[1]["Properties"]["Integration"]
    assert integration["ResponseTransferMode"] == "STREAM"
    assert integration["TimeoutInMillis"] == 15 * 60 * 1000
    uri = json.dumps(integration["Uri"])
    assert "/response-streaming-invocations" in uri and "2021-11-15" in uri


def test_buffered_routes_keep_default_transfer_mode_and_timeout(synth: Synth) -> None:
    for logical_id, m in synth.resources("AWS::ApiGateway::Method").items():
        if _path_of(synth, m["Properties"]["ResourceId"]).endswith("/stream"):
            continue
        integration = m["Properties"]["Integration"]
        assert integration.get("ResponseTransferMode", "BUFFERED") == "BUFFERED", logical_id
        assert "TimeoutInMillis" not in integration, logical_id


def test_stage_is_throttled_and_traced(synth: Synth) -> None:
    _, stage = one(synth.resources("AWS::ApiGateway::Stage"))
    props = stage["Properties"]
    assert props["TracingEnabled"] is True
    settings = props["MethodSettings"]
    assert any(
        s["ResourcePath"] == "/*"
        and s["HttpMethod"] == "*"
        and s["ThrottlingRateLimit"] > 0
        and s["ThrottlingBurstLimit"] > 0
        for s in settings
    ), settings


# --- functions ----------------------------------------------------------------------------------


def test_stream_function_runs_under_lambda_web_adapter(synth: Synth) -> None:
    fn = synth.data["Resources"][function_id(synth, "chat_stream")]["Properties"]
    assert fn["Handler"] == "run.sh"
    layers = json.dumps(fn["Layers"])
    assert LWA_ARN_TAIL + "30" in layers
    env = fn["Environment"]["Variables"]
    assert env["AWS_LAMBDA_EXEC_WRAPPER"] == "/opt/bootstrap"
    assert env["AWS_LWA_INVOKE_MODE"] == "response_stream"
    assert env["PORT"] == "8080"
    assert env["AWS_LWA_READINESS_CHECK_PATH"] == "/health"
    assert fn["Timeout"] == 900


@pytest.mark.parametrize("name", ["chat", "plan", "insights", "expire_sessions", "migrate"])
def test_buffered_functions_do_not_carry_the_adapter(synth: Synth, name: str) -> None:
    fn = synth.data["Resources"][function_id(synth, name)]["Properties"]
    assert fn["Handler"] == "handler.handler"
    assert LWA_ARN_TAIL not in json.dumps(fn["Layers"])
    assert "AWS_LAMBDA_EXEC_WRAPPER" not in fn["Environment"]["Variables"]


def test_every_function_runs_in_the_private_egress_subnets(synth: Synth) -> None:
    private = {
        k
        for k, v in synth.resources("AWS::EC2::Subnet").items()
        if {"Key": "aws-cdk:subnet-type", "Value": "Private"} in v["Properties"]["Tags"]
    }
    assert len(private) == 2
    for logical_id, fn in coach_functions(synth).items():
        vpc = fn["Properties"]["VpcConfig"]
        assert {ref["Ref"] for ref in vpc["SubnetIds"]} == private, logical_id
        assert vpc["SecurityGroupIds"], logical_id


def test_every_function_has_its_own_role_and_a_log_group_with_retention(synth: Synth) -> None:
    roles = [fn["Properties"]["Role"]["Fn::GetAtt"][0] for fn in coach_functions(synth).values()]
    assert len(set(roles)) == PYTHON_FUNCTIONS
    groups = synth.resources("AWS::Logs::LogGroup")
    for logical_id, fn in coach_functions(synth).items():
        group_ref = fn["Properties"]["LoggingConfig"]["LogGroup"]["Ref"]
        assert groups[group_ref]["Properties"]["RetentionInDays"] == 30, logical_id


@pytest.mark.parametrize(
    ("name", "provider_key", "cache"),
    [
        ("chat", True, True),
        ("chat_stream", True, True),
        ("plan", True, True),
        ("insights", True, True),
        ("expire_sessions", False, False),
        ("migrate", False, False),
    ],
)
def test_function_environment(synth: Synth, name: str, provider_key: bool, cache: bool) -> None:
    env = env_of(synth, name)
    assert env["LLM_PROVIDER"] == "openai"
    assert "DB_SECRET_NAME" in env
    proxy_id, _ = one(synth.resources("AWS::RDS::DBProxy"))
    assert env["DB_HOST"] == {"Fn::GetAtt": [proxy_id, "Endpoint"]}  # the proxy, not the instance
    assert env["POWERTOOLS_SERVICE_NAME"].startswith("coach-")
    assert env["POWERTOOLS_METRICS_NAMESPACE"] == "CoachAI"
    assert ("PROVIDER_SECRET_NAME" in env) is provider_key
    assert ("REDIS_URL" in env) is cache
    if cache:
        parts = env["REDIS_URL"]["Fn::Join"][1]
        assert parts[0] == "rediss://" and parts[-1] == "/0"


@pytest.mark.parametrize(
    ("name", "reads_provider_secret"),
    [("chat", True), ("chat_stream", True), ("plan", True), ("insights", True),
     ("expire_sessions", False), ("migrate", False)],
)  # fmt: skip
def test_function_roles_read_only_the_secrets_they_need(synth: Synth, name: str, reads_provider_secret: bool) -> None:
    provider_id, _ = one(
        {k: v for k, v in synth.resources("AWS::SecretsManager::Secret").items() if k.startswith("ProviderKeys")}
    )
    role_id = synth.data["Resources"][function_id(synth, name)]["Properties"]["Role"]["Fn::GetAtt"][0]
    statements = role_statements(synth, role_id)
    secret_statements = [st for st in statements if any(a.startswith("secretsmanager:") for a in actions(st))]
    referenced = json.dumps(secret_statements)
    assert "DatabaseSecretAttachment" in referenced or "DatabaseSecret" in referenced
    assert (provider_id in referenced) is reads_provider_secret
    for st in secret_statements:
        assert set(actions(st)) <= {"secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"}
    assert not any(a.startswith("rds-db:") for st in statements for a in actions(st))  # no IAM DB auth


# --- state ---------------------------------------------------------------------------------------


def test_database_is_postgres_17_encrypted_private_with_a_secret(synth: Synth) -> None:
    _, db = one(synth.resources("AWS::RDS::DBInstance"))
    props = db["Properties"]
    assert props["Engine"] == "postgres"
    assert str(props["EngineVersion"]).startswith("17.")
    assert props["StorageEncrypted"] is True
    assert props["PubliclyAccessible"] is False
    assert "MasterUserPassword" in props and "secretsmanager" in json.dumps(props["MasterUserPassword"])


def test_proxy_requires_tls_and_fronts_the_instance(synth: Synth) -> None:
    db_id, _ = one(synth.resources("AWS::RDS::DBInstance"))
    proxy_id, proxy = one(synth.resources("AWS::RDS::DBProxy"))
    assert proxy["Properties"]["RequireTLS"] is True
    assert proxy["Properties"]["EngineFamily"] == "POSTGRESQL"
    auth = proxy["Properties"]["Auth"]
    assert all(a["IAMAuth"] == "DISABLED" and a["AuthScheme"] == "SECRETS" for a in auth)
    _, group = one(synth.resources("AWS::RDS::DBProxyTargetGroup"))
    assert group["Properties"]["DBProxyName"] == {"Ref": proxy_id}
    assert group["Properties"]["DBInstanceIdentifiers"] == [{"Ref": db_id}]


def test_cache_is_valkey_with_tls_in_isolated_subnets(synth: Synth) -> None:
    _, rg = one(synth.resources("AWS::ElastiCache::ReplicationGroup"))
    props = rg["Properties"]
    assert props["Engine"] == "valkey"
    assert props["TransitEncryptionEnabled"] is True
    assert props["AtRestEncryptionEnabled"] is True
    _, subnet_group = one(synth.resources("AWS::ElastiCache::SubnetGroup"))
    isolated = {
        k
        for k, v in synth.resources("AWS::EC2::Subnet").items()
        if {"Key": "aws-cdk:subnet-type", "Value": "Isolated"} in v["Properties"]["Tags"]
    }
    assert {r["Ref"] for r in subnet_group["Properties"]["SubnetIds"]} == isolated


@pytest.mark.parametrize(
    ("target_sg", "source_sg"),
    [("DatabaseProxySg", "FunctionsSg"), ("CacheSg", "FunctionsSg"), ("DatabaseInstanceSg", "DatabaseProxySg")],
)
def test_data_tier_ingress_is_only_from_its_client(synth: Synth, target_sg: str, source_sg: str) -> None:
    """GIVEN the security groups THEN the proxy and cache admit only the functions, the DB only the proxy."""
    groups = synth.resources("AWS::EC2::SecurityGroup")
    (target_id,) = [k for k in groups if k.startswith(target_sg)]
    (source_id,) = [k for k in groups if k.startswith(source_sg)]
    inline = groups[target_id]["Properties"].get("SecurityGroupIngress", [])
    assert inline == []
    rules = [
        r["Properties"]
        for r in synth.resources("AWS::EC2::SecurityGroupIngress").values()
        if r["Properties"]["GroupId"] == {"Fn::GetAtt": [target_id, "GroupId"]}
    ]
    assert rules
    for rule in rules:
        assert rule["SourceSecurityGroupId"] == {"Fn::GetAtt": [source_id, "GroupId"]}
        assert "CidrIp" not in rule and "CidrIpv6" not in rule


# --- schedule and migrations ---------------------------------------------------------------------


def test_schedule_invokes_only_the_expiry_function_hourly(synth: Synth) -> None:
    _, schedule = one(synth.resources("AWS::Scheduler::Schedule"))
    props = schedule["Properties"]
    assert props["ScheduleExpression"] == "rate(1 hour)"
    expiry = function_id(synth, "expire_sessions")
    assert props["Target"]["Arn"] == {"Fn::GetAtt": [expiry, "Arn"]}
    role_id = props["Target"]["RoleArn"]["Fn::GetAtt"][0]
    statements = role_statements(synth, role_id)
    assert statements
    for st in statements:
        assert actions(st) == ["lambda:InvokeFunction"]
        assert expiry in json.dumps(st["Resource"])


def test_migration_trigger_runs_the_migrate_function_after_the_database(synth: Synth) -> None:
    trigger_id, trigger = one(synth.resources("Custom::Trigger"))
    version_id = trigger["Properties"]["HandlerArn"]["Ref"]
    version = synth.data["Resources"][version_id]
    assert version["Type"] == "AWS::Lambda::Version"  # re-runs when the function or its layer changes
    assert version["Properties"]["FunctionName"] == {"Ref": function_id(synth, "migrate")}
    assert trigger["Properties"].get("InvocationType", "RequestResponse") == "RequestResponse"
    depends = set(trigger.get("DependsOn", []))
    proxy_id, _ = one(synth.resources("AWS::RDS::DBProxy"))
    db_id, _ = one(synth.resources("AWS::RDS::DBInstance"))
    assert {proxy_id, db_id} <= depends, trigger_id


# --- IAM -----------------------------------------------------------------------------------------


def test_no_iam_statement_has_a_wildcard_action(synth: Synth) -> None:
    statements = all_statements(synth)
    assert len(statements) > 10
    offenders = [
        (logical_id, a)
        for logical_id, st in statements
        for a in actions(st)
        if a == "*" or a.endswith(":*") or "*" in a
    ]
    assert offenders == []
    assert not any("NotAction" in st for _, st in statements)


# --- alternative context -------------------------------------------------------------------------


def test_given_existing_user_pool_then_no_pool_is_created_and_authorizer_trusts_it(synth_prod: Synth) -> None:
    synth_prod.template.resource_count_is("AWS::Cognito::UserPool", 0)
    _, authorizer = one(synth_prod.resources("AWS::ApiGateway::Authorizer"))
    assert "userpool/eu-west-1_AbCdEf123" in json.dumps(authorizer["Properties"]["ProviderARNs"])


def test_given_prod_stage_then_database_is_protected_and_retained(synth_prod: Synth) -> None:
    _, db = one(synth_prod.resources("AWS::RDS::DBInstance"))
    assert db["Properties"]["DeletionProtection"] is True
    assert db["DeletionPolicy"] == "Retain"
    assert synth_prod.stack_name == "CoachAi-prod"


def test_given_anthropic_then_functions_use_it(synth_prod: Synth) -> None:
    assert env_of(synth_prod, "chat")["LLM_PROVIDER"] == "anthropic"


def test_given_default_context_then_powertools_tracer_is_off_but_lambda_tracing_is_active(synth: Synth) -> None:
    """GIVEN the default context THEN invocations are traced by Lambda itself while the
    Powertools Tracer (an X-Ray SDK import on every cold start) stays off."""
    for name in ("chat", "plan", "insights", "chat_stream", "expire_sessions", "migrate"):
        assert env_of(synth, name)["POWERTOOLS_TRACE_DISABLED"] == "true"
    for fn in synth.resources("AWS::Lambda::Function").values():
        if fn["Properties"].get("Runtime", "").startswith("python"):
            assert fn["Properties"]["TracingConfig"] == {"Mode": "Active"}


def test_given_tracer_subsegments_context_then_the_tracer_is_on(synth_prod: Synth) -> None:
    assert env_of(synth_prod, "chat")["POWERTOOLS_TRACE_DISABLED"] == "false"
