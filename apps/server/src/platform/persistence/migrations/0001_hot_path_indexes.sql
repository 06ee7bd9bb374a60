DROP INDEX "connections_company_code_name1_index";--> statement-breakpoint
CREATE INDEX "connection_features_value_index" ON "connection_features" USING btree ("value");--> statement-breakpoint
CREATE INDEX "connections_company_code_name1_name2_connection_index" ON "connections" USING btree ("company_code","name1","name2","connection");--> statement-breakpoint
CREATE INDEX "contracts_business_partner_index" ON "contracts" USING btree ("business_partner");--> statement-breakpoint
CREATE INDEX "object_relations_target_type_target_key_index" ON "object_relations" USING btree ("target_type","target_key");--> statement-breakpoint
CREATE INDEX "operating_costs_distributions_connection_until_index" ON "operating_costs_distributions" USING btree ("connection","until");--> statement-breakpoint
CREATE INDEX "reading_orders_device_reading_date_index" ON "reading_orders" USING btree ("device","reading_date");