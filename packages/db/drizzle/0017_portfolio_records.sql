ALTER TABLE "portfolios" ADD COLUMN "management_company" text;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "retired_at" timestamp with time zone;