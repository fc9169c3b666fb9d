CREATE TABLE "audit_breach_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_breach_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"breach_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"portfolio_code" text NOT NULL,
	"criterion_code" text NOT NULL,
	"criterion_id" integer NOT NULL,
	"criterion_name" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"resolved_date" date,
	"due_date" date NOT NULL,
	"last_value" double precision,
	"limit_text" text NOT NULL,
	"owner" text,
	"accept_reason" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_breaches_status_check" CHECK ("audit_breaches"."status" IN ('open', 'remedying', 'resolved', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "audit_criteria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_criteria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"rule" jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	CONSTRAINT "audit_criteria_code_version_uq" UNIQUE("code","version")
);
--> statement-breakpoint
ALTER TABLE "audit_breach_events" ADD CONSTRAINT "audit_breach_events_breach_id_audit_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."audit_breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_breach_events" ADD CONSTRAINT "audit_breach_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_breaches" ADD CONSTRAINT "audit_breaches_criterion_id_audit_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."audit_criteria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_criteria" ADD CONSTRAINT "audit_criteria_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_breach_events_breach_idx" ON "audit_breach_events" USING btree ("breach_id","at");--> statement-breakpoint
CREATE INDEX "audit_breaches_portfolio_idx" ON "audit_breaches" USING btree ("portfolio_code","criterion_code");--> statement-breakpoint
CREATE INDEX "audit_breaches_status_idx" ON "audit_breaches" USING btree ("status");