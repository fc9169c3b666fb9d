CREATE TABLE "calendar_overrides" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corporate_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instrument_code" text NOT NULL,
	"kind" text NOT NULL,
	"ex_date" date NOT NULL,
	"ratio" double precision,
	"amount" double precision,
	"subscription_price" double precision,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_actions_instrument_kind_date_key" UNIQUE("instrument_code","kind","ex_date")
);
--> statement-breakpoint
CREATE TABLE "market_values_derived" (
	"ticker" text NOT NULL,
	"date" date NOT NULL,
	"adjusted" double precision NOT NULL,
	"total_return" double precision NOT NULL,
	CONSTRAINT "market_values_derived_ticker_date_pk" PRIMARY KEY("ticker","date")
);
--> statement-breakpoint
ALTER TABLE "market_series" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "market_series" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_series" ADD COLUMN "instrument_code" text;--> statement-breakpoint
ALTER TABLE "market_series" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_instrument_code_instruments_code_fk" FOREIGN KEY ("instrument_code") REFERENCES "public"."instruments"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_values_derived" ADD CONSTRAINT "market_values_derived_ticker_market_series_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."market_series"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_actions_instrument_idx" ON "corporate_actions" USING btree ("instrument_code","ex_date");--> statement-breakpoint
ALTER TABLE "market_series" ADD CONSTRAINT "market_series_instrument_code_instruments_code_fk" FOREIGN KEY ("instrument_code") REFERENCES "public"."instruments"("code") ON DELETE set null ON UPDATE no action;