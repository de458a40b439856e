-- The rate limits' counters, in the database so that every server process counts the same hits (lib/rate-limit.ts):
-- before, each process kept its own in memory, and two processes behind a balancer let through twice the limit.
-- Unlogged: a counter is written on every limited request and is worth nothing after a crash (a caller gets a fresh
-- window), so it costs no WAL.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
