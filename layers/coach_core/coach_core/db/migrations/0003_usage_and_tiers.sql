-- 0003: per-user subscription tier (it sets the model tier of new sessions and the rate limit
-- and daily token budget) and daily usage per user, kept in PostgreSQL so budgets survive the
-- loss of the cache and can be reported (GET /me/usage).

ALTER TABLE users ADD COLUMN tier text NOT NULL DEFAULT 'standard'
    CHECK (tier IN ('free', 'standard', 'premium'));

CREATE TABLE ai_usage_daily (
    user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day            date NOT NULL,
    requests       integer NOT NULL DEFAULT 0 CHECK (requests >= 0),
    input_tokens   bigint NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
    output_tokens  bigint NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
    guard_tokens   bigint NOT NULL DEFAULT 0 CHECK (guard_tokens >= 0),
    updated_at     timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    PRIMARY KEY (user_id, day)
);
