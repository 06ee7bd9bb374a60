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
-- Each table the portal reads (0008's list): instead of its trigger of 0008, three with the rows
-- of the statement (transition tables cannot serve two events at once) and one for TRUNCATE, which
-- has no rows to name and raises the version of everything. A table without a company code of its
-- own names its parent table, its column that refers to it, and the parent's key.
DO $$
DECLARE
  target record;
  parent_arguments text;
BEGIN
  FOR target IN SELECT * FROM (VALUES
    ('company_codes', NULL, NULL, NULL),
    ('partners', NULL, NULL, NULL),
    ('product_tariff_assignments', NULL, NULL, NULL),
    ('products', NULL, NULL, NULL),
    ('connections', NULL, NULL, NULL),
    ('object_attributes', NULL, NULL, NULL),
    ('points_of_delivery', NULL, NULL, NULL),
    ('object_relations', NULL, NULL, NULL),
    ('contract_accounts', NULL, NULL, NULL),
    ('contracts', NULL, NULL, NULL),
    ('billing_objects', NULL, NULL, NULL),
    ('devices', NULL, NULL, NULL),
    ('reading_orders', NULL, NULL, NULL),
    ('measurements', NULL, NULL, NULL),
    ('operating_costs_distributions', NULL, NULL, NULL),
    ('operating_costs_expenses', NULL, NULL, NULL),
    ('value_list_entries', NULL, NULL, NULL),
    ('attachments', NULL, NULL, NULL),
    ('correspondences', NULL, NULL, NULL),
    ('billing_vouchers', NULL, NULL, NULL),
    ('vouchers', NULL, NULL, NULL),
    ('invoice_approvals', NULL, NULL, NULL),
    ('activities', NULL, NULL, NULL),
    ('co2_split_inputs', NULL, NULL, NULL),
    ('connection_features', 'connections', 'connection', 'connection'),
    ('contract_tariffs', 'contracts', 'contract', 'key'),
    ('contract_features', 'contracts', 'contract', 'key'),
    ('device_time_slices', 'devices', 'device', 'key'),
    ('device_assignments', 'devices', 'device', 'key')
  ) AS t (name, parent, own_column, parent_key)
  LOOP
    parent_arguments := CASE WHEN target.parent IS NULL THEN ''
      ELSE format('%L, %L, %L', target.parent, target.own_column, target.parent_key) END;
    EXECUTE format('DROP TRIGGER %I ON %I', target.name || '_raise_data_version', target.name);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions(%s)',
      target.name || '_raise_data_versions_insert', target.name, parent_arguments);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions(%s)',
      target.name || '_raise_data_versions_update', target.name, parent_arguments);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions(%s)',
      target.name || '_raise_data_versions_delete', target.name, parent_arguments);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION raise_data_version()',
      target.name || '_raise_data_version_truncate', target.name);
  END LOOP;
END
$$;
