"""GIVEN the synthesized CoachStack template WHEN inspected THEN it has the shape DEPLOYMENT.md asks for."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.infra.conftest import ALIASED_FUNCTIONS, API_FUNCTIONS, PYTHON_FUNCTIONS

if TYPE_CHECKING:
    from tests.infra.conftest import Synth

pytestmark = pytest.mark.infra

# CDK's own providers (Node.js): the Trigger runner, the default-security-group restrictor and the
# log-retention helper (RDS log export retention).
CDK_PROVIDER_FUNCTIONS = 3
LWA_ARN_TAIL = ":753240598075:layer:LambdaAdapterLayerArm64:"
ROUTES = [
    ("/api/v1/coach/chat", "POST", "chat"),
    ("/api/v1/coach/chat/stream", "POST", "chat_stream"),
    ("/api/v1/coach/plan", "POST", "plan"),
    ("/api/v1/coach/insights", "GET", "insights"),
    ("/api/v1/coach/profile", "PUT", "data"),
    ("/api/v1/coach/checkins", "POST", "data"),
    ("/api/v1/coach/food-logs", "POST", "data"),
    ("/api/v1/coach/me/data", "GET", "data"),
    ("/api/v1/coach/me", "DELETE", "data"),
    ("/api/v1/coach/me/usage", "GET", "data"),
]


def one(resources: dict[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    assert len(resources) == 1, sorted(resources)
    return next(iter(resources.items()))


def actions(statement: dict[str, Any]) -> list[str]:
    raw = statement.get("Action", [])
    return [raw] if isinstance(raw, str) else list(raw)


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


def secrets_read_by(s: Synth, name: str) -> set[str]:
    """Logical ids of the secrets function `name`'s role may read."""
    read: set[str] = set()
    for st in role_statements(s, s.role_id(name)):
        if any(a.startswith("secretsmanager:") for a in actions(st)):
            assert set(actions(st)) <= {"secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"}, st
            resources = st["Resource"] if isinstance(st["Resource"], list) else [st["Resource"]]
            read.update(r["Ref"] for r in resources)
    return read


def secret_id(s: Synth, prefix: str) -> str:
    (found,) = [k for k in s.resources("AWS::SecretsManager::Secret") if k.startswith(prefix)]
    return found


def path_of(s: Synth, resource_ref: dict[str, Any]) -> str:
    parts: list[str] = []
    ref: Any = resource_ref
    while isinstance(ref, dict) and "Ref" in ref:
        res = s.data["Resources"][ref["Ref"]]
        parts.append(res["Properties"]["PathPart"])
        ref = res["Properties"]["ParentId"]
    return "/" + "/".join(reversed(parts))


def methods_by_route(s: Synth) -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (path_of(s, m["Properties"]["ResourceId"]), m["Properties"]["HttpMethod"]): m
        for m in s.resources("AWS::ApiGateway::Method").values()
    }


# --- counts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cfn_type", "count"),
    [
        ("AWS::Lambda::Function", len(PYTHON_FUNCTIONS) + CDK_PROVIDER_FUNCTIONS),
        ("AWS::Lambda::Alias", len(ALIASED_FUNCTIONS)),
        ("AWS::Lambda::LayerVersion", 1),
        ("AWS::ApiGateway::RestApi", 1),
        ("AWS::ApiGateway::Method", len(ROUTES)),
        ("AWS::ApiGateway::Authorizer", 1),
        ("AWS::Cognito::UserPool", 1),
        ("AWS::RDS::DBInstance", 1),
        ("AWS::RDS::DBProxy", 1),
        ("AWS::ElastiCache::ReplicationGroup", 1),
        ("AWS::EC2::NatGateway", 1),
        ("AWS::EC2::FlowLog", 1),
        ("AWS::Scheduler::Schedule", 1),
        ("AWS::SQS::Queue", 1),
        # DB master + app role, cache AUTH token, the OpenAI key.
        ("AWS::SecretsManager::Secret", 5),
        ("Custom::Trigger", 1),
        ("AWS::SNS::Topic", 1),
        ("AWS::CloudWatch::Dashboard", 1),
        ("AWS::WAFv2::WebACL", 0),
    ],
)
def test_given_default_context_when_synthesized_then_resource_counts_match(
    synth: Synth, cfn_type: str, count: int
) -> None:
    synth.template.resource_count_is(cfn_type, count)


def test_given_default_context_then_eight_python_functions_arm64_312(synth: Synth) -> None:
    fns = synth.coach_functions()
    assert len(fns) == len(PYTHON_FUNCTIONS)
    for name in PYTHON_FUNCTIONS:
        fn = synth.function(name)
        assert (fn["Runtime"], fn["Architectures"]) == ("python3.12", ["arm64"]), name


# --- API ----------------------------------------------------------------------------------------


def test_every_method_uses_the_cognito_authorizer_and_requires_the_header(synth: Synth) -> None:
    authorizer_id, authorizer = one(synth.resources("AWS::ApiGateway::Authorizer"))
    assert authorizer["Properties"]["Type"] == "COGNITO_USER_POOLS"
    (validator_id, validator) = one(synth.resources("AWS::ApiGateway::RequestValidator"))
    assert validator["Properties"]["ValidateRequestParameters"] is True
    for logical_id, method in synth.resources("AWS::ApiGateway::Method").items():
        props = method["Properties"]
        assert props["AuthorizationType"] == "COGNITO_USER_POOLS", logical_id
        assert props["AuthorizerId"] == {"Ref": authorizer_id}, logical_id
        assert props["RequestParameters"] == {"method.request.header.Authorization": True}, logical_id
        assert props["RequestValidatorId"] == {"Ref": validator_id}, logical_id


