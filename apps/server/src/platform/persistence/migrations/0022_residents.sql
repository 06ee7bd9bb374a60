CREATE TABLE "resident_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"contract" text NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"batch" uuid NOT NULL,
	"code_sealed" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"user_id" uuid,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "resident_invitations_codeHash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "resident_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"point_of_delivery" text NOT NULL,
	"business_partner" text NOT NULL,
	"contract" text NOT NULL,
	"month" text NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"user_id" uuid,
	"mail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"letter_produced_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resident_contract" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_channel" text;--> statement-breakpoint
ALTER TABLE "resident_invitations" ADD CONSTRAINT "resident_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_notices" ADD CONSTRAINT "resident_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resident_invitations_contract_index" ON "resident_invitations" USING btree ("contract");--> statement-breakpoint
CREATE INDEX "resident_invitations_property_connection_index" ON "resident_invitations" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "resident_invitations_batch_index" ON "resident_invitations" USING btree ("batch");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_notices_point_of_delivery_business_partner_month_index" ON "resident_notices" USING btree ("point_of_delivery","business_partner","month");--> statement-breakpoint
CREATE INDEX "resident_notices_property_connection_month_index" ON "resident_notices" USING btree ("property_connection","month");--> statement-breakpoint
CREATE INDEX "resident_notices_state_index" ON "resident_notices" USING btree ("state");--> statement-breakpoint
CREATE INDEX "users_resident_contract_index" ON "users" USING btree ("resident_contract");