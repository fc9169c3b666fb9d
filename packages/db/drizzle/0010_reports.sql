CREATE TABLE "pdf_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"logo" "bytea",
	"logo_mime_type" text,
	"logo_uploaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_settings_single_row" CHECK ("pdf_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "report_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer,
	"owner_name" text NOT NULL,
	"template_id" integer NOT NULL,
	"portfolio_codes" text[] NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer,
	"business_day" integer,
	"time" text NOT NULL,
	"ftp_connection_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_report_id" integer,
	"last_error" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"module" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"include_methods" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"owner_name" text NOT NULL,
	"title" text NOT NULL,
	"module" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"progress_message" text,
	"template_id" integer,
	"template_name" text NOT NULL,
	"template_snapshot" jsonb NOT NULL,
	"portfolio_codes" text[] DEFAULT '{}' NOT NULL,
	"as_of_date" date,
	"from_date" date,
	"to_date" date,
	"source_run_id" uuid,
	"runs_used" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule_id" integer,
	"demo" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "report_keys" ADD CONSTRAINT "report_keys_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_keys_hash_idx" ON "report_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "report_keys_report_idx" ON "report_keys" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_templates_key_idx" ON "report_templates" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "report_templates_name_idx" ON "report_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status");