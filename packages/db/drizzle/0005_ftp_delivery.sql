CREATE TABLE "ftp_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"auth_method" text NOT NULL,
	"password_enc" text,
	"private_key_enc" text,
	"passphrase_enc" text,
	"host_key_fingerprint" text,
	"host_key_pinned_at" timestamp with time zone,
	"tls_ca_certificate" text,
	"inbound_dir" text NOT NULL,
	"outbound_dir" text NOT NULL,
	"processed_dir" text,
	"passive_mode" text NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"retries" integer NOT NULL,
	"schedule_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ftp_connections_protocol_check" CHECK ("ftp_connections"."protocol" IN ('ftp', 'ftps-explicit', 'ftps-implicit', 'sftp'))
);
--> statement-breakpoint
CREATE TABLE "ftp_file_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"pattern" text NOT NULL,
	"kind" text NOT NULL,
	"replace_existing" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ftp_transfer_files" (
	"transfer_id" bigint PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ftp_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ftp_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connection_id" integer,
	"connection_name" text NOT NULL,
	"batch_id" text NOT NULL,
	"rule_id" integer,
	"direction" text NOT NULL,
	"file_name" text,
	"remote_path" text,
	"kind" text,
	"file_date" text,
	"size" bigint,
	"checksum" text,
	"result" text NOT NULL,
	"rows_imported" integer,
	"duration_ms" integer NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"trigger" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"message" text,
	"errors" jsonb
);
--> statement-breakpoint
ALTER TABLE "ftp_file_rules" ADD CONSTRAINT "ftp_file_rules_connection_id_ftp_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ftp_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftp_transfer_files" ADD CONSTRAINT "ftp_transfer_files_transfer_id_ftp_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ftp_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ftp_connections_name_idx" ON "ftp_connections" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ftp_file_rules_pattern_idx" ON "ftp_file_rules" USING btree ("connection_id","pattern");--> statement-breakpoint
CREATE INDEX "ftp_transfers_connection_idx" ON "ftp_transfers" USING btree ("connection_id","started_at");--> statement-breakpoint
CREATE INDEX "ftp_transfers_checksum_idx" ON "ftp_transfers" USING btree ("file_name","checksum");