@pytest.mark.parametrize(("path", "verb", "function"), ROUTES)
def test_routes_invoke_their_functions_live_alias(synth: Synth, path: str, verb: str, function: str) -> None:
    integration = methods_by_route(synth)[(path, verb)]["Properties"]["Integration"]
    assert integration["Type"] == "AWS_PROXY"
    assert {"Ref": synth.alias_id(function)} in integration["Uri"]["Fn::Join"][1]


def test_stream_route_streams_with_a_timeout_above_the_stream_deadline(synth: Synth, synth_full: Synth) -> None:
    for s, deadline in ((synth, 120), (synth_full, 300)):
        integration = methods_by_route(s)[("/api/v1/coach/chat/stream", "POST")]["Properties"]["Integration"]
        assert integration["ResponseTransferMode"] == "STREAM"
        uri = json.dumps(integration["Uri"])
        assert "/response-streaming-invocations" in uri and "2021-11-15" in uri
        function_timeout = s.function("chat_stream")["Timeout"]
        assert s.env("chat_stream")["COACH_STREAM_DEADLINE_SECONDS"] == str(deadline)
        assert deadline < function_timeout < integration["TimeoutInMillis"] / 1000 <= 15 * 60


def test_buffered_routes_keep_default_transfer_mode_and_timeout(synth: Synth) -> None:
    for (path, _verb), m in methods_by_route(synth).items():
        if path.endswith("/stream"):
            continue
        integration = m["Properties"]["Integration"]
        assert integration.get("ResponseTransferMode", "BUFFERED") == "BUFFERED", path
        assert "TimeoutInMillis" not in integration, path


def test_stage_is_throttled_per_method_traced_and_logged(synth: Synth) -> None:
    _, stage = one(synth.resources("AWS::ApiGateway::Stage"))
    props = stage["Properties"]
    assert props["TracingEnabled"] is True
    settings = {(s["ResourcePath"], s["HttpMethod"]): s for s in props["MethodSettings"]}
    default = settings[("/*", "*")]
    assert default["ThrottlingRateLimit"] > 0 and default["ThrottlingBurstLimit"] > 0
    assert default["LoggingLevel"] == "ERROR" and default["DataTraceEnabled"] is False
    for path, verb, _function in ROUTES:
        method = settings[("/" + path.replace("/", "~1"), verb)]
        assert 0 < method["ThrottlingRateLimit"] <= default["ThrottlingRateLimit"], (path, verb)
        assert 0 < method["ThrottlingBurstLimit"] <= default["ThrottlingBurstLimit"], (path, verb)


# --- functions ----------------------------------------------------------------------------------


def test_stream_function_runs_under_lambda_web_adapter(synth: Synth) -> None:
    fn = synth.function("chat_stream")
    assert fn["Handler"] == "run.sh"
    assert LWA_ARN_TAIL + "30" in json.dumps(fn["Layers"])
    env = fn["Environment"]["Variables"]
    assert env["AWS_LAMBDA_EXEC_WRAPPER"] == "/opt/bootstrap"
    assert env["AWS_LWA_INVOKE_MODE"] == "response_stream"
    assert env["PORT"] == "8080"
    assert env["AWS_LWA_READINESS_CHECK_PATH"] == "/health"


@pytest.mark.parametrize("name", [n for n in PYTHON_FUNCTIONS if n != "chat_stream"])
def test_other_functions_are_plain_handlers_without_the_adapter(synth: Synth, name: str) -> None:
    fn = synth.function(name)
    assert fn["Handler"] == "handler.handler"
    assert LWA_ARN_TAIL not in json.dumps(fn["Layers"])
    assert "AWS_LAMBDA_EXEC_WRAPPER" not in fn["Environment"]["Variables"]


def test_stream_reserved_concurrency_is_half_the_proxy_connection_budget(synth: Synth) -> None:
    """GIVEN max_connections 80 and the proxy's 90 % THEN the stream may hold floor(72 / 2) = 36."""
    _, params = one(synth.resources("AWS::RDS::DBParameterGroup"))
    assert params["Properties"]["Parameters"]["max_connections"] == "80"
    _, proxy = one(synth.resources("AWS::RDS::DBProxyTargetGroup"))
    assert proxy["Properties"]["ConnectionPoolConfigurationInfo"]["MaxConnectionsPercent"] == 90
    assert synth.function("chat_stream")["ReservedConcurrentExecutions"] == 80 * 90 // 100 // 2
    for name in PYTHON_FUNCTIONS:
        if name != "chat_stream":
            assert "ReservedConcurrentExecutions" not in synth.function(name), name


@pytest.mark.parametrize("name", PYTHON_FUNCTIONS)
def test_snap_start_and_the_live_alias(synth: Synth, name: str) -> None:
    """GIVEN SnapStart on (default) THEN users' functions publish versions with SnapStart and the
    alias `live` points at the current one; migrate and the hourly expiry stay plain."""
    fn = synth.function(name)
    aliased = name in ALIASED_FUNCTIONS
    assert (fn.get("SnapStart") == {"ApplyOn": "PublishedVersions"}) is aliased
    if aliased:
        alias = synth.data["Resources"][synth.alias_id(name)]["Properties"]
        assert alias["Name"] == "live"
        version_id = alias["FunctionVersion"]["Fn::GetAtt"][0]
        version = synth.data["Resources"][version_id]
        assert version["Type"] == "AWS::Lambda::Version"
        assert version["Properties"]["FunctionName"] == {"Ref": synth.function_id(name)}
        assert version["DeletionPolicy"] == "Delete"  # replaced versions stop billing their snapshot


def test_given_snap_start_off_then_no_function_has_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    from tests.infra.conftest import synthesize

    s = synthesize(tmp_path_factory, {"coach:snapStart": False})
    assert not any("SnapStart" in fn["Properties"] for fn in s.coach_functions().values())
    s.template.resource_count_is("AWS::Lambda::Alias", len(ALIASED_FUNCTIONS))


