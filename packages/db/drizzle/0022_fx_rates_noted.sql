-- FX rates are read with market values by every market-risk analysis: a statement that writes
-- them is noted too, so that the worker may answer the FX read of a window from its cache for a
-- snapshot of the same market-data version (decision 0096).
CREATE TRIGGER "fx_rates_noted" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fx_rates" FOR EACH STATEMENT EXECUTE FUNCTION "note_market_write"();
