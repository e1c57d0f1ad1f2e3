-- 0005: the daily token budget is reserved before a model call and settled after it (issue 22).
-- Redis holds the reservations normally; while Redis is down they are made here, atomically, in
-- the user's day row: reserved_tokens is the sum of the estimates of the requests in flight, so
-- concurrent requests see each other and the budget is overshot by at most one request.

ALTER TABLE ai_usage_daily ADD COLUMN reserved_tokens bigint NOT NULL DEFAULT 0
    CHECK (reserved_tokens >= 0);
