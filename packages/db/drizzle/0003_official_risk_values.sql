CREATE TABLE "official_risk_values" (
	"fund_code" text NOT NULL,
	"date" date NOT NULL,
	"risk_value" integer NOT NULL,
	"source" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "official_risk_values_fund_code_date_pk" PRIMARY KEY("fund_code","date")
);
