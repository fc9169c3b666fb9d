-- One note per writing transaction instead of one per statement (decision 0119): a snapshot sees
-- a transaction's writes all or none, so the notes it sees still name the writes it sees, and the
-- version statements (count and highest transaction of the notes) read a table that grows with
-- the imports, not with their statements (the night bench's import of 2,934 instruments noted
-- 5,868).
DELETE FROM "market_writes" a USING "market_writes" b WHERE a."xid" = b."xid" AND a.ctid > b.ctid;--> statement-breakpoint
DELETE FROM "reference_writes" a USING "reference_writes" b WHERE a."xid" = b."xid" AND a.ctid > b.ctid;--> statement-breakpoint
ALTER TABLE "market_writes" ADD PRIMARY KEY ("xid");--> statement-breakpoint
ALTER TABLE "reference_writes" ADD PRIMARY KEY ("xid");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "note_market_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "market_writes" ("xid") VALUES (pg_current_xact_id()::text::bigint)
    ON CONFLICT ("xid") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "note_reference_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reference_writes" ("xid") VALUES (pg_current_xact_id()::text::bigint)
    ON CONFLICT ("xid") DO NOTHING;
  RETURN NULL;
END
$$;
