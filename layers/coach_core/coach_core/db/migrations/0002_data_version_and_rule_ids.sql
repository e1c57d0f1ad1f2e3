-- 0002: a per-user data version (bumped by every write to the user's rows, so caches keyed
-- by it are never stale) and explainable violation rows (the rule that fired; the guard's
-- model and category scores when the model-based guard made the call).

ALTER TABLE users ADD COLUMN data_version bigint NOT NULL DEFAULT 0;

-- users: any UPDATE of the row bumps its own version.
CREATE FUNCTION coach_bump_own_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.data_version := OLD.data_version + 1;
    RETURN NEW;
END
$$;
CREATE TRIGGER users_bump_version BEFORE UPDATE ON users
    FOR EACH ROW WHEN (OLD.data_version = NEW.data_version) EXECUTE FUNCTION coach_bump_own_version();

-- goals, daily_checkins, nutrition_logs: one UPDATE of users per statement and user
-- (statement-level with transition tables, so a batch of 90 rows costs one bump).
CREATE FUNCTION coach_bump_user_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE users SET data_version = data_version + 1 WHERE id IN (SELECT DISTINCT user_id FROM old_rows);
    ELSE
        UPDATE users SET data_version = data_version + 1 WHERE id IN (SELECT DISTINCT user_id FROM new_rows);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER goals_bump_insert AFTER INSERT ON goals REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER goals_bump_update AFTER UPDATE ON goals REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER goals_bump_delete AFTER DELETE ON goals REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER checkins_bump_insert AFTER INSERT ON daily_checkins REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER checkins_bump_update AFTER UPDATE ON daily_checkins REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER checkins_bump_delete AFTER DELETE ON daily_checkins REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER nutrition_bump_insert AFTER INSERT ON nutrition_logs REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER nutrition_bump_update AFTER UPDATE ON nutrition_logs REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();
CREATE TRIGGER nutrition_bump_delete AFTER DELETE ON nutrition_logs REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION coach_bump_user_version();

ALTER TABLE ai_policy_violation_log
    ADD COLUMN rule_id text,
    ADD COLUMN source text NOT NULL DEFAULT 'rules' CHECK (source IN ('rules', 'guard')),
    ADD COLUMN guard_model text,
    ADD COLUMN category_scores jsonb;
