-- Data versions per distribution (issue 28, decision 057): a cost line's change raises the version
-- of its distribution and its company code's version, but not the company code's shared version,
-- which every other change of the company code raises. An answer that reads cost lines of one
-- distribution only (its expense lists) is validated by "<version of everything>.<shared version of
-- the company code>.<version of the distribution>": a change of another distribution's lines keeps
-- it, a change of anything else of the company code does not. Every other answer keeps
-- "<version of everything>.<version of the company code>" (0014).
ALTER TABLE "data_versions_by_company" ADD COLUMN "shared_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "data_versions_by_distribution" (
	"operating_costs_distribution" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- 0014's function, with the tables whose rows belong to one distribution (operating_costs_expenses)
-- raising the versions of their distributions instead of the company codes' shared versions.
CREATE OR REPLACE FUNCTION "raise_company_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  codes text[];
  unknown boolean;
  per_distribution boolean := TG_TABLE_NAME = 'operating_costs_expenses';
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
    INSERT INTO "data_versions_by_company" ("company_code", "version", "shared_version")
      SELECT code, 1, CASE WHEN per_distribution THEN 0 ELSE 1 END FROM unnest(codes) AS code
      ON CONFLICT ("company_code") DO UPDATE SET
        "version" = "data_versions_by_company"."version" + 1,
        "shared_version" = "data_versions_by_company"."shared_version"
          + CASE WHEN per_distribution THEN 0 ELSE 1 END;
    IF per_distribution THEN
      EXECUTE format(
        'INSERT INTO "data_versions_by_distribution" ("operating_costs_distribution", "company_code", "version")
          SELECT r.operating_costs_distribution, min(r.company_code), 1 FROM (%s) r
          GROUP BY r.operating_costs_distribution ORDER BY r.operating_costs_distribution
          ON CONFLICT ("operating_costs_distribution") DO UPDATE SET
            "version" = "data_versions_by_distribution"."version" + 1',
        changed
      );
    END IF;
  END IF;
  RETURN NULL;
END
$$;
