CREATE TABLE "portfolio_cash_flows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_cash_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"portfolio_code" text NOT NULL,
	"flow_date" date NOT NULL,
	"kind" text NOT NULL,
	"amount_try" numeric NOT NULL,
	"instrument_code" text,
	"nominal" numeric,
	"note" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_cash_flows" ADD CONSTRAINT "portfolio_cash_flows_portfolio_code_portfolios_code_fk" FOREIGN KEY ("portfolio_code") REFERENCES "public"."portfolios"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_cash_flows_portfolio_date_idx" ON "portfolio_cash_flows" USING btree ("portfolio_code","flow_date");