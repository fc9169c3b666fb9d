CREATE TABLE "reference_writes" (
	"xid" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that writes the reference data the analyses read with the market values
-- (instruments, their ticker mappings, the series' descriptions) notes its transaction, so that
-- which notes a snapshot sees names which of those writes it sees (decision 0115), as
-- market_writes does for the market values (decision 0078).
CREATE FUNCTION "note_reference_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reference_writes" ("xid") VALUES (pg_current_xact_id()::text::bigint);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "instruments_noted" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instruments" FOR EACH STATEMENT EXECUTE FUNCTION "note_reference_write"();--> statement-breakpoint
CREATE TRIGGER "ticker_mappings_noted" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ticker_mappings" FOR EACH STATEMENT EXECUTE FUNCTION "note_reference_write"();--> statement-breakpoint
CREATE TRIGGER "market_series_noted" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "market_series" FOR EACH STATEMENT EXECUTE FUNCTION "note_reference_write"();
