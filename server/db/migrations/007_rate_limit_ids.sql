-- 007_rate_limit_ids: every rate-limit hit gets an id, so an attempt spent before its outcome was known
-- (a login is counted before the password is checked, which keeps concurrent attempts from all slipping
-- through) can be given back when it turns out not to count (the password was right).
alter table rate_limit_hits add column id bigint generated always as identity;