def test_every_function_runs_in_the_private_egress_subnets(synth: Synth) -> None:
    private = {
        k
        for k, v in synth.resources("AWS::EC2::Subnet").items()
        if {"Key": "aws-cdk:subnet-type", "Value": "Private"} in v["Properties"]["Tags"]
    }
    assert len(private) == 2
    for logical_id, fn in synth.coach_functions().items():
        vpc = fn["Properties"]["VpcConfig"]
        assert {ref["Ref"] for ref in vpc["SubnetIds"]} == private, logical_id
        assert vpc["SecurityGroupIds"], logical_id


def test_every_function_has_its_own_role_and_a_log_group_with_retention(synth: Synth) -> None:
    roles = {synth.role_id(name) for name in PYTHON_FUNCTIONS}
    assert len(roles) == len(PYTHON_FUNCTIONS)
    groups = synth.resources("AWS::Logs::LogGroup")
    for name in PYTHON_FUNCTIONS:
        group_ref = synth.function(name)["LoggingConfig"]["LogGroup"]["Ref"]
        assert groups[group_ref]["Properties"]["RetentionInDays"] == 30, name


# --- environment (the runtime contract) ---------------------------------------------------------

DECLARED_EVERYWHERE = ("DATABASE_URL", "REDIS_URL", "LLM_PROVIDER")
DB_VARIABLES = ("DB_SECRET_NAME", "DB_HOST", "DB_SSL_ROOT_CERT", "SECRETS_CACHE_SECONDS")


@pytest.mark.parametrize("name", PYTHON_FUNCTIONS)
def test_every_function_declares_the_local_override_variables(synth: Synth, name: str) -> None:
    """GIVEN any function THEN DATABASE_URL, REDIS_URL and LLM_PROVIDER are declared, so that
    `sam local invoke --env-vars` (which only overrides declared variables) can point them at
    local services; DATABASE_URL is empty on AWS (built from the secret at run time)."""
    env = synth.env(name)
    for var in DECLARED_EVERYWHERE:
        assert var in env, (name, var)
    assert env["DATABASE_URL"] == ""
    assert env["LLM_PROVIDER"] == "openai"
    for var in DB_VARIABLES:
        assert var in env, (name, var)
    assert env["DB_SSL_ROOT_CERT"] == "/opt/python/coach_core/certs/rds-global-bundle.pem"
    proxy_id, _ = one(synth.resources("AWS::RDS::DBProxy"))
    assert env["DB_HOST"] == {"Fn::GetAtt": [proxy_id, "Endpoint"]}  # the proxy, not the instance
    assert env["POWERTOOLS_SERVICE_NAME"] == "coach-" + name.replace("_", "-")
    assert env["POWERTOOLS_METRICS_NAMESPACE"] == "CoachAI"
    assert "PROVIDER_SECRET_NAME" not in env  # replaced by the per-provider secrets


@pytest.mark.parametrize(
    ("name", "cache", "provider_key", "guard", "deadline"),
    [
        # cdk.json's coach:safetyGuard "auto" with OpenAI: moderation on every function that writes model text
        ("chat", True, True, "moderation", "26"),
        ("chat_stream", True, True, "moderation", None),
        ("plan", True, True, "moderation", "26"),
        ("insights", True, False, None, "26"),
        ("data", True, False, None, "26"),
        ("provision_user", False, False, None, None),
        ("expire_sessions", False, False, None, None),
        ("migrate", False, False, None, None),
    ],
)
def test_function_environment(
    synth: Synth, name: str, cache: bool, provider_key: bool, guard: str | None, deadline: str | None
) -> None:
    env = synth.env(name)
    if cache:
        parts = env["REDIS_URL"]["Fn::Join"][1]
        assert parts[0] == "rediss://" and parts[-1] == "/0"
        assert env["REDIS_AUTH_SECRET_NAME"] == {"Ref": secret_id(synth, "CacheAuthToken")}
    else:
        assert env["REDIS_URL"] == ""
        assert "REDIS_AUTH_SECRET_NAME" not in env
    assert ("OPENAI_SECRET_NAME" in env) is provider_key
    assert "ANTHROPIC_SECRET_NAME" not in env
    assert "LLM_FALLBACK_PROVIDER" not in env
    assert env.get("SAFETY_GUARD") == guard
    assert env.get("COACH_REQUEST_DEADLINE_SECONDS") == deadline
    assert "COACH_RATE_LIMIT_PER_MINUTE" not in env and "COACH_DAILY_TOKEN_BUDGET" not in env
    # The HMAC key of the per-user Redis keys (limits, guard cache): the API functions only.
    if name in API_FUNCTIONS:
        assert env["COACH_HASH_SECRET_NAME"] == {"Ref": secret_id(synth, "HashKey")}
    else:
        assert "COACH_HASH_SECRET_NAME" not in env


def test_the_hash_key_is_generated_at_deploy_as_a_json_key(synth: Synth) -> None:
    """GIVEN the stack THEN the keyed-hash secret is generated by Secrets Manager (64 characters
    under `key`, what runtime_secrets reads), never a value in the template."""
    props = synth.data["Resources"][secret_id(synth, "HashKey")]["Properties"]
    generated = props["GenerateSecretString"]
    assert (generated["GenerateStringKey"], generated["SecretStringTemplate"]) == ("key", "{}")
    assert generated["PasswordLength"] == 64 and "SecretString" not in props


