CREATE TABLE "analysis_run_bundles" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"json_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_run_bundles" ADD CONSTRAINT "analysis_run_bundles_run_id_analysis_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."analysis_runs"("id") ON DELETE cascade ON UPDATE no action;