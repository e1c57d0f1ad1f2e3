-- 0001: users, goals, daily check-ins, nutrition logs, coach sessions and the two observability logs.
-- Timestamps are naive UTC ("timestamp without time zone" holding UTC); the database's
-- TimeZone is pinned to UTC so NOW() comparisons in the reference queries line up.

CREATE TABLE users (
    id              uuid PRIMARY KEY,
    birth_date      date,
    sex             text CHECK (sex IN ('female', 'male', 'other')),
    height_cm       numeric(5, 1) CHECK (height_cm BETWEEN 50 AND 272),
    activity_level  text CHECK (activity_level IN
                        ('sedentary', 'lightly_active', 'moderately_active', 'very_active', 'extra_active')),
    diet            jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at      timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    updated_at      timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

CREATE TABLE goals (
    user_id                  uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    goal_type                text NOT NULL CHECK (goal_type IN ('lose', 'maintain', 'gain')),
    target_weight_kg         numeric(5, 1) CHECK (target_weight_kg BETWEEN 20 AND 400),
    target_rate_kg_per_week  numeric(4, 2) CHECK (target_rate_kg_per_week BETWEEN 0 AND 5),
    updated_at               timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

CREATE TABLE daily_checkins (
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    date         date NOT NULL,
    weight_kg    numeric(5, 2) CHECK (weight_kg BETWEEN 20 AND 400),
    energy       smallint CHECK (energy BETWEEN 1 AND 5),
    sleep_hours  numeric(4, 2) CHECK (sleep_hours BETWEEN 0 AND 24),
    mood         smallint CHECK (mood BETWEEN 1 AND 5),
    PRIMARY KEY (user_id, date)
);

CREATE TABLE nutrition_logs (
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    date       date NOT NULL,
    calories   integer NOT NULL CHECK (calories BETWEEN 0 AND 20000),
    protein_g  numeric(6, 1) CHECK (protein_g BETWEEN 0 AND 2000),
    carbs_g    numeric(6, 1) CHECK (carbs_g BETWEEN 0 AND 3000),
    fat_g      numeric(6, 1) CHECK (fat_g BETWEEN 0 AND 1000),
    PRIMARY KEY (user_id, date)
);

CREATE TABLE ai_session (
    id                uuid PRIMARY KEY,
    user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status            text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'EXPIRED')),
    model_tier        text NOT NULL DEFAULT 'standard',
    history           jsonb NOT NULL DEFAULT '[]'::jsonb,
    message_count     integer NOT NULL DEFAULT 0 CHECK (message_count >= 0),
    tokens_used       integer NOT NULL DEFAULT 0 CHECK (tokens_used >= 0),
    created_at        timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    last_activity_at  timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
    expired_at        timestamp
);
-- Session look-up by id is the primary key; per-user look-up and the expiry sweep:
CREATE INDEX ai_session_user_status_idx ON ai_session (user_id, status, last_activity_at DESC);
CREATE INDEX ai_session_active_idle_idx ON ai_session (last_activity_at) WHERE status = 'ACTIVE';

CREATE TABLE ai_tool_call_log (
    id              bigserial PRIMARY KEY,
    user_id         uuid NOT NULL,
    session_id      uuid,
    tool_name       text NOT NULL,
    tool_category   text NOT NULL DEFAULT 'internal',
    input_hash      text NOT NULL,
    input_summary   text NOT NULL,
    output_summary  text NOT NULL,
    status          text NOT NULL CHECK (status IN ('success', 'error')),
    error_message   text,
    latency_ms      integer NOT NULL CHECK (latency_ms >= 0),
    cache_hit       boolean NOT NULL,
    created_at      timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
-- "Most used tools, last 7 days": range on created_at, then group by tool_name (index-only scan).
CREATE INDEX ai_tool_call_log_created_idx ON ai_tool_call_log (created_at) INCLUDE (tool_name, latency_ms);
CREATE INDEX ai_tool_call_log_user_idx ON ai_tool_call_log (user_id, created_at);

CREATE TABLE ai_policy_violation_log (
    id               bigserial PRIMARY KEY,
    user_id          uuid NOT NULL,
    session_id       uuid,
    direction        text NOT NULL CHECK (direction IN ('input', 'output')),
    violation_type   text NOT NULL,
    severity         text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low')),
    trigger_content  text NOT NULL,
    action_taken     text NOT NULL CHECK (action_taken IN ('allow', 'modify', 'block', 'flag')),
    created_at       timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
-- "Policy violations by type, last 30 days".
CREATE INDEX ai_policy_violation_log_created_idx
    ON ai_policy_violation_log (created_at) INCLUDE (violation_type, severity);
CREATE INDEX ai_policy_violation_log_user_idx ON ai_policy_violation_log (user_id, created_at);

DO $$
BEGIN
    EXECUTE format('ALTER DATABASE %I SET timezone TO %L', current_database(), 'UTC');
END
$$;