@pytest.mark.parametrize("name", PYTHON_FUNCTIONS)
def test_migrate_logs_in_as_master_and_everything_else_as_the_app_role(synth: Synth, name: str) -> None:
    env = synth.env(name)
    master = secret_id(synth, "DatabaseSecret")
    app = secret_id(synth, "DatabaseAppSecret")
    if name == "migrate":
        attachment = env["DB_SECRET_NAME"]["Ref"]
        assert synth.data["Resources"][attachment]["Properties"]["SecretId"] == {"Ref": master}
        assert env["DB_APP_SECRET_NAME"] == {"Ref": app}
    else:
        assert env["DB_SECRET_NAME"] == {"Ref": app}
        assert "DB_APP_SECRET_NAME" not in env


@pytest.mark.parametrize(
    ("name", "openai", "anthropic", "fallback", "guard"),
    [
        ("chat", True, True, "anthropic", "moderation"),
        ("chat_stream", True, True, "anthropic", "moderation"),
        ("plan", True, True, "anthropic", "moderation"),
        ("insights", False, False, None, None),
        ("data", False, False, None, None),
        ("provision_user", False, False, None, None),
    ],
)
def test_given_fallback_and_moderation_then_the_llm_functions_get_both_keys(
    synth_full: Synth, name: str, openai: bool, anthropic: bool, fallback: str | None, guard: str | None
) -> None:
    env = synth_full.env(name)
    assert ("OPENAI_SECRET_NAME" in env) is openai
    assert ("ANTHROPIC_SECRET_NAME" in env) is anthropic
    assert env.get("LLM_FALLBACK_PROVIDER") == fallback
    assert env.get("SAFETY_GUARD") == guard
    limits = ("20", "50000") if name in API_FUNCTIONS else (None, None)
    assert (env.get("COACH_RATE_LIMIT_PER_MINUTE"), env.get("COACH_DAILY_TOKEN_BUDGET")) == limits


def test_given_anthropic_without_fallback_then_only_its_key_exists_and_is_used(synth_prod: Synth) -> None:
    synth_prod.template.resource_count_is("AWS::SecretsManager::Secret", 5)
    env = synth_prod.env("chat")
    assert env["LLM_PROVIDER"] == "anthropic"
    assert "ANTHROPIC_SECRET_NAME" in env and "OPENAI_SECRET_NAME" not in env


# --- least privilege -----------------------------------------------------------------------------


LLM_SECRETS = ("DatabaseAppSecret", "CacheAuthToken", "ProviderKeysOpenai", "ProviderKeysAnthropic")


@pytest.mark.parametrize(
    ("name", "secrets"),
    [
        ("chat", {*LLM_SECRETS, "HashKey"}),
        ("chat_stream", {*LLM_SECRETS, "HashKey"}),
        ("plan", {*LLM_SECRETS, "HashKey"}),
        ("insights", {"DatabaseAppSecret", "CacheAuthToken", "HashKey"}),
        ("data", {"DatabaseAppSecret", "CacheAuthToken", "HashKey"}),
        ("provision_user", {"DatabaseAppSecret"}),
        ("expire_sessions", {"DatabaseAppSecret"}),
        ("migrate", {"DatabaseAppSecret", "DatabaseSecretAttachment"}),
    ],
)
def test_function_roles_read_only_the_secrets_they_use(synth_full: Synth, name: str, secrets: set[str]) -> None:
    """GIVEN a fallback provider and the moderation guard THEN the LLM functions read both provider
    keys, insights/data/provision/expire/migrate read none, and migrate alone reads the master."""
    read = secrets_read_by(synth_full, name)
    assert {next(p for p in secrets if r.startswith(p)) for r in read} == secrets, read
    assert len(read) == len(secrets)
    statements = role_statements(synth_full, synth_full.role_id(name))
    assert not any(a.startswith("rds-db:") for st in statements for a in actions(st))  # no IAM DB auth


def test_default_deployment_insights_reads_no_provider_secret(synth: Synth) -> None:
    assert not any(r.startswith("ProviderKeys") for r in secrets_read_by(synth, "insights"))
    assert {r for r in secrets_read_by(synth, "chat") if r.startswith("ProviderKeys")} == {
        secret_id(synth, "ProviderKeysOpenai")
    }


@pytest.mark.parametrize(
    ("sg", "egress"),
    [("FunctionsApiSg", {5432, 6379, 443}), ("FunctionsDbSg", {5432, 443})],
)
def test_function_security_groups_allow_only_the_egress_they_need(synth: Synth, sg: str, egress: set[int]) -> None:
    groups = synth.resources("AWS::EC2::SecurityGroup")
    (sg_id,) = [k for k in groups if k.startswith(sg)]
    inline = groups[sg_id]["Properties"].get("SecurityGroupEgress", [])
    separate = [
        r["Properties"]
        for r in synth.resources("AWS::EC2::SecurityGroupEgress").values()
        if r["Properties"]["GroupId"] == {"Fn::GetAtt": [sg_id, "GroupId"]}
    ]
    rules = [*inline, *separate]
    assert {r["FromPort"] for r in rules} == egress
    for rule in rules:
        assert rule["FromPort"] == rule["ToPort"] and rule["IpProtocol"] == "tcp", rule
        if "CidrIp" in rule:  # only HTTPS may leave the VPC
            assert (rule["CidrIp"], rule["FromPort"]) == ("0.0.0.0/0", 443)
        else:
            target = rule["DestinationSecurityGroupId"]["Fn::GetAtt"][0]
            assert target.startswith(("DatabaseProxySg", "CacheSg")), target
    users = [k for k, fn in synth.coach_functions().items()
             if {"Fn::GetAtt": [sg_id, "GroupId"]} in fn["Properties"]["VpcConfig"]["SecurityGroupIds"]]  # fmt: skip
    assert users


def test_no_iam_statement_has_a_wildcard_action(synth_full: Synth) -> None:
    statements = all_statements(synth_full)
    assert len(statements) > 10
    offenders = [(logical_id, a) for logical_id, st in statements for a in actions(st) if "*" in a]
    assert offenders == []
    assert not any("NotAction" in st for _, st in statements)


