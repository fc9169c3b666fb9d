CREATE TABLE "benchmark_components" (
	"benchmark_code" text NOT NULL,
	"series_ticker" text NOT NULL,
	"weight_pct" numeric NOT NULL,
	CONSTRAINT "benchmark_components_benchmark_code_series_ticker_pk" PRIMARY KEY("benchmark_code","series_ticker")
);
--> statement-breakpoint
CREATE TABLE "benchmarks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"rebalancing" text DEFAULT 'monthly' NOT NULL,
	"holdings_portfolio_code" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"forex_buying" numeric,
	"forex_selling" numeric,
	"banknote_buying" numeric,
	"banknote_selling" numeric,
	CONSTRAINT "fx_rates_currency_date_pk" PRIMARY KEY("currency","date")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"portfolio_code" text NOT NULL,
	"portfolio_date" date NOT NULL,
	"row_no" integer NOT NULL,
	"instrument_code" text NOT NULL,
	"instrument_name" text,
	"main_type" text,
	"currency" text,
	"nominal_value" numeric,
	"current_value" numeric NOT NULL,
	"columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "holdings_portfolio_code_portfolio_date_row_no_pk" PRIMARY KEY("portfolio_code","portfolio_date","row_no")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"main_type" text NOT NULL,
	"sub_type" text,
	"currency" text NOT NULL,
	"issuer" text,
	"issuer_group" text,
	"sector" text,
	"isin" text,
	"is_foreign" boolean DEFAULT false NOT NULL,
	"tcmb_code" text,
	"fund_category" text,
	"terms" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_series" (
	"ticker" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"tenor_days" integer,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_values" (
	"ticker" text NOT NULL,
	"date" date NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "market_values_ticker_date_pk" PRIMARY KEY("ticker","date")
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"fund_category" text,
	"currency" text DEFAULT 'TRY' NOT NULL,
	"reference_benchmark_code" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticker_mappings" (
	"instrument_code" text PRIMARY KEY NOT NULL,
	"series_ticker" text NOT NULL,
	"mapping_kind" text NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unified_portfolio_members" (
	"unified_id" integer NOT NULL,
	"portfolio_code" text NOT NULL,
	CONSTRAINT "unified_portfolio_members_unified_id_portfolio_code_pk" PRIMARY KEY("unified_id","portfolio_code")
);
--> statement-breakpoint
CREATE TABLE "unified_portfolios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unified_portfolios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"new_portfolio_code" text NOT NULL,
	"name" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unified_portfolios_new_portfolio_code_unique" UNIQUE("new_portfolio_code")
);
--> statement-breakpoint
ALTER TABLE "benchmark_components" ADD CONSTRAINT "benchmark_components_benchmark_code_benchmarks_code_fk" FOREIGN KEY ("benchmark_code") REFERENCES "public"."benchmarks"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_components" ADD CONSTRAINT "benchmark_components_series_ticker_market_series_ticker_fk" FOREIGN KEY ("series_ticker") REFERENCES "public"."market_series"("ticker") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmarks" ADD CONSTRAINT "benchmarks_holdings_portfolio_code_portfolios_code_fk" FOREIGN KEY ("holdings_portfolio_code") REFERENCES "public"."portfolios"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_portfolio_code_portfolios_code_fk" FOREIGN KEY ("portfolio_code") REFERENCES "public"."portfolios"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_instrument_code_instruments_code_fk" FOREIGN KEY ("instrument_code") REFERENCES "public"."instruments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_values" ADD CONSTRAINT "market_values_ticker_market_series_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."market_series"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_reference_benchmark_code_benchmarks_code_fk" FOREIGN KEY ("reference_benchmark_code") REFERENCES "public"."benchmarks"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_mappings" ADD CONSTRAINT "ticker_mappings_instrument_code_instruments_code_fk" FOREIGN KEY ("instrument_code") REFERENCES "public"."instruments"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_mappings" ADD CONSTRAINT "ticker_mappings_series_ticker_market_series_ticker_fk" FOREIGN KEY ("series_ticker") REFERENCES "public"."market_series"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unified_portfolio_members" ADD CONSTRAINT "unified_portfolio_members_unified_id_unified_portfolios_id_fk" FOREIGN KEY ("unified_id") REFERENCES "public"."unified_portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unified_portfolio_members" ADD CONSTRAINT "unified_portfolio_members_portfolio_code_portfolios_code_fk" FOREIGN KEY ("portfolio_code") REFERENCES "public"."portfolios"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holdings_instrument_code_idx" ON "holdings" USING btree ("instrument_code");--> statement-breakpoint
CREATE INDEX "holdings_portfolio_date_idx" ON "holdings" USING btree ("portfolio_date");--> statement-breakpoint
CREATE INDEX "instruments_main_type_idx" ON "instruments" USING btree ("main_type");--> statement-breakpoint
CREATE INDEX "instruments_isin_idx" ON "instruments" USING btree ("isin");