CREATE TABLE "bved_cost_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operating_costs_distribution" text NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"lines" integer NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "value_list_entries" ADD COLUMN "bved_code" text;--> statement-breakpoint
ALTER TABLE "bved_cost_imports" ADD CONSTRAINT "bved_cost_imports_operating_costs_distribution_operating_costs_distributions_operating_costs_distribution_fk" FOREIGN KEY ("operating_costs_distribution") REFERENCES "public"."operating_costs_distributions"("operating_costs_distribution") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bved_cost_imports_operating_costs_distribution_sha256_index" ON "bved_cost_imports" USING btree ("operating_costs_distribution","sha256");