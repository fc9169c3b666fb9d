CREATE TABLE "analysis_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"progress_message" text,
	"inputs" jsonb NOT NULL,
	"portfolio_codes" text[] DEFAULT '{}' NOT NULL,
	"as_of_date" date,
	"from_date" date,
	"to_date" date,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"engine_version" text,
	"data_snapshot" jsonb,
	"result" jsonb,
	"attempt" integer DEFAULT 1 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"analysis_based" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analysis_runs_status_check" CHECK ("analysis_runs"."status" IN ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "analysis_runs_progress_check" CHECK ("analysis_runs"."progress" >= 0 AND "analysis_runs"."progress" <= 1)
);
--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_runs_type_created_idx" ON "analysis_runs" USING btree ("analysis_type","created_at");--> statement-breakpoint
CREATE INDEX "analysis_runs_created_by_idx" ON "analysis_runs" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "analysis_runs_portfolio_codes_idx" ON "analysis_runs" USING gin ("portfolio_codes");--> statement-breakpoint
CREATE INDEX "analysis_runs_as_of_date_idx" ON "analysis_runs" USING btree ("as_of_date");--> statement-breakpoint
CREATE INDEX "analysis_runs_status_heartbeat_idx" ON "analysis_runs" USING btree ("status","heartbeat_at");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a run in a final state never changes again
-- (only created_by may become NULL when its user is deleted), and every change of state or
-- progress is announced on 'fonrisk_runs' (payload: the run id) so that every API replica can
-- forward it to its server-sent-event streams. NOTIFY is delivered on commit, so listeners never
-- see a change that was rolled back.
CREATE FUNCTION "analysis_runs_guard_and_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status IN ('done', 'failed', 'cancelled')
      AND (to_jsonb(NEW) - 'created_by') IS DISTINCT FROM (to_jsonb(OLD) - 'created_by') THEN
      RAISE EXCEPTION 'analysis run % is final (%) and cannot change', OLD.id, OLD.status
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.status IS NOT DISTINCT FROM OLD.status
      AND NEW.progress IS NOT DISTINCT FROM OLD.progress
      AND NEW.progress_message IS NOT DISTINCT FROM OLD.progress_message
      AND NEW.attempt IS NOT DISTINCT FROM OLD.attempt
      AND NEW.cancel_requested IS NOT DISTINCT FROM OLD.cancel_requested THEN
      RETURN NEW; -- a heartbeat or a user deletion: nothing a viewer follows has changed
    END IF;
  END IF;
  PERFORM pg_notify('fonrisk_runs', NEW.id::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analysis_runs_guard_and_notify" BEFORE INSERT OR UPDATE ON "analysis_runs"
  FOR EACH ROW EXECUTE FUNCTION "analysis_runs_guard_and_notify"();
