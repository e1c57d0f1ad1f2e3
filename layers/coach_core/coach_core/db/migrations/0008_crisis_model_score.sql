-- The learned crisis layer (issue 21): a crisis violation carries the model's probability, and a
-- violation decided by the model alone is logged with source 'model' (rule id crisis.model.<version>).
ALTER TABLE ai_policy_violation_log ADD COLUMN score double precision
    CHECK (score IS NULL OR (score >= 0 AND score <= 1));
ALTER TABLE ai_policy_violation_log DROP CONSTRAINT IF EXISTS ai_policy_violation_log_source_check;
ALTER TABLE ai_policy_violation_log ADD CONSTRAINT ai_policy_violation_log_source_check
    CHECK (source IN ('rules', 'model', 'guard'));
