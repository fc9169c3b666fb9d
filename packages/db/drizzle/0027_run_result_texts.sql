CREATE TABLE "analysis_run_result_texts" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"deflated" "bytea" NOT NULL,
	"crc32" bigint NOT NULL,
	"bytes" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_run_result_texts" ADD CONSTRAINT "analysis_run_result_texts_run_id_analysis_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."analysis_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model storage): the deflated text is not compressed again.
ALTER TABLE "analysis_run_result_texts" ALTER COLUMN "deflated" SET STORAGE EXTERNAL;