# --- state ---------------------------------------------------------------------------------------


def test_database_is_postgres_17_encrypted_private_tls_only(synth: Synth) -> None:
    _, db = one(synth.resources("AWS::RDS::DBInstance"))
    props = db["Properties"]
    assert props["Engine"] == "postgres"
    assert str(props["EngineVersion"]).startswith("17.")
    assert props["StorageEncrypted"] is True
    assert props["PubliclyAccessible"] is False
    assert props["MultiAZ"] is False
    assert "secretsmanager" in json.dumps(props["MasterUserPassword"])
    _, params = one(synth.resources("AWS::RDS::DBParameterGroup"))
    assert params["Properties"]["Parameters"]["rds.force_ssl"] == "1"


def test_proxy_requires_tls_and_registers_the_master_and_the_app_role(synth: Synth) -> None:
    db_id, _ = one(synth.resources("AWS::RDS::DBInstance"))
    proxy_id, proxy = one(synth.resources("AWS::RDS::DBProxy"))
    assert proxy["Properties"]["RequireTLS"] is True
    assert proxy["Properties"]["EngineFamily"] == "POSTGRESQL"
    auth = proxy["Properties"]["Auth"]
    assert all(a["IAMAuth"] == "DISABLED" and a["AuthScheme"] == "SECRETS" for a in auth)
    attachment_id, attachment = one(synth.resources("AWS::SecretsManager::SecretTargetAttachment"))
    assert attachment["Properties"]["SecretId"] == {"Ref": secret_id(synth, "DatabaseSecret")}
    assert {a["SecretArn"]["Ref"] for a in auth} == {attachment_id, secret_id(synth, "DatabaseAppSecret")}
    _, group = one(synth.resources("AWS::RDS::DBProxyTargetGroup"))
    assert group["Properties"]["DBProxyName"] == {"Ref": proxy_id}
    assert group["Properties"]["DBInstanceIdentifiers"] == [{"Ref": db_id}]


def test_app_role_secret_is_generated_for_coach_app(synth: Synth) -> None:
    app = synth.data["Resources"][secret_id(synth, "DatabaseAppSecret")]["Properties"]
    generator = app["GenerateSecretString"]
    template = json.loads(generator["SecretStringTemplate"])
    assert template == {"username": "coach_app", "dbname": "coach"}
    assert generator["GenerateStringKey"] == "password"
    assert "SecretString" not in app  # no fixed password in the template


def test_cache_is_valkey_with_tls_auth_token_in_isolated_subnets(synth: Synth) -> None:
    _, rg = one(synth.resources("AWS::ElastiCache::ReplicationGroup"))
    props = rg["Properties"]
    assert props["Engine"] == "valkey"
    assert props["TransitEncryptionEnabled"] is True and props["TransitEncryptionMode"] == "required"
    assert props["AtRestEncryptionEnabled"] is True
    token = json.dumps(props["AuthToken"])
    assert "{{resolve:secretsmanager:" in token and secret_id(synth, "CacheAuthToken") in token
    assert (props["NumCacheClusters"], props["AutomaticFailoverEnabled"], props["MultiAZEnabled"]) == (1, False, False)
    _, subnet_group = one(synth.resources("AWS::ElastiCache::SubnetGroup"))
    isolated = {
        k
        for k, v in synth.resources("AWS::EC2::Subnet").items()
        if {"Key": "aws-cdk:subnet-type", "Value": "Isolated"} in v["Properties"]["Tags"]
    }
    assert {r["Ref"] for r in subnet_group["Properties"]["SubnetIds"]} == isolated


@pytest.mark.parametrize(
    ("target_sg", "source_sgs"),
    [
        ("DatabaseProxySg", ("FunctionsApiSg", "FunctionsDbSg")),
        ("CacheSg", ("FunctionsApiSg",)),
        ("DatabaseInstanceSg", ("DatabaseProxySg",)),
    ],
)
def test_data_tier_ingress_is_only_from_its_clients(synth: Synth, target_sg: str, source_sgs: tuple[str, ...]) -> None:
    groups = synth.resources("AWS::EC2::SecurityGroup")
    (target_id,) = [k for k in groups if k.startswith(target_sg)]
    sources = {k for k in groups for prefix in source_sgs if k.startswith(prefix)}
    assert groups[target_id]["Properties"].get("SecurityGroupIngress", []) == []
    rules = [
        r["Properties"]
        for r in synth.resources("AWS::EC2::SecurityGroupIngress").values()
        if r["Properties"]["GroupId"] == {"Fn::GetAtt": [target_id, "GroupId"]}
    ]
    assert {r["SourceSecurityGroupId"]["Fn::GetAtt"][0] for r in rules} == sources
    assert not any("CidrIp" in r or "CidrIpv6" in r for r in rules)


# --- schedule and migrations ---------------------------------------------------------------------


def test_schedule_invokes_only_the_expiry_function_hourly_with_a_dead_letter_queue(synth: Synth) -> None:
    _, schedule = one(synth.resources("AWS::Scheduler::Schedule"))
    props = schedule["Properties"]
    assert props["ScheduleExpression"] == "rate(1 hour)"
    expiry = synth.function_id("expire_sessions")
    assert props["Target"]["Arn"] == {"Fn::GetAtt": [expiry, "Arn"]}
    queue_id, _ = one(synth.resources("AWS::SQS::Queue"))
    assert props["Target"]["DeadLetterConfig"]["Arn"] == {"Fn::GetAtt": [queue_id, "Arn"]}
    role_id = props["Target"]["RoleArn"]["Fn::GetAtt"][0]
    statements = role_statements(synth, role_id)
    assert {a for st in statements for a in actions(st)} == {"lambda:InvokeFunction", "sqs:SendMessage"}
    for st in statements:
        target = expiry if actions(st) == ["lambda:InvokeFunction"] else queue_id
        assert target in json.dumps(st["Resource"]), st


