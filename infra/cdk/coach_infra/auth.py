"""The Cognito user pool the API authorizer trusts: an existing pool (coach:userPoolId) or a new
one with an app client for public (no-secret) clients. The user id is the token's `sub` claim."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_cognito as cognito
from constructs import Construct


class UserPool(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, user_pool_id: str | None, production: bool) -> None:
        super().__init__(scope, construct_id)
        self.client: cognito.UserPoolClient | None = None
        if user_pool_id:
            self.pool: cognito.IUserPool = cognito.UserPool.from_user_pool_id(self, "Pool", user_pool_id)
            return
        pool = cognito.UserPool(
            self,
            "Pool",
            self_sign_up_enabled=True,
            sign_in_aliases=cognito.SignInAliases(email=True),
            auto_verify=cognito.AutoVerifiedAttrs(email=True),
            password_policy=cognito.PasswordPolicy(
                min_length=12, require_digits=True, require_lowercase=True, require_uppercase=True
            ),
            account_recovery=cognito.AccountRecovery.EMAIL_ONLY,
            removal_policy=RemovalPolicy.RETAIN if production else RemovalPolicy.DESTROY,
        )
        self.pool = pool
        self.client = pool.add_client(
            "AppClient",
            generate_secret=False,
            # USER_PASSWORD_AUTH lets an operator fetch a token with the AWS CLI (docs/DEPLOYMENT.md).
            auth_flows=cognito.AuthFlow(user_srp=True, user_password=True),
            prevent_user_existence_errors=True,
        )
