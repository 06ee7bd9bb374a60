-- Each connection's JSON of the search answer, kept in the writing transaction (issue 28, decision
-- 058): a search reads the stored text of its rows instead of building each connection's JSON from
-- its features, attributes and product again, which cost as much as the reference's whole answer.
CREATE TABLE "connection_answers" (
	"connection" text PRIMARY KEY NOT NULL,
	"json" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_answers" ADD CONSTRAINT "connection_answers_connection_connections_connection_fk" FOREIGN KEY ("connection") REFERENCES "public"."connections"("connection") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The JSON of one connection as the search writes it. The body is the expression `connectionJson`
-- of apps/server/src/modules/master-data/repositories/connections.ts as Drizzle renders it; a test
-- (connection-answers.test.ts) fails when the two differ: a change of the answer's fields needs a
-- migration that replaces this function and builds the rows again.
CREATE FUNCTION "connection_answer_json"(text) RETURNS text LANGUAGE sql STABLE AS $$
select ('{"connection":' || coalesce(to_json("connections"."connection")::text, 'null') || ',"companyCode":' || coalesce(to_json("connections"."company_code")::text, 'null') || ',"parentConnection":' || coalesce(to_json("connections"."parent_connection")::text, 'null') || ',"name1":' || coalesce(to_json("connections"."name1")::text, 'null') || ',"name2":' || coalesce(to_json("connections"."name2")::text, 'null') || ',"street":' || coalesce(to_json("connections"."street")::text, 'null') || ',"houseNumber":' || coalesce(to_json("connections"."house_number")::text, 'null') || ',"houseNumberSuffix":' || coalesce(to_json("connections"."house_number_suffix")::text, 'null') || ',"postalCode":' || coalesce(to_json("connections"."postal_code")::text, 'null') || ',"city":' || coalesce(to_json("connections"."city")::text, 'null') || ',"productName":' || coalesce((select to_json(case when "object_attributes"."value" = '' then '' else "products"."name" end)::text
      from "object_attributes" left join "products" on "products"."product" = "object_attributes"."value"
      where "object_attributes"."object_type" = 'ANSCHLUSS'
        and "object_attributes"."object_key" = "connections"."connection"
        and "object_attributes"."name" = 'PR'
      order by "object_attributes"."id" limit 1), 'null') || ',"connectionFeature":' || ('[' || coalesce((select string_agg(('{"connectionAttributes":' || coalesce(to_json("connection_features"."connection_attributes")::text, 'null') || ',"value":' || coalesce(to_json("connection_features"."value")::text, 'null') || ',"from":' || coalesce(to_json("connection_features"."from")::text, 'null') || ',"until":' || coalesce(to_json("connection_features"."until")::text, 'null') || '}'), ',' order by "connection_features"."id") from "connection_features" where "connection_features"."connection" = "connections"."connection"), '') || ']') || ',"attributesCollection":' || ('[' || coalesce((select string_agg(('{"name":' || coalesce(to_json("object_attributes"."name")::text, 'null') || ',"value":' || coalesce(to_json("object_attributes"."value")::text, 'null') || '}'), ',' order by "object_attributes"."id") from "object_attributes" where "object_attributes"."object_type" = 'ANSCHLUSS'
        and "object_attributes"."object_key" = "connections"."connection"), '') || ']') || '}') from "connections" where "connections"."connection" = $1
$$;
--> statement-breakpoint
-- The connections whose JSON a statement on one of its tables changed (the rows of its transition
-- tables new_rows and old_rows). A connection new in this statement gets its row with its JSON; the
-- rows of the others are locked in the order of their keys before their JSON is built again, in the
-- next statement: under READ COMMITTED that statement sees what another transaction committed while
-- it held the row, so two writers of one connection never keep the JSON of one change only. (The
-- INSERT already waits for a transaction that changed the row; the lock covers one that changes it
-- between the INSERT and the UPDATE.)
CREATE FUNCTION "keep_connection_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  keys text[];
  fresh text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "connection_answers" SET "json" = connection_answer_json("connection");
    RETURN NULL;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows'
  END;
  EXECUTE format(CASE TG_TABLE_NAME
      WHEN 'connections' THEN
        'SELECT array_agg(DISTINCT r.connection ORDER BY r.connection) FROM (%s) r'
      WHEN 'connection_features' THEN
        'SELECT array_agg(DISTINCT r.connection ORDER BY r.connection) FROM (%s) r'
      WHEN 'object_attributes' THEN
        'SELECT array_agg(DISTINCT r.object_key ORDER BY r.object_key) FROM (%s) r WHERE r.object_type = ''ANSCHLUSS'''
      WHEN 'products' THEN
        'SELECT array_agg(DISTINCT a.object_key ORDER BY a.object_key) FROM (%s) r JOIN object_attributes a ON a.value = r.product WHERE a.object_type = ''ANSCHLUSS'' AND a.name = ''PR'''
    END, changed) INTO keys;
  IF keys IS NULL THEN
    RETURN NULL;
  END IF;
  WITH inserted AS (
    INSERT INTO "connection_answers" ("connection", "json")
      SELECT c."connection", connection_answer_json(c."connection") FROM "connections" c
      WHERE c."connection" = ANY (keys) ORDER BY c."connection"
      ON CONFLICT ("connection") DO NOTHING
      RETURNING "connection"
  ) SELECT coalesce(array_agg("connection"), '{}') INTO fresh FROM inserted;
  keys := ARRAY(SELECT k FROM unnest(keys) AS k WHERE k <> ALL (fresh));
  IF cardinality(keys) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "connection_answers" WHERE "connection" = ANY (keys) ORDER BY "connection" FOR UPDATE;
  UPDATE "connection_answers" SET "json" = connection_answer_json("connection")
    WHERE "connection" = ANY (keys);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Per table three triggers with the statement's rows (a transition table serves one event) and one
-- for TRUNCATE, which names no rows and builds every connection's JSON again (a TRUNCATE of
-- connections must cascade and empties connection_answers with it).
DO $$
DECLARE
  target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['connections', 'connection_features', 'object_attributes', 'products'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_connection_answers()',
      target || '_keep_connection_answers_insert', target);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_connection_answers()',
      target || '_keep_connection_answers_update', target);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_connection_answers()',
      target || '_keep_connection_answers_delete', target);
    IF target <> 'connections' THEN
      EXECUTE format(
        'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION keep_connection_answers()',
        target || '_keep_connection_answers_truncate', target);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO "connection_answers" ("connection", "json")
  SELECT "connection", connection_answer_json("connection") FROM "connections";