def test_migration_trigger_runs_after_the_database_and_before_every_user_facing_function(synth: Synth) -> None:
    trigger_id, trigger = one(synth.resources("Custom::Trigger"))
    version = synth.data["Resources"][trigger["Properties"]["HandlerArn"]["Ref"]]
    assert version["Type"] == "AWS::Lambda::Version"  # re-runs when the function or its layer changes
    assert version["Properties"]["FunctionName"] == {"Ref": synth.function_id("migrate")}
    assert trigger["Properties"].get("InvocationType", "RequestResponse") == "RequestResponse"
    depends = set(trigger.get("DependsOn", []))
    proxy_id, _ = one(synth.resources("AWS::RDS::DBProxy"))
    db_id, _ = one(synth.resources("AWS::RDS::DBInstance"))
    assert {proxy_id, db_id, secret_id(synth, "DatabaseAppSecret")} <= depends
    for name in ALIASED_FUNCTIONS:  # executeBefore: the function and its published version wait
        fn_id = synth.function_id(name)
        version_id = synth.data["Resources"][synth.alias_id(name)]["Properties"]["FunctionVersion"]["Fn::GetAtt"][0]
        for logical_id in (fn_id, version_id):
            assert trigger_id in synth.data["Resources"][logical_id].get("DependsOn", []), (name, logical_id)
    for name in ("migrate", "expire_sessions"):
        assert trigger_id not in synth.data["Resources"][synth.function_id(name)].get("DependsOn", []), name


# --- users ---------------------------------------------------------------------------------------


def test_user_pool_policy_mfa_trigger_and_client_flows(synth: Synth) -> None:
    _, pool = one(synth.resources("AWS::Cognito::UserPool"))
    props = pool["Properties"]
    policy = props["Policies"]["PasswordPolicy"]
    assert policy["MinimumLength"] >= 12
    assert all(policy[k] for k in ("RequireUppercase", "RequireLowercase", "RequireNumbers", "RequireSymbols"))
    assert props["MfaConfiguration"] == "OPTIONAL" and props["EnabledMfas"] == ["SOFTWARE_TOKEN_MFA"]
    assert props["AdminCreateUserConfig"]["AllowAdminCreateUserOnly"] is False  # self sign-up stays
    assert props["LambdaConfig"]["PostConfirmation"] == {"Ref": synth.alias_id("provision_user")}
    _, client = one(synth.resources("AWS::Cognito::UserPoolClient"))
    flows = set(client["Properties"]["ExplicitAuthFlows"])
    assert "ALLOW_USER_SRP_AUTH" in flows and "ALLOW_USER_PASSWORD_AUTH" not in flows
    assert client["Properties"]["GenerateSecret"] is False


UNIT_SECONDS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400}


def _token_lifetime_seconds(client: dict[str, Any], token: str) -> int:
    """A client's token validity in seconds (CloudFormation's default unit: hours for ID and
    access tokens, days for refresh tokens)."""
    default = "days" if token == "RefreshToken" else "hours"
    unit = client.get("TokenValidityUnits", {}).get(token, default)
    return int(client[f"{token}Validity"]) * UNIT_SECONDS[unit]


@pytest.mark.parametrize("which", ["synth", "synth_full"])
def test_app_client_has_no_oauth_flows_no_callback_and_explicit_token_lifetimes(
    which: str, request: pytest.FixtureRequest
) -> None:
    """GIVEN the new pool's app client THEN no implicit grant (no OAuth flow at all: the app signs
    in through the Cognito API, there is no hosted UI), no example callback URL, ID and access
    tokens valid 1 hour and refresh tokens 30 days, set explicitly, revocation on."""
    s: Synth = request.getfixturevalue(which)
    _, client = one(s.resources("AWS::Cognito::UserPoolClient"))
    props = client["Properties"]
    assert "implicit" not in props.get("AllowedOAuthFlows", [])
    assert props.get("AllowedOAuthFlows", []) == [] and props.get("AllowedOAuthFlowsUserPoolClient") is not True
    assert "CallbackURLs" not in props and "LogoutURLs" not in props
    assert "example.com" not in json.dumps(props)
    assert {t: _token_lifetime_seconds(props, t) for t in ("IdToken", "AccessToken", "RefreshToken")} == {
        "IdToken": 3600,
        "AccessToken": 3600,
        "RefreshToken": 30 * 86400,
    }
    assert props["EnableTokenRevocation"] is True
    from aws_cdk.assertions import Match

    s.template.has_resource_properties(
        "AWS::Cognito::UserPoolClient",
        {
            "AllowedOAuthFlows": Match.absent(),
            "CallbackURLs": Match.absent(),
            "AllowedOAuthFlowsUserPoolClient": False,
            "IdTokenValidity": 60,
            "AccessTokenValidity": 60,
            "RefreshTokenValidity": 43200,
            "TokenValidityUnits": {"IdToken": "minutes", "AccessToken": "minutes", "RefreshToken": "minutes"},
        },
    )


def _cognito_statements(s: Synth, name: str) -> list[dict[str, Any]]:
    return [st for st in role_statements(s, s.role_id(name)) if any(a.startswith("cognito") for a in actions(st))]


def test_only_the_data_function_may_delete_users_and_only_from_the_new_pool(synth: Synth) -> None:
    """GIVEN a new pool THEN the data function (DELETE /me) gets its id in COGNITO_USER_POOL_ID
    and `cognito-idp:ListUsers` + `AdminDeleteUser` on that pool's ARN alone (find by `sub`,
    delete by username); no other function gets either."""
    pool_id, _ = one(synth.resources("AWS::Cognito::UserPool"))
    assert synth.env("data")["COGNITO_USER_POOL_ID"] == {"Ref": pool_id}
    (statement,) = _cognito_statements(synth, "data")
    assert sorted(actions(statement)) == ["cognito-idp:AdminDeleteUser", "cognito-idp:ListUsers"]
    assert statement["Effect"] == "Allow" and statement["Resource"] == {"Fn::GetAtt": [pool_id, "Arn"]}
    for name in PYTHON_FUNCTIONS:
        if name != "data":
            assert "COGNITO_USER_POOL_ID" not in synth.env(name), name
            assert _cognito_statements(synth, name) == [], name


def test_given_an_existing_pool_then_the_data_function_may_delete_users_from_it_in_its_region(
    synth_prod: Synth,
) -> None:
    assert synth_prod.env("data")["COGNITO_USER_POOL_ID"] == "eu-west-1_AbCdEf123"
    (statement,) = _cognito_statements(synth_prod, "data")
    assert sorted(actions(statement)) == ["cognito-idp:AdminDeleteUser", "cognito-idp:ListUsers"]
    resource = json.dumps(statement["Resource"])
    assert ":cognito-idp:eu-west-1:" in resource and ":userpool/eu-west-1_AbCdEf123" in resource
    assert "*" not in resource


@pytest.mark.parametrize("which", ["synth", "synth_prod", "synth_full"])
def test_every_function_keeps_responses_and_errors_out_of_traces(which: str, request: pytest.FixtureRequest) -> None:
    """GIVEN any deployment (tracing on, off, every option) THEN no function (the stream one included)
    turns on OpenTelemetry's GenAI content capture (messages, answers, tool results) or sets any other
    capture switch, and none runs Powertools' Tracer or the X-Ray SDK (whose capture flags would be the
    ones to guard): what keeps response bodies and exception text out of spans is the code's
    (coach_core.otel strips exception messages; tests/unit/test_tracing.py)."""
    s: Synth = request.getfixturevalue(which)
    for name in PYTHON_FUNCTIONS:
        env = s.env(name)
        assert "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT" not in env, (which, name)
        assert not [k for k in env if "CAPTURE" in k], (which, name)
        assert not [k for k in env if k.startswith("POWERTOOLS_TRACE")], (which, name)
        assert env.get("AWS_LAMBDA_EXEC_WRAPPER") in (None, "/opt/bootstrap"), (which, name)  # no ADOT wrapper
    assert len(s.coach_functions()) == len(PYTHON_FUNCTIONS)


def test_given_allow_password_auth_then_the_client_accepts_it(synth_full: Synth) -> None:
    _, client = one(synth_full.resources("AWS::Cognito::UserPoolClient"))
    assert "ALLOW_USER_PASSWORD_AUTH" in client["Properties"]["ExplicitAuthFlows"]


def test_given_existing_user_pool_then_it_may_invoke_the_trigger_and_an_output_says_how(synth_prod: Synth) -> None:
    synth_prod.template.resource_count_is("AWS::Cognito::UserPool", 0)
    _, authorizer = one(synth_prod.resources("AWS::ApiGateway::Authorizer"))
    assert "userpool/eu-west-1_AbCdEf123" in json.dumps(authorizer["Properties"]["ProviderARNs"])
    alias = synth_prod.alias_id("provision_user")
    permissions = [
        p["Properties"]
        for p in synth_prod.resources("AWS::Lambda::Permission").values()
        if p["Properties"]["FunctionName"] == {"Ref": alias}
    ]
    assert [p["Principal"] for p in permissions] == ["cognito-idp.amazonaws.com"]
    source = json.dumps(permissions[0]["SourceArn"])
    assert ":cognito-idp:eu-west-1:" in source and ":userpool/eu-west-1_AbCdEf123" in source
    output = synth_prod.data["Outputs"]["PostConfirmationTrigger"]
    assert output["Value"] == {"Ref": alias}
    assert "post-confirmation" in output["Description"]


# --- production options --------------------------------------------------------------------------


def test_given_prod_then_database_is_multi_az_protected_and_retained_with_its_secrets(synth_full: Synth) -> None:
    _, db = one(synth_full.resources("AWS::RDS::DBInstance"))
    assert db["Properties"]["DeletionProtection"] is True
    assert db["Properties"]["MultiAZ"] is True
    assert db["DeletionPolicy"] == "Retain"
    for prefix in ("DatabaseSecret", "DatabaseAppSecret"):
        assert synth_full.data["Resources"][secret_id(synth_full, prefix)]["DeletionPolicy"] == "Retain", prefix
    assert synth_full.stack_name == "CoachAi-prod"


def test_given_prod_then_cache_is_replicated_with_failover(synth_full: Synth) -> None:
    _, rg = one(synth_full.resources("AWS::ElastiCache::ReplicationGroup"))
    props = rg["Properties"]
    assert (props["NumCacheClusters"], props["AutomaticFailoverEnabled"], props["MultiAZEnabled"]) == (2, True, True)


def test_given_prod_then_one_nat_gateway_per_az(synth_full: Synth, synth: Synth) -> None:
    synth_full.template.resource_count_is("AWS::EC2::NatGateway", 2)
    synth.template.resource_count_is("AWS::EC2::NatGateway", 1)


def test_given_prod_then_the_user_pool_has_threat_protection_and_deletion_protection(synth_full: Synth) -> None:
    _, pool = one(synth_full.resources("AWS::Cognito::UserPool"))
    props = pool["Properties"]
    assert props["UserPoolTier"] == "PLUS"
    assert props["UserPoolAddOns"] == {"AdvancedSecurityMode": "ENFORCED"}
    assert props["DeletionProtection"] == "ACTIVE"
    assert pool["DeletionPolicy"] == "Retain"


def test_given_dev_then_the_database_is_single_az_and_snapshotted(synth: Synth) -> None:
    _, db = one(synth.resources("AWS::RDS::DBInstance"))
    assert db["Properties"]["DeletionProtection"] is False
    assert db["DeletionPolicy"] == "Snapshot"
    assert synth.data["Resources"][secret_id(synth, "DatabaseAppSecret")]["DeletionPolicy"] == "Delete"


def test_waf_is_optional_and_when_on_rate_limits_the_stage(synth: Synth, synth_full: Synth) -> None:
    synth.template.resource_count_is("AWS::WAFv2::WebACLAssociation", 0)
    acl_id, acl = one(synth_full.resources("AWS::WAFv2::WebACL"))
    assert acl["Properties"]["Scope"] == "REGIONAL"
    (rule,) = acl["Properties"]["Rules"]
    assert rule["Action"] == {"Block": {}}
    assert rule["Statement"]["RateBasedStatement"]["AggregateKeyType"] == "IP"
    assert rule["Statement"]["RateBasedStatement"]["Limit"] > 0
    _, association = one(synth_full.resources("AWS::WAFv2::WebACLAssociation"))
    stage_id, _ = one(synth_full.resources("AWS::ApiGateway::Stage"))
    assert association["Properties"]["WebACLArn"] == {"Fn::GetAtt": [acl_id, "Arn"]}
    assert stage_id in json.dumps(association["Properties"]["ResourceArn"])


def test_given_the_default_context_then_every_function_exports_otel_spans_to_the_xray_otlp_endpoint(
    synth: Synth, synth_prod: Synth
) -> None:
    """GIVEN the default stack THEN each function's own OpenTelemetry SDK exports signed OTLP/HTTP to
    X-Ray's OTLP endpoint (no collector layer, no exec wrapper but the web adapter's, no X-Ray SDK)
    with the X-Ray propagator, and its role may write spans; `coach:tracing=false` disables the SDK.
    Lambda's own active tracing stays on either way."""
    for name in PYTHON_FUNCTIONS:
        env = synth.env(name)
        endpoint = json.dumps(env["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"])
        assert "https://xray." in endpoint and "AWS::Region" in endpoint and ".amazonaws.com/v1/traces" in endpoint
        assert env["COACH_OTLP_SIGV4"] == "xray"
        assert env["OTEL_SERVICE_NAME"] == f"coach-{name.replace('_', '-')}"
        assert "xray" in env["OTEL_PROPAGATORS"].split(",")
        assert env["OTEL_TRACES_SAMPLER"] == "parentbased_always_on"
        assert "POWERTOOLS_TRACE_DISABLED" not in env
        assert env.get("AWS_LAMBDA_EXEC_WRAPPER") in (None, "/opt/bootstrap")  # only the web adapter's
        actions = {a for s in role_statements(synth, synth.role_id(name)) for a in _as_list(s["Action"])}
        assert {"xray:PutSpans", "xray:PutSpansForIndexing"} <= actions, name
        prod = synth_prod.env(name)
        assert prod["OTEL_SDK_DISABLED"] == "true" and "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" not in prod
        assert synth.function(name)["TracingConfig"] == {"Mode": "Active"}
        assert synth_prod.function(name)["TracingConfig"] == {"Mode": "Active"}
    layers = json.dumps([synth.function(n).get("Layers", []) for n in PYTHON_FUNCTIONS])
    assert "otel" not in layers.lower() and "OpenTelemetry" not in layers  # no ADOT layer


def test_given_transaction_search_context_then_xray_may_write_spans_to_logs_before_the_config(
    synth: Synth, synth_full: Synth
) -> None:
    synth.template.resource_count_is("AWS::XRay::TransactionSearchConfig", 0)
    _, config = one(synth_full.resources("AWS::XRay::TransactionSearchConfig"))
    policy_id, policy = one(synth_full.resources("AWS::Logs::ResourcePolicy"))
    assert config["Properties"]["IndexingPercentage"] == 1
    assert policy_id in config.get("DependsOn", [])
    document = json.dumps(policy["Properties"]["PolicyDocument"])
    assert "xray.amazonaws.com" in document and "logs:PutLogEvents" in document and "aws/spans" in document


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def test_given_the_committed_cdk_json_then_every_model_written_text_passes_a_model_guard(
    synth: Synth, synth_prod: Synth
) -> None:
    """GIVEN the committed cdk.json (coach:safetyGuard "auto") WHEN synthesized THEN the chat, stream
    and plan functions run a model guard: OpenAI's moderation with OpenAI as primary, the provider's
    cheapest tier (llm) with Anthropic; functions that write no model text run none (issue 21 §5)."""
    from tests.infra.conftest import load_cdk_app_module

    assert load_cdk_app_module().cdk_json_context()["coach:safetyGuard"] == "auto"
    for stack, guard in ((synth, "moderation"), (synth_prod, "llm")):
        for name in ("chat", "chat_stream", "plan"):
            assert stack.env(name)["SAFETY_GUARD"] == guard, (name, guard)
        for name in ("insights", "data"):
            assert "SAFETY_GUARD" not in stack.env(name), name


def test_given_the_explicit_opt_out_then_no_model_guard_runs(tmp_path_factory: pytest.TempPathFactory) -> None:
    """GIVEN coach:safetyGuard "none" (the explicit opt-out) WHEN synthesized THEN no function runs a
    model guard (SAFETY_GUARD=none): the rules and the learned model remain."""
    from tests.infra.conftest import synthesize

    stack = synthesize(tmp_path_factory, {"coach:safetyGuard": "none"})
    for name in ("chat", "chat_stream", "plan"):
        assert stack.env(name).get("SAFETY_GUARD", "none") == "none", name
