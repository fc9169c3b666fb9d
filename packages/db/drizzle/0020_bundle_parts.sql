CREATE TABLE "analysis_bundle_parts" (
	"hash" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"json_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_run_bundle_parts" (
	"run_id" uuid NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "analysis_run_bundle_parts_run_id_hash_pk" PRIMARY KEY("run_id","hash")
);
--> statement-breakpoint
ALTER TABLE "analysis_run_bundle_parts" ADD CONSTRAINT "analysis_run_bundle_parts_run_id_analysis_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."analysis_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_run_bundle_parts" ADD CONSTRAINT "analysis_run_bundle_parts_hash_analysis_bundle_parts_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."analysis_bundle_parts"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_run_bundle_parts_hash_idx" ON "analysis_run_bundle_parts" USING btree ("hash");