-- Decision 0123.
CREATE TABLE "market_value_days" (
	"ticker" text NOT NULL,
	"year" integer NOT NULL,
	"days" bit(366) NOT NULL,
	CONSTRAINT "market_value_days_ticker_year_pk" PRIMARY KEY("ticker","year")
);
--> statement-breakpoint
-- Which days of each year hold a value of each series (decision 0123): kept by market_values'
-- own triggers, so that every writer (imports, fetches, edits, corporate actions, the demo, a
-- restore, a series' deletion) keeps it, and the coverage of a house's series (first and last
-- date, count, values on business days) is read from ~10 rows a series instead of its values.
-- Bit k (from the left) of a year's row is day-of-year k + 1.
CREATE FUNCTION "market_day_bit"(d date) RETURNS bit(366) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT B'1'::bit(366) >> (extract(doy FROM d)::int - 1)
$$;--> statement-breakpoint
-- One series' year read again from its values (no row when it has none left).
CREATE FUNCTION "market_value_days_refresh"(t text, y integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "market_value_days" WHERE "ticker" = t AND "year" = y;
  INSERT INTO "market_value_days" ("ticker", "year", "days")
    SELECT t, y, bit_or("market_day_bit"(v."date")) FROM "market_values" v
    WHERE v."ticker" = t AND v."date" >= make_date(y, 1, 1) AND v."date" < make_date(y + 1, 1, 1)
    HAVING count(*) > 0;
$$;--> statement-breakpoint
-- Added values set their days (rows locked in key order, as the imports lock their values).
CREATE FUNCTION "market_value_days_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "market_value_days" ("ticker", "year", "days")
    SELECT a."ticker", extract(year FROM a."date")::int, bit_or("market_day_bit"(a."date"))
    FROM "added" a GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("ticker", "year") DO UPDATE SET "days" = "market_value_days"."days" | excluded."days";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deleted values: their series' years are read again.
CREATE FUNCTION "market_value_days_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "market_value_days_refresh"(k."ticker", k."year")
    FROM (SELECT DISTINCT r."ticker", extract(year FROM r."date")::int AS "year" FROM "removed" r ORDER BY 1, 2) k;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A value moved to another series or date (no import does it; an UPSERT sets the value only).
CREATE FUNCTION "market_value_days_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "market_value_days_refresh"(OLD."ticker", extract(year FROM OLD."date")::int);
  PERFORM "market_value_days_refresh"(NEW."ticker", extract(year FROM NEW."date")::int);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "market_value_days_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "market_value_days";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "market_values_days_added" AFTER INSERT ON "market_values" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "market_value_days_added"();--> statement-breakpoint
CREATE TRIGGER "market_values_days_removed" AFTER DELETE ON "market_values" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "market_value_days_removed"();--> statement-breakpoint
CREATE TRIGGER "market_values_days_moved" AFTER UPDATE OF "ticker", "date" ON "market_values" FOR EACH ROW EXECUTE FUNCTION "market_value_days_moved"();--> statement-breakpoint
CREATE TRIGGER "market_values_days_emptied" AFTER TRUNCATE ON "market_values" FOR EACH STATEMENT EXECUTE FUNCTION "market_value_days_emptied"();--> statement-breakpoint
INSERT INTO "market_value_days" ("ticker", "year", "days")
  SELECT "ticker", extract(year FROM "date")::int, bit_or("market_day_bit"("date")) FROM "market_values"
  GROUP BY 1, 2;
