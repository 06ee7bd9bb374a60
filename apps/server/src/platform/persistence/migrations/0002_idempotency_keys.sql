CREATE TABLE "idempotency_keys" (
	"user_name" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_name_key_pk" PRIMARY KEY("user_name","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");