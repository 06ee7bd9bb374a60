CREATE TABLE "consumption_data_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "consumption_data_credentials_userName_unique" UNIQUE("user_name")
);
--> statement-breakpoint
ALTER TABLE "consumption_data_credentials" ADD CONSTRAINT "consumption_data_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumption_data_credentials_user_id_index" ON "consumption_data_credentials" USING btree ("user_id");