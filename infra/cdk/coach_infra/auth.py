"""The Cognito user pool the API authorizer trusts, and the post-confirmation trigger that creates
a confirmed user's `users` row (the `provision_user` function; the runtime also provisions on the
first authenticated request, so a missed trigger only costs one insert later).

A new pool: self sign-up with e-mail, a password policy of 12+ characters with all four classes,
optional TOTP MFA, and an app client without a secret that signs in with SRP. `USER_PASSWORD_AUTH`
(the password itself sent to Cognito, handy for the AWS CLI) only with `coach:allowPasswordAuth`.
The client has no OAuth flows (the app signs in through the Cognito API; there is no hosted UI, so
no implicit grant and no callback URL) and explicit token lifetimes: ID and access tokens 1 hour,
refresh tokens 30 days. Prod adds the Plus feature plan with threat protection in full-function
mode, deletion protection and retention. An existing pool (`coach:userPoolId`) cannot be given a
trigger by CDK: the stack grants that pool permission to invoke the trigger and the
`PostConfirmationTrigger` output says how to attach it.

`DELETE /me` deletes the user's account too: `allow_account_deletion` gives the data function the
pool id (`COGNITO_USER_POOL_ID`) and `cognito-idp:ListUsers` + `AdminDeleteUser` on this pool only."""

from __future__ import annotations

from aws_cdk import Arn, ArnComponents, ArnFormat, Duration, RemovalPolicy, Stack
from aws_cdk import aws_cognito as cognito
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from constructs import Construct

from coach_infra import env as names
from coach_infra.nag import acknowledge

MIN_PASSWORD_LENGTH = 12
ID_TOKEN_VALIDITY = Duration.hours(1)
ACCESS_TOKEN_VALIDITY = Duration.hours(1)
REFRESH_TOKEN_VALIDITY = Duration.days(30)
ACCOUNT_DELETION_ACTIONS = ("cognito-idp:ListUsers", "cognito-idp:AdminDeleteUser")
"""Find the user by `sub`, then delete them by their username (coach_core/identity.py)."""


class UserPool(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        user_pool_id: str | None,
        production: bool,
        allow_password_auth: bool,
        post_confirmation: lambda_.IFunction,
    ) -> None:
        super().__init__(scope, construct_id)
        self.client: cognito.UserPoolClient | None = None
        self.imported = bool(user_pool_id)
        if user_pool_id:
            self.pool: cognito.IUserPool = cognito.UserPool.from_user_pool_id(self, "Pool", user_pool_id)
            self.pool_arn = Arn.format(
                ArnComponents(
                    service="cognito-idp",
                    region=user_pool_id.split("_", 1)[0],  # a pool id starts with its region
                    resource="userpool",
                    resource_name=user_pool_id,
                    arn_format=ArnFormat.SLASH_RESOURCE_NAME,
                ),
                Stack.of(self),
            )
            post_confirmation.add_permission(
                "InvokedByImportedPool",
                principal=iam.ServicePrincipal("cognito-idp.amazonaws.com"),
                source_arn=self.pool_arn,
            )
            return
        pool = cognito.UserPool(
            self,
            "Pool",
            self_sign_up_enabled=True,
            sign_in_aliases=cognito.SignInAliases(email=True),
            sign_in_case_sensitive=False,
            auto_verify=cognito.AutoVerifiedAttrs(email=True),
            password_policy=cognito.PasswordPolicy(
                min_length=MIN_PASSWORD_LENGTH,
                require_digits=True,
                require_lowercase=True,
                require_uppercase=True,
                require_symbols=True,
            ),
            mfa=cognito.Mfa.OPTIONAL,
            mfa_second_factor=cognito.MfaSecondFactor(otp=True, sms=False),
            account_recovery=cognito.AccountRecovery.EMAIL_ONLY,
            feature_plan=cognito.FeaturePlan.PLUS if production else cognito.FeaturePlan.ESSENTIALS,
            standard_threat_protection_mode=(
                cognito.StandardThreatProtectionMode.FULL_FUNCTION if production else None
            ),
            lambda_triggers=cognito.UserPoolTriggers(post_confirmation=post_confirmation),
            deletion_protection=production,
            removal_policy=RemovalPolicy.RETAIN if production else RemovalPolicy.DESTROY,
        )
        acknowledge(
            pool,
            "AwsSolutions-COG2",
            "MFA is optional (TOTP) rather than required: a consumer fitness app's sign-up stays "
            "one step; users can enrol an authenticator app, and prod adds threat protection.",
        )
        if not production:
            acknowledge(
                pool,
                "AwsSolutions-COG8",
                "Development stages use the Essentials plan (free tier); coach:stage=prod uses Plus "
                "with threat protection in full-function mode.",
            )
        self.pool = pool
        self.pool_arn = pool.user_pool_arn
        self.client = pool.add_client(
            "AppClient",
            generate_secret=False,
            auth_flows=cognito.AuthFlow(user_srp=True, user_password=allow_password_auth),
            prevent_user_existence_errors=True,
            # CDK's defaults would allow the implicit grant with https://example.com as callback.
            disable_o_auth=True,
            id_token_validity=ID_TOKEN_VALIDITY,
            access_token_validity=ACCESS_TOKEN_VALIDITY,
            refresh_token_validity=REFRESH_TOKEN_VALIDITY,
            enable_token_revocation=True,
        )

    def allow_account_deletion(self, function: lambda_.Function) -> None:
        """`function` (the data function, which serves `DELETE /me`) learns the pool id and may
        delete users from this pool, and from nothing else."""
        function.add_environment(names.COGNITO_USER_POOL_ID, self.pool.user_pool_id)
        function.add_to_role_policy(
            iam.PolicyStatement(actions=list(ACCOUNT_DELETION_ACTIONS), resources=[self.pool_arn])
        )
