CREATE TABLE "var_points" (
	"run_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"portfolio_code" text NOT NULL,
	"date" text NOT NULL,
	"finished_at" timestamp with time zone,
	"point" jsonb NOT NULL,
	CONSTRAINT "var_points_run_id_idx_pk" PRIMARY KEY("run_id","idx")
);
--> statement-breakpoint
ALTER TABLE "var_points" ADD CONSTRAINT "var_points_run_id_analysis_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."analysis_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "var_points_portfolio_date_idx" ON "var_points" USING btree ("portfolio_code","date","finished_at");--> statement-breakpoint
-- Decision 0125 (hand-written: drizzle-kit does not model triggers). The points of a 'var' run's
-- result, written when the run is stored finished (the worker's finishing update, a restore's or
-- the demo's insert), so that every writer keeps them; a run is final once done (migration 0002's
-- guard), and its points go with it (the foreign key cascades). A point without a text portfolio
-- code and date is left out, as the tracking's schema left it out.
CREATE FUNCTION "var_points_of_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "var_points" ("run_id", "idx", "portfolio_code", "date", "finished_at", "point")
    SELECT NEW."id", p."idx"::int, p."point"->>'portfolioCode', p."point"->>'date', NEW."finished_at", p."point"
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW."result"->'series') = 'array'
      THEN NEW."result"->'series' ELSE '[]'::jsonb END) WITH ORDINALITY AS p("point", "idx")
    WHERE jsonb_typeof(p."point"->'portfolioCode') = 'string' AND jsonb_typeof(p."point"->'date') = 'string';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "analysis_runs_var_points_inserted" AFTER INSERT ON "analysis_runs" FOR EACH ROW
  WHEN (NEW."analysis_type" = 'var' AND NEW."status" = 'done') EXECUTE FUNCTION "var_points_of_run"();--> statement-breakpoint
CREATE TRIGGER "analysis_runs_var_points_done" AFTER UPDATE OF "status" ON "analysis_runs" FOR EACH ROW
  WHEN (NEW."analysis_type" = 'var' AND NEW."status" = 'done' AND OLD."status" IS DISTINCT FROM 'done')
  EXECUTE FUNCTION "var_points_of_run"();--> statement-breakpoint
INSERT INTO "var_points" ("run_id", "idx", "portfolio_code", "date", "finished_at", "point")
  SELECT r."id", p."idx"::int, p."point"->>'portfolioCode', p."point"->>'date', r."finished_at", p."point"
  FROM "analysis_runs" r
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r."result"->'series') = 'array'
    THEN r."result"->'series' ELSE '[]'::jsonb END) WITH ORDINALITY AS p("point", "idx")
  WHERE r."analysis_type" = 'var' AND r."status" = 'done'
    AND jsonb_typeof(p."point"->'portfolioCode') = 'string' AND jsonb_typeof(p."point"->'date') = 'string';
