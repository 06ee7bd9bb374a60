CREATE TABLE "invoice_approvals" (
	"billing_voucher" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"decided_by" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activity" uuid
);
--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD CONSTRAINT "invoice_approvals_billing_voucher_billing_vouchers_billing_voucher_fk" FOREIGN KEY ("billing_voucher") REFERENCES "public"."billing_vouchers"("billing_voucher") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD CONSTRAINT "invoice_approvals_activity_activities_id_fk" FOREIGN KEY ("activity") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;