-- The catalogue's index (decision 078): every read of value_list_entries names the company code,
-- the product, its version and the obj (TARIF, SCHLUESSEL, OBJEKT, a relation's object type), most
-- the table too. The index before led with the table and the product alone, which every company
-- code's rows share: at scale 100 a read of the cost types scanned all 183,000 rows (50 ms; of
-- the cost types' names, 87 ms).
DROP INDEX "value_list_entries_table_name_product_product_version_index";--> statement-breakpoint
CREATE INDEX "value_list_entries_catalogue_index" ON "value_list_entries" USING btree ("company_code","product","product_version","obj","table_name");