-- The CO2 split on the server (issue 24, decision 032): a fuel line's energy carrier as a code, and
-- what a user corrected of a distribution's split from the invoice. Both are read by the portal:
-- their changes raise the data version like every other table it reads (0008).
CREATE TABLE "co2_split_inputs" (
	"operating_costs_distribution" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"quantity" numeric(14, 3),
	"energy_carrier" text,
	"emissions_kg_invoice" numeric(14, 3),
	"co2_cost_invoice" numeric(15, 2),
	"area_kind" text,
	"restriction" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operating_costs_expenses" ADD COLUMN "energy_carrier" text;--> statement-breakpoint
ALTER TABLE "co2_split_inputs" ADD CONSTRAINT "co2_split_inputs_operating_costs_distribution_operating_costs_distributions_operating_costs_distribution_fk" FOREIGN KEY ("operating_costs_distribution") REFERENCES "public"."operating_costs_distributions"("operating_costs_distribution") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "co2_split_inputs_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "co2_split_inputs" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
