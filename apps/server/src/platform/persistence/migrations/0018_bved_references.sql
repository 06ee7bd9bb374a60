-- The reference numbers of the bved exchange (issue 29, decision 061): the billing company's
-- property (9 digits) and unit number (4 digits), and the ERP software's own reference of each.
ALTER TABLE "connections" ADD COLUMN "bved_property_number" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "erp_reference" text;--> statement-breakpoint
ALTER TABLE "points_of_delivery" ADD COLUMN "bved_unit_number" text;--> statement-breakpoint
ALTER TABLE "points_of_delivery" ADD COLUMN "erp_reference" text;--> statement-breakpoint
CREATE INDEX "connections_company_code_bved_property_number_index" ON "connections" USING btree ("company_code","bved_property_number");--> statement-breakpoint
CREATE INDEX "connections_company_code_erp_reference_index" ON "connections" USING btree ("company_code","erp_reference");--> statement-breakpoint
-- The connection's search JSON carries the property's numbers (decision 058: the function is
-- `connectionJson` as Drizzle renders it; connection-answers.test.ts compares the two).
CREATE OR REPLACE FUNCTION "connection_answer_json"(text) RETURNS text LANGUAGE sql STABLE AS $$
select ('{"connection":' || coalesce(to_json("connections"."connection")::text, 'null') || ',"companyCode":' || coalesce(to_json("connections"."company_code")::text, 'null') || ',"parentConnection":' || coalesce(to_json("connections"."parent_connection")::text, 'null') || ',"name1":' || coalesce(to_json("connections"."name1")::text, 'null') || ',"name2":' || coalesce(to_json("connections"."name2")::text, 'null') || ',"street":' || coalesce(to_json("connections"."street")::text, 'null') || ',"houseNumber":' || coalesce(to_json("connections"."house_number")::text, 'null') || ',"houseNumberSuffix":' || coalesce(to_json("connections"."house_number_suffix")::text, 'null') || ',"postalCode":' || coalesce(to_json("connections"."postal_code")::text, 'null') || ',"city":' || coalesce(to_json("connections"."city")::text, 'null') || ',"bvedPropertyNumber":' || coalesce(to_json("connections"."bved_property_number")::text, 'null') || ',"erpReference":' || coalesce(to_json("connections"."erp_reference")::text, 'null') || ',"productName":' || coalesce((select to_json(case when "object_attributes"."value" = '' then '' else "products"."name" end)::text
      from "object_attributes" left join "products" on "products"."product" = "object_attributes"."value"
      where "object_attributes"."object_type" = 'ANSCHLUSS'
        and "object_attributes"."object_key" = "connections"."connection"
        and "object_attributes"."name" = 'PR'
      order by "object_attributes"."id" limit 1), 'null') || ',"connectionFeature":' || ('[' || coalesce((select string_agg(('{"connectionAttributes":' || coalesce(to_json("connection_features"."connection_attributes")::text, 'null') || ',"value":' || coalesce(to_json("connection_features"."value")::text, 'null') || ',"from":' || coalesce(to_json("connection_features"."from")::text, 'null') || ',"until":' || coalesce(to_json("connection_features"."until")::text, 'null') || '}'), ',' order by "connection_features"."id") from "connection_features" where "connection_features"."connection" = "connections"."connection"), '') || ']') || ',"attributesCollection":' || ('[' || coalesce((select string_agg(('{"name":' || coalesce(to_json("object_attributes"."name")::text, 'null') || ',"value":' || coalesce(to_json("object_attributes"."value")::text, 'null') || '}'), ',' order by "object_attributes"."id") from "object_attributes" where "object_attributes"."object_type" = 'ANSCHLUSS'
        and "object_attributes"."object_key" = "connections"."connection"), '') || ']') || '}') from "connections" where "connections"."connection" = $1
$$;
--> statement-breakpoint
UPDATE "connection_answers" SET "json" = connection_answer_json("connection");
--> statement-breakpoint
-- the answers have new fields: no kept answer or ETag of before may be taken for one of now
UPDATE "data_version" SET "version" = "version" + 1;
