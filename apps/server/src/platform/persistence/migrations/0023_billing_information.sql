CREATE TABLE "degree_days" (
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"month" text NOT NULL,
	"degree_days" numeric(14, 3) NOT NULL,
	"long_term_degree_days" numeric(14, 3) NOT NULL,
	CONSTRAINT "degree_days_property_connection_month_pk" PRIMARY KEY("property_connection","month")
);
--> statement-breakpoint
ALTER TABLE "co2_split_inputs" ADD COLUMN "primary_energy_factor" numeric(6, 3);--> statement-breakpoint
-- Degree days belong to a company code: a change raises its version (0014), whoever writes it.
CREATE TRIGGER "degree_days_raise_data_versions_insert" AFTER INSERT ON "degree_days" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "degree_days_raise_data_versions_update" AFTER UPDATE ON "degree_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "degree_days_raise_data_versions_delete" AFTER DELETE ON "degree_days" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "degree_days_raise_data_version_truncate" AFTER TRUNCATE ON "degree_days" FOR EACH STATEMENT EXECUTE FUNCTION raise_data_version();
