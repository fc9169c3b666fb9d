CREATE TABLE "market_writes" (
	"xid" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that writes market values or their derived values notes its transaction, so
-- that which notes a snapshot sees names which of those writes it sees (decision 0078).
CREATE FUNCTION "note_market_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "market_writes" ("xid") VALUES (pg_current_xact_id()::text::bigint);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "market_values_noted" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "market_values" FOR EACH STATEMENT EXECUTE FUNCTION "note_market_write"();--> statement-breakpoint
CREATE TRIGGER "market_values_derived_noted" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "market_values_derived" FOR EACH STATEMENT EXECUTE FUNCTION "note_market_write"();
