-- 0007: each answered chat turn's numeric grounding (issue 24): how many figures about the
-- user's data the answer stated, and the ones that matched nothing the turn's tools, the user
-- context or the user's own messages gave. One row per turn, written in the turn's one
-- statement with the exchange, so an operator can see and alarm on a model that drifts:
--   SELECT date_trunc('hour', created_at), sum(figures_ungrounded)::float / nullif(sum(figures_checked), 0)
--   FROM ai_turn_log GROUP BY 1 ORDER BY 1 DESC;
-- `ungrounded` holds [{"text", "value", "unit", "expected"}] (the figure as written, and the
-- nearest value the data holds, if any). Like the other logs it carries no foreign key; erasing
-- a user deletes their rows (repositories/logs.py).

CREATE TABLE ai_turn_log (
    id                  bigserial PRIMARY KEY,
    user_id             uuid NOT NULL,
    session_id          uuid NOT NULL,
    provider            text,
    finish_reason       text NOT NULL,
    figures_checked     integer NOT NULL CHECK (figures_checked >= 0),
    figures_ungrounded  integer NOT NULL CHECK (figures_ungrounded >= 0 AND figures_ungrounded <= figures_checked),
    ungrounded          jsonb NOT NULL DEFAULT '[]'::jsonb,
    grounding_repaired  boolean NOT NULL DEFAULT false,
    created_at          timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX ai_turn_log_created_idx ON ai_turn_log (created_at) INCLUDE (figures_checked, figures_ungrounded);
CREATE INDEX ai_turn_log_user_idx ON ai_turn_log (user_id, created_at);
