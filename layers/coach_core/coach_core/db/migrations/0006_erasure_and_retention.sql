-- 0006: erased means erased, and health data is kept only as long as it is needed.
--
-- 1. Data versions come from ONE database-wide sequence instead of a per-user counter from 0.
--    Caches key on (user id, data version): the per-process context cache of every function and
--    the tool results in Redis. With a counter from 0, an account erased and re-created under the
--    same id walked through the same versions again, and a process that had cached the old
--    account served it to the new one. A sequence never issues a number twice, so a re-created
--    account (and every write to it) gets versions no cache entry anywhere can hold.
--    The sequence starts above any version the per-user counters of 0002 reached.
-- 2. Retention: the scheduled purge (service/retention.py) empties the history of sessions
--    expired long ago and the excerpts of old violation rows; two partial indexes let it find
--    the rows still to do without rereading the ones already done.

CREATE SEQUENCE coach_data_version_seq AS bigint;
SELECT setval('coach_data_version_seq', GREATEST((SELECT max(data_version) FROM users) + 1, 1000000000000), false);

ALTER TABLE users ALTER COLUMN data_version SET DEFAULT nextval('coach_data_version_seq');
ALTER SEQUENCE coach_data_version_seq OWNED BY users.data_version;

CREATE OR REPLACE FUNCTION coach_bump_own_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.data_version := nextval('coach_data_version_seq');
    RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION coach_bump_user_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE users SET data_version = nextval('coach_data_version_seq')
        WHERE id IN (SELECT DISTINCT user_id FROM old_rows);
    ELSE
        UPDATE users SET data_version = nextval('coach_data_version_seq')
        WHERE id IN (SELECT DISTINCT user_id FROM new_rows);
    END IF;
    RETURN NULL;
END
$$;

-- Every EXPIRED session has its expiry time (both writers set it; this covers any that did not).
UPDATE ai_session SET expired_at = last_activity_at WHERE status = 'EXPIRED' AND expired_at IS NULL;

CREATE INDEX ai_session_history_retention_idx ON ai_session (expired_at)
    WHERE status = 'EXPIRED' AND history <> '[]'::jsonb;
CREATE INDEX ai_policy_violation_log_excerpt_retention_idx ON ai_policy_violation_log (created_at)
    WHERE trigger_content <> '';
