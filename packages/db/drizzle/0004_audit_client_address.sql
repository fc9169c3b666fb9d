ALTER TABLE "audit_log" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");