CREATE TABLE "official_risk_values" (
	"fund_code" text NOT NULL,
	"date" date NOT NULL,
	"risk_value" integer NOT NULL,
	"source" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "official_risk_values_fund_code_date_pk" PRIMARY KEY("fund_code","date")
);
--> statement-breakpoint
CREATE TABLE "stress_scenarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stress_scenarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"shocks" jsonb,
	"from_date" date,
	"to_date" date,
	"component_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipped_code" text,
	"is_shipped" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stress_scenarios_name_unique" UNIQUE("name"),
	CONSTRAINT "stress_scenarios_shipped_code_unique" UNIQUE("shipped_code")
);
