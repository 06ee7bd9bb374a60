-- Data versions per company code (issue 28, decision 054): a change raises the version of the
-- company codes whose rows it touched, not the one version of the installation (0008), so that a
-- write of one customer leaves the kept answers of another valid and the writers of two company
-- codes do not queue behind one row. The version of 0008 stays as the version of everything: the
-- triggers raise it for what they cannot attribute to a company code (TRUNCATE, a row whose parent
-- is gone), and a transaction that holds the versions raises it itself (data-version.ts). A
-- reader's version is both: "<version of everything>.<version of his company code>".
CREATE TABLE "data_versions_by_company" (
	"company_code" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The company codes of the rows a statement inserted, changed or deleted (its transition tables
-- new_rows and old_rows), read from the row or, with arguments (parent table, own column, parent's
-- key), from its parent row. Each is raised once per statement, in the order of the codes, so that
-- two transactions lock them in the same order. Nothing when the statement changed no row.
CREATE FUNCTION "raise_company_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  codes text[];
  unknown boolean;
BEGIN
  -- held by the transaction, or the version of everything was raised in it already
  IF coalesce(current_setting('portal.data_version_raised', true), '') = 'yes' THEN
    RETURN NULL;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows'
  END;
  IF TG_NARGS = 0 THEN
    EXECUTE format(
      'SELECT array_agg(DISTINCT r.company_code ORDER BY r.company_code), bool_or(r.company_code IS NULL) FROM (%s) r',
      changed
    ) INTO codes, unknown;
  ELSE
    EXECUTE format(
      'SELECT array_agg(DISTINCT p.company_code ORDER BY p.company_code), bool_or(p.company_code IS NULL) FROM (%s) r LEFT JOIN %I p ON p.%I = r.%I',
      changed, TG_ARGV[0], TG_ARGV[2], TG_ARGV[1]
    ) INTO codes, unknown;
  END IF;
  IF unknown THEN
    PERFORM set_config('portal.data_version_raised', 'yes', true);
    UPDATE "data_version" SET "version" = "version" + 1;
  ELSIF codes IS NOT NULL THEN
    INSERT INTO "data_versions_by_company" ("company_code", "version")
      SELECT code, 1 FROM unnest(codes) AS code
      ON CONFLICT ("company_code") DO UPDATE SET "version" = "data_versions_by_company"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "company_codes_raise_data_version" ON "company_codes";
--> statement-breakpoint
CREATE TRIGGER "company_codes_raise_data_versions_insert" AFTER INSERT ON "company_codes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "company_codes_raise_data_versions_update" AFTER UPDATE ON "company_codes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "company_codes_raise_data_versions_delete" AFTER DELETE ON "company_codes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "company_codes_raise_data_version_truncate" AFTER TRUNCATE ON "company_codes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "partners_raise_data_version" ON "partners";
--> statement-breakpoint
CREATE TRIGGER "partners_raise_data_versions_insert" AFTER INSERT ON "partners" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "partners_raise_data_versions_update" AFTER UPDATE ON "partners" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "partners_raise_data_versions_delete" AFTER DELETE ON "partners" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "partners_raise_data_version_truncate" AFTER TRUNCATE ON "partners" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "product_tariff_assignments_raise_data_version" ON "product_tariff_assignments";
--> statement-breakpoint
CREATE TRIGGER "product_tariff_assignments_raise_data_versions_insert" AFTER INSERT ON "product_tariff_assignments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "product_tariff_assignments_raise_data_versions_update" AFTER UPDATE ON "product_tariff_assignments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "product_tariff_assignments_raise_data_versions_delete" AFTER DELETE ON "product_tariff_assignments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "product_tariff_assignments_raise_data_version_truncate" AFTER TRUNCATE ON "product_tariff_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "products_raise_data_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_raise_data_versions_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "products_raise_data_versions_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "products_raise_data_versions_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "products_raise_data_version_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "connections_raise_data_version" ON "connections";
--> statement-breakpoint
CREATE TRIGGER "connections_raise_data_versions_insert" AFTER INSERT ON "connections" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "connections_raise_data_versions_update" AFTER UPDATE ON "connections" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "connections_raise_data_versions_delete" AFTER DELETE ON "connections" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "connections_raise_data_version_truncate" AFTER TRUNCATE ON "connections" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "object_attributes_raise_data_version" ON "object_attributes";
--> statement-breakpoint
CREATE TRIGGER "object_attributes_raise_data_versions_insert" AFTER INSERT ON "object_attributes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "object_attributes_raise_data_versions_update" AFTER UPDATE ON "object_attributes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "object_attributes_raise_data_versions_delete" AFTER DELETE ON "object_attributes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "object_attributes_raise_data_version_truncate" AFTER TRUNCATE ON "object_attributes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "points_of_delivery_raise_data_version" ON "points_of_delivery";
--> statement-breakpoint
CREATE TRIGGER "points_of_delivery_raise_data_versions_insert" AFTER INSERT ON "points_of_delivery" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "points_of_delivery_raise_data_versions_update" AFTER UPDATE ON "points_of_delivery" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "points_of_delivery_raise_data_versions_delete" AFTER DELETE ON "points_of_delivery" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "points_of_delivery_raise_data_version_truncate" AFTER TRUNCATE ON "points_of_delivery" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "object_relations_raise_data_version" ON "object_relations";
--> statement-breakpoint
CREATE TRIGGER "object_relations_raise_data_versions_insert" AFTER INSERT ON "object_relations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "object_relations_raise_data_versions_update" AFTER UPDATE ON "object_relations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "object_relations_raise_data_versions_delete" AFTER DELETE ON "object_relations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "object_relations_raise_data_version_truncate" AFTER TRUNCATE ON "object_relations" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "contract_accounts_raise_data_version" ON "contract_accounts";
--> statement-breakpoint
CREATE TRIGGER "contract_accounts_raise_data_versions_insert" AFTER INSERT ON "contract_accounts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "contract_accounts_raise_data_versions_update" AFTER UPDATE ON "contract_accounts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "contract_accounts_raise_data_versions_delete" AFTER DELETE ON "contract_accounts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "contract_accounts_raise_data_version_truncate" AFTER TRUNCATE ON "contract_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "contracts_raise_data_version" ON "contracts";
--> statement-breakpoint
CREATE TRIGGER "contracts_raise_data_versions_insert" AFTER INSERT ON "contracts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "contracts_raise_data_versions_update" AFTER UPDATE ON "contracts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "contracts_raise_data_versions_delete" AFTER DELETE ON "contracts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "contracts_raise_data_version_truncate" AFTER TRUNCATE ON "contracts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "billing_objects_raise_data_version" ON "billing_objects";
--> statement-breakpoint
CREATE TRIGGER "billing_objects_raise_data_versions_insert" AFTER INSERT ON "billing_objects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "billing_objects_raise_data_versions_update" AFTER UPDATE ON "billing_objects" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "billing_objects_raise_data_versions_delete" AFTER DELETE ON "billing_objects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "billing_objects_raise_data_version_truncate" AFTER TRUNCATE ON "billing_objects" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "devices_raise_data_version" ON "devices";
--> statement-breakpoint
CREATE TRIGGER "devices_raise_data_versions_insert" AFTER INSERT ON "devices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "devices_raise_data_versions_update" AFTER UPDATE ON "devices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "devices_raise_data_versions_delete" AFTER DELETE ON "devices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "devices_raise_data_version_truncate" AFTER TRUNCATE ON "devices" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "reading_orders_raise_data_version" ON "reading_orders";
--> statement-breakpoint
CREATE TRIGGER "reading_orders_raise_data_versions_insert" AFTER INSERT ON "reading_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "reading_orders_raise_data_versions_update" AFTER UPDATE ON "reading_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "reading_orders_raise_data_versions_delete" AFTER DELETE ON "reading_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "reading_orders_raise_data_version_truncate" AFTER TRUNCATE ON "reading_orders" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "measurements_raise_data_version" ON "measurements";
--> statement-breakpoint
CREATE TRIGGER "measurements_raise_data_versions_insert" AFTER INSERT ON "measurements" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "measurements_raise_data_versions_update" AFTER UPDATE ON "measurements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "measurements_raise_data_versions_delete" AFTER DELETE ON "measurements" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "measurements_raise_data_version_truncate" AFTER TRUNCATE ON "measurements" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "operating_costs_distributions_raise_data_version" ON "operating_costs_distributions";
--> statement-breakpoint
CREATE TRIGGER "operating_costs_distributions_raise_data_versions_insert" AFTER INSERT ON "operating_costs_distributions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_distributions_raise_data_versions_update" AFTER UPDATE ON "operating_costs_distributions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_distributions_raise_data_versions_delete" AFTER DELETE ON "operating_costs_distributions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_distributions_raise_data_version_truncate" AFTER TRUNCATE ON "operating_costs_distributions" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "operating_costs_expenses_raise_data_version" ON "operating_costs_expenses";
--> statement-breakpoint
CREATE TRIGGER "operating_costs_expenses_raise_data_versions_insert" AFTER INSERT ON "operating_costs_expenses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_expenses_raise_data_versions_update" AFTER UPDATE ON "operating_costs_expenses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_expenses_raise_data_versions_delete" AFTER DELETE ON "operating_costs_expenses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "operating_costs_expenses_raise_data_version_truncate" AFTER TRUNCATE ON "operating_costs_expenses" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "value_list_entries_raise_data_version" ON "value_list_entries";
--> statement-breakpoint
CREATE TRIGGER "value_list_entries_raise_data_versions_insert" AFTER INSERT ON "value_list_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "value_list_entries_raise_data_versions_update" AFTER UPDATE ON "value_list_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "value_list_entries_raise_data_versions_delete" AFTER DELETE ON "value_list_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "value_list_entries_raise_data_version_truncate" AFTER TRUNCATE ON "value_list_entries" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "attachments_raise_data_version" ON "attachments";
--> statement-breakpoint
CREATE TRIGGER "attachments_raise_data_versions_insert" AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "attachments_raise_data_versions_update" AFTER UPDATE ON "attachments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "attachments_raise_data_versions_delete" AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "attachments_raise_data_version_truncate" AFTER TRUNCATE ON "attachments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "correspondences_raise_data_version" ON "correspondences";
--> statement-breakpoint
CREATE TRIGGER "correspondences_raise_data_versions_insert" AFTER INSERT ON "correspondences" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "correspondences_raise_data_versions_update" AFTER UPDATE ON "correspondences" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "correspondences_raise_data_versions_delete" AFTER DELETE ON "correspondences" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "correspondences_raise_data_version_truncate" AFTER TRUNCATE ON "correspondences" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "billing_vouchers_raise_data_version" ON "billing_vouchers";
--> statement-breakpoint
CREATE TRIGGER "billing_vouchers_raise_data_versions_insert" AFTER INSERT ON "billing_vouchers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "billing_vouchers_raise_data_versions_update" AFTER UPDATE ON "billing_vouchers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "billing_vouchers_raise_data_versions_delete" AFTER DELETE ON "billing_vouchers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "billing_vouchers_raise_data_version_truncate" AFTER TRUNCATE ON "billing_vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "vouchers_raise_data_version" ON "vouchers";
--> statement-breakpoint
CREATE TRIGGER "vouchers_raise_data_versions_insert" AFTER INSERT ON "vouchers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_raise_data_versions_update" AFTER UPDATE ON "vouchers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_raise_data_versions_delete" AFTER DELETE ON "vouchers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_raise_data_version_truncate" AFTER TRUNCATE ON "vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "invoice_approvals_raise_data_version" ON "invoice_approvals";
--> statement-breakpoint
CREATE TRIGGER "invoice_approvals_raise_data_versions_insert" AFTER INSERT ON "invoice_approvals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "invoice_approvals_raise_data_versions_update" AFTER UPDATE ON "invoice_approvals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "invoice_approvals_raise_data_versions_delete" AFTER DELETE ON "invoice_approvals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "invoice_approvals_raise_data_version_truncate" AFTER TRUNCATE ON "invoice_approvals" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "activities_raise_data_version" ON "activities";
--> statement-breakpoint
CREATE TRIGGER "activities_raise_data_versions_insert" AFTER INSERT ON "activities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "activities_raise_data_versions_update" AFTER UPDATE ON "activities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "activities_raise_data_versions_delete" AFTER DELETE ON "activities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "activities_raise_data_version_truncate" AFTER TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "co2_split_inputs_raise_data_version" ON "co2_split_inputs";
--> statement-breakpoint
CREATE TRIGGER "co2_split_inputs_raise_data_versions_insert" AFTER INSERT ON "co2_split_inputs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "co2_split_inputs_raise_data_versions_update" AFTER UPDATE ON "co2_split_inputs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "co2_split_inputs_raise_data_versions_delete" AFTER DELETE ON "co2_split_inputs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"();
--> statement-breakpoint
CREATE TRIGGER "co2_split_inputs_raise_data_version_truncate" AFTER TRUNCATE ON "co2_split_inputs" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "connection_features_raise_data_version" ON "connection_features";
--> statement-breakpoint
CREATE TRIGGER "connection_features_raise_data_versions_insert" AFTER INSERT ON "connection_features" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('connections', 'connection', 'connection');
--> statement-breakpoint
CREATE TRIGGER "connection_features_raise_data_versions_update" AFTER UPDATE ON "connection_features" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('connections', 'connection', 'connection');
--> statement-breakpoint
CREATE TRIGGER "connection_features_raise_data_versions_delete" AFTER DELETE ON "connection_features" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('connections', 'connection', 'connection');
--> statement-breakpoint
CREATE TRIGGER "connection_features_raise_data_version_truncate" AFTER TRUNCATE ON "connection_features" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "contract_tariffs_raise_data_version" ON "contract_tariffs";
--> statement-breakpoint
CREATE TRIGGER "contract_tariffs_raise_data_versions_insert" AFTER INSERT ON "contract_tariffs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('contracts', 'contract', 'key');
--> statement-breakpoint
CREATE TRIGGER "contract_tariffs_raise_data_versions_update" AFTER UPDATE ON "contract_tariffs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('contracts', 'contract', 'key');
--> statement-breakpoint
CREATE TRIGGER "contract_tariffs_raise_data_versions_delete" AFTER DELETE ON "contract_tariffs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('contracts', 'contract', 'key');
--> statement-breakpoint
CREATE TRIGGER "contract_tariffs_raise_data_version_truncate" AFTER TRUNCATE ON "contract_tariffs" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "contract_features_raise_data_version" ON "contract_features";
--> statement-breakpoint
CREATE TRIGGER "contract_features_raise_data_versions_insert" AFTER INSERT ON "contract_features" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('contracts', 'contract', 'key');
--> statement-breakpoint
CREATE TRIGGER "contract_features_raise_data_versions_update" AFTER UPDATE ON "contract_features" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('contracts', 'contract', 'key');
--> statement-breakpoint
CREATE TRIGGER "contract_features_raise_data_versions_delete" AFTER DELETE ON "contract_features" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('contracts', 'contract', 'key');
--> statement-breakpoint
CREATE TRIGGER "contract_features_raise_data_version_truncate" AFTER TRUNCATE ON "contract_features" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "device_time_slices_raise_data_version" ON "device_time_slices";
--> statement-breakpoint
CREATE TRIGGER "device_time_slices_raise_data_versions_insert" AFTER INSERT ON "device_time_slices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('devices', 'device', 'key');
--> statement-breakpoint
CREATE TRIGGER "device_time_slices_raise_data_versions_update" AFTER UPDATE ON "device_time_slices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('devices', 'device', 'key');
--> statement-breakpoint
CREATE TRIGGER "device_time_slices_raise_data_versions_delete" AFTER DELETE ON "device_time_slices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('devices', 'device', 'key');
--> statement-breakpoint
CREATE TRIGGER "device_time_slices_raise_data_version_truncate" AFTER TRUNCATE ON "device_time_slices" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TRIGGER "device_assignments_raise_data_version" ON "device_assignments";
--> statement-breakpoint
CREATE TRIGGER "device_assignments_raise_data_versions_insert" AFTER INSERT ON "device_assignments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('devices', 'device', 'key');
--> statement-breakpoint
CREATE TRIGGER "device_assignments_raise_data_versions_update" AFTER UPDATE ON "device_assignments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('devices', 'device', 'key');
--> statement-breakpoint
CREATE TRIGGER "device_assignments_raise_data_versions_delete" AFTER DELETE ON "device_assignments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_data_versions"('devices', 'device', 'key');
--> statement-breakpoint
CREATE TRIGGER "device_assignments_raise_data_version_truncate" AFTER TRUNCATE ON "device_assignments" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"();
