-- 0004: which provider answered, now that a round can fail over from one provider to the
-- other. Each tool-call row names the provider whose model asked for the call (NULL for a call
-- the service made itself, and for rows written before this migration), and each user's daily
-- usage is split by provider (one row per user, day and provider; the totals stay in
-- ai_usage_daily, which the token budget reads).

ALTER TABLE ai_tool_call_log ADD COLUMN provider text;

CREATE TABLE ai_usage_provider_daily (
    user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day            date NOT NULL,
    provider       text NOT NULL,
    requests       integer NOT NULL DEFAULT 0 CHECK (requests >= 0),
    input_tokens   bigint NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
    output_tokens  bigint NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
    updated_at     timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    PRIMARY KEY (user_id, day, provider)
);
