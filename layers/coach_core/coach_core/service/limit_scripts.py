"""The limiter's Redis scripts (data, one home): each runs atomically in Redis, so every worker
sees one consistent count. Keys hold a keyed hash of the user (never the user id). Scripts use
Redis's own clock where they need time, so workers never disagree about it."""

from __future__ import annotations

TOKEN_BUCKET = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local capacity = tonumber(ARGV[1])
local rate = capacity / 60.0
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1]) or capacity
local ts = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
local allowed = 0
local retry = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  retry = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('EXPIRE', KEYS[1], 120)
return {allowed, tostring(retry)}
"""
"""The rate limit. KEYS[1]: the user's bucket; ARGV[1]: capacity (requests per minute). The
bucket refills continuously at capacity/60 per second. Returns {allowed, retry seconds}."""

RESERVE = """
local used = redis.call('GET', KEYS[1])
if not used then return {-1, 0} end
used = tonumber(used)
if used >= tonumber(ARGV[1]) then return {0, used} end
redis.call('INCRBY', KEYS[1], ARGV[2])
return {1, used}
"""
"""The daily budget's check-and-reserve. KEYS[1]: the user's day counter (tokens spent plus
reservations in flight); ARGV[1]: the budget; ARGV[2]: the estimate to reserve. Returns
{1, used} reserved, {0, used} over the budget, {-1, 0} no counter yet (the caller seeds it
from PostgreSQL with SET NX and tries again)."""

ADD_AT_LEAST = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
local floor = tonumber(ARGV[2])
if value < floor then
  redis.call('SET', KEYS[1], floor, 'KEEPTTL')
  value = floor
end
if value < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  value = 0
end
return value
"""
"""Add to an existing day counter (spent tokens, or a released reservation as a negative
amount), never below ARGV[2] (the tokens PostgreSQL says were spent that day: a counter that
missed some while Redis was unreachable catches up) nor below 0. A missing counter is left
missing (-1): it is seeded from PostgreSQL when next needed, so it is never started low."""

ACQUIRE_SLOT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
local lease = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
redis.call('EXPIRE', KEYS[1], math.ceil(lease) + 1)
return 1
"""
"""A stream slot. KEYS[1]: the user's open streams (a sorted set: slot id -> lease end);
ARGV[1]: the cap; ARGV[2]: the lease in seconds; ARGV[3]: the slot id. Leases past their end
are dropped first, so a worker that died holding a slot frees it when its lease runs out.
Returns 1 when the slot was taken, 0 at the cap."""
