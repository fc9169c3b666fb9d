ALTER TABLE "report_keys" DROP CONSTRAINT "report_keys_report_id_reports_id_fk";
--> statement-breakpoint
ALTER TABLE "report_keys" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_keys" ADD CONSTRAINT "report_keys_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;