CREATE TABLE "portfolio_fee_rates" (
	"portfolio_code" text PRIMARY KEY NOT NULL,
	"annual_fee_rate_pct" numeric NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_fee_rates" ADD CONSTRAINT "portfolio_fee_rates_portfolio_code_portfolios_code_fk" FOREIGN KEY ("portfolio_code") REFERENCES "public"."portfolios"("code") ON DELETE cascade ON UPDATE no action;