-- The version of the billing data (issue 14, decision 026): one counter that every committed change
-- of a table the portal reads raises once per transaction. Answers are cached and validated
-- (ETag) by it; a reader sees the new version exactly when it sees the new rows (same snapshot).
CREATE TABLE "data_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "data_version_single_row" CHECK ("id")
);
--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION "raise_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- once per transaction: the transaction-local setting remembers that it was raised
  IF coalesce(current_setting('portal.data_version_raised', true), '') <> 'yes' THEN
    PERFORM set_config('portal.data_version_raised', 'yes', true);
    UPDATE "data_version" SET "version" = "version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_codes_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_codes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "partners_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partners" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "product_tariff_assignments_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_tariff_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "products_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "connections_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "connections" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "connection_features_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "connection_features" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "object_attributes_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "object_attributes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "points_of_delivery_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "points_of_delivery" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "object_relations_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "object_relations" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "contract_accounts_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contract_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "contracts_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contracts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "contract_tariffs_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contract_tariffs" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "contract_features_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contract_features" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "billing_objects_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_objects" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "devices_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "devices" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "device_time_slices_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "device_time_slices" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "device_assignments_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "device_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "reading_orders_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reading_orders" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "measurements_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "measurements" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_distributions_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operating_costs_distributions" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_expenses_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operating_costs_expenses" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "value_list_entries_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "value_list_entries" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "attachments_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attachments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "correspondences_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "correspondences" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "billing_vouchers_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "invoice_approvals_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoice_approvals" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
CREATE TRIGGER "activities_raise_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
