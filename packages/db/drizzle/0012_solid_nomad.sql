CREATE TABLE "tefas_funds" (
	"fund_code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"fund_type" text NOT NULL,
	"category" text,
	"founder_code" text,
	"listed_risk_value" integer,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
