CREATE TABLE "index_constituents" (
	"index_ticker" text NOT NULL,
	"instrument_code" text NOT NULL,
	"shares" numeric NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "index_constituents_index_ticker_instrument_code_pk" PRIMARY KEY("index_ticker","instrument_code")
);
--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_index_ticker_market_series_ticker_fk" FOREIGN KEY ("index_ticker") REFERENCES "public"."market_series"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_instrument_code_instruments_code_fk" FOREIGN KEY ("instrument_code") REFERENCES "public"."instruments"("code") ON DELETE cascade ON UPDATE no action;