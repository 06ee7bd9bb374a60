CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"activity_type" text NOT NULL,
	"object_type" text NOT NULL,
	"object_key" text NOT NULL,
	"status" text DEFAULT 'EINGEGANGEN' NOT NULL,
	"payload" jsonb NOT NULL,
	"attachment" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachment_contents" (
	"attachment" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"attachment" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"object_type" text NOT NULL,
	"object_key" text NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"note" text,
	"link" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_name" text NOT NULL,
	"company_code" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_key" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "billing_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"point_of_delivery" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_vouchers" (
	"billing_voucher" text PRIMARY KEY NOT NULL,
	"invoice_voucher" text NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"operating_costs_distribution" text NOT NULL,
	"contract" text,
	"contract_account" text,
	"business_partner" text,
	"point_of_delivery" text,
	"from" date,
	"until" date,
	"document_date" date NOT NULL,
	"due_date" date,
	"amount" numeric(15, 2),
	"attachment" uuid
);
--> statement-breakpoint
CREATE TABLE "company_codes" (
	"company_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_features" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"connection_attributes" text NOT NULL,
	"value" text,
	"from" date,
	"until" date
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"connection" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"parent_connection" text,
	"property_connection" text NOT NULL,
	"name1" text NOT NULL,
	"name2" text DEFAULT '' NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"house_number_suffix" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_accounts" (
	"contract_account" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"business_partner" text NOT NULL,
	"reference" text NOT NULL,
	"contract_account_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_features" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract" text NOT NULL,
	"contract_attribute" text NOT NULL,
	"value" text,
	"from" date,
	"until" date
);
--> statement-breakpoint
CREATE TABLE "contract_tariffs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract" text NOT NULL,
	"tariff_component" text NOT NULL,
	"billing_voucher" text,
	"from" date,
	"until" date
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"key" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"point_of_delivery" text NOT NULL,
	"contract_account" text NOT NULL,
	"business_partner" text NOT NULL,
	"contract_status" text NOT NULL,
	"external_number" text,
	"from" date NOT NULL,
	"until" date
);
--> statement-breakpoint
CREATE TABLE "correspondences" (
	"id" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"form" text NOT NULL,
	"key" text NOT NULL,
	"voucher_number" text NOT NULL,
	"contract" text,
	"business_partner" text,
	"point_of_delivery" text,
	"from" date,
	"until" date,
	"document_date" date NOT NULL,
	"due_date" date,
	"attachment" uuid
);
--> statement-breakpoint
CREATE TABLE "device_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device" text NOT NULL,
	"billing_object" text NOT NULL,
	"main_meter" boolean DEFAULT false NOT NULL,
	"from" date NOT NULL,
	"until" date
);
--> statement-breakpoint
CREATE TABLE "device_time_slices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device" text NOT NULL,
	"from" date NOT NULL,
	"until" date,
	"counter_position" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"key" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"serial_number" text NOT NULL,
	"segment" text NOT NULL,
	"type_class" text NOT NULL,
	"room" text,
	"installation_date" date,
	"removal_date" date,
	"calibration_year" integer,
	"meter_class" text
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"device" text NOT NULL,
	"point_of_delivery" text NOT NULL,
	"reading_date" date NOT NULL,
	"reading" numeric(14, 3) NOT NULL,
	"difference" numeric(14, 3),
	"reading_type" text NOT NULL,
	"reading_reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "object_attributes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"object_type" text NOT NULL,
	"object_key" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "object_relations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"source_type" text NOT NULL,
	"source_key" text NOT NULL,
	"target_type" text NOT NULL,
	"target_key" text NOT NULL,
	"role" text,
	"from" date,
	"until" date
);
--> statement-breakpoint
CREATE TABLE "operating_costs_distributions" (
	"operating_costs_distribution" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"connection" text NOT NULL,
	"business_partner" text,
	"product" text NOT NULL,
	"product_version" text NOT NULL,
	"from" date NOT NULL,
	"until" date NOT NULL,
	"operating_costs_distribution_status" text NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_costs_expenses" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"operating_costs_distribution" text NOT NULL,
	"kind" text NOT NULL,
	"tariff_component" text NOT NULL,
	"supply_area" text,
	"object" text,
	"key" text,
	"allocation_object" text,
	"allocation_ref" text,
	"from" date,
	"until" date,
	"quantity" numeric(14, 3),
	"unit" text,
	"amount_transaction_currency" numeric(15, 2),
	"apportionable_amount" numeric(15, 2),
	"deductible_amount" numeric(15, 2),
	"amount_net" numeric(15, 2),
	"amount_net_apportionable" numeric(15, 2),
	"note" text,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"business_partner" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"name1" text NOT NULL,
	"name2" text DEFAULT '' NOT NULL,
	"street" text,
	"house_number" text,
	"house_number_suffix" text,
	"postal_code" text,
	"city" text,
	"mail" text,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_of_delivery" (
	"point_of_delivery" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"connection" text NOT NULL,
	"reference" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"house_number_suffix" text,
	"position" text,
	"location_addendum" text
);
--> statement-breakpoint
CREATE TABLE "product_tariff_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"product" text NOT NULL,
	"supply_segment" text NOT NULL,
	"tariff_component" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"name" text NOT NULL,
	"product_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"point_of_delivery" text NOT NULL,
	"device" text,
	"reading_date" date NOT NULL,
	"reading_reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_name" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"business_partner" text,
	"name" text NOT NULL,
	"mail" text NOT NULL,
	"password_hash" text NOT NULL,
	"tokens_not_before" timestamp (3) with time zone DEFAULT 'epoch' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "value_list_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"table_name" text NOT NULL,
	"field_name" text NOT NULL,
	"product" text NOT NULL,
	"product_version" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"tariff_component" text,
	"object" text,
	"key" text NOT NULL,
	"obj" text,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"voucher_nr" text NOT NULL,
	"position" integer NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"voucher_date" date NOT NULL,
	"due_date" date,
	"contract" text,
	"contract_account" text,
	"points_of_delivery_reference" text,
	"location_addendum" text,
	"utilisation_unit" text,
	"contract_external_number" text,
	"name1" text,
	"name2" text,
	"amount" numeric(15, 2),
	CONSTRAINT "vouchers_voucher_nr_position_pk" PRIMARY KEY("voucher_nr","position")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_attachment_attachments_attachment_fk" FOREIGN KEY ("attachment") REFERENCES "public"."attachments"("attachment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_contents" ADD CONSTRAINT "attachment_contents_attachment_attachments_attachment_fk" FOREIGN KEY ("attachment") REFERENCES "public"."attachments"("attachment") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_objects" ADD CONSTRAINT "billing_objects_point_of_delivery_points_of_delivery_point_of_delivery_fk" FOREIGN KEY ("point_of_delivery") REFERENCES "public"."points_of_delivery"("point_of_delivery") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_vouchers" ADD CONSTRAINT "billing_vouchers_attachment_attachments_attachment_fk" FOREIGN KEY ("attachment") REFERENCES "public"."attachments"("attachment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_features" ADD CONSTRAINT "connection_features_connection_connections_connection_fk" FOREIGN KEY ("connection") REFERENCES "public"."connections"("connection") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_features" ADD CONSTRAINT "contract_features_contract_contracts_key_fk" FOREIGN KEY ("contract") REFERENCES "public"."contracts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_tariffs" ADD CONSTRAINT "contract_tariffs_contract_contracts_key_fk" FOREIGN KEY ("contract") REFERENCES "public"."contracts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_point_of_delivery_points_of_delivery_point_of_delivery_fk" FOREIGN KEY ("point_of_delivery") REFERENCES "public"."points_of_delivery"("point_of_delivery") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contract_account_contract_accounts_contract_account_fk" FOREIGN KEY ("contract_account") REFERENCES "public"."contract_accounts"("contract_account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correspondences" ADD CONSTRAINT "correspondences_attachment_attachments_attachment_fk" FOREIGN KEY ("attachment") REFERENCES "public"."attachments"("attachment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_assignments" ADD CONSTRAINT "device_assignments_device_devices_key_fk" FOREIGN KEY ("device") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_assignments" ADD CONSTRAINT "device_assignments_billing_object_billing_objects_key_fk" FOREIGN KEY ("billing_object") REFERENCES "public"."billing_objects"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_time_slices" ADD CONSTRAINT "device_time_slices_device_devices_key_fk" FOREIGN KEY ("device") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_device_devices_key_fk" FOREIGN KEY ("device") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_costs_distributions" ADD CONSTRAINT "operating_costs_distributions_connection_connections_connection_fk" FOREIGN KEY ("connection") REFERENCES "public"."connections"("connection") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_costs_distributions" ADD CONSTRAINT "operating_costs_distributions_product_products_product_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_costs_expenses" ADD CONSTRAINT "operating_costs_expenses_operating_costs_distribution_operating_costs_distributions_operating_costs_distribution_fk" FOREIGN KEY ("operating_costs_distribution") REFERENCES "public"."operating_costs_distributions"("operating_costs_distribution") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_name_users_user_name_fk" FOREIGN KEY ("user_name") REFERENCES "public"."users"("user_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_of_delivery" ADD CONSTRAINT "points_of_delivery_connection_connections_connection_fk" FOREIGN KEY ("connection") REFERENCES "public"."connections"("connection") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tariff_assignments" ADD CONSTRAINT "product_tariff_assignments_product_products_product_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_code_company_codes_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."company_codes"("company_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_property_connection_index" ON "activities" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "activities_created_by_index" ON "activities" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "attachments_object_type_object_key_index" ON "attachments" USING btree ("object_type","object_key");--> statement-breakpoint
CREATE INDEX "attachments_property_connection_index" ON "attachments" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_key_index" ON "audit_log" USING btree ("entity","entity_key");--> statement-breakpoint
CREATE INDEX "billing_objects_point_of_delivery_index" ON "billing_objects" USING btree ("point_of_delivery");--> statement-breakpoint
CREATE INDEX "billing_vouchers_operating_costs_distribution_index" ON "billing_vouchers" USING btree ("operating_costs_distribution");--> statement-breakpoint
CREATE INDEX "connection_features_connection_index" ON "connection_features" USING btree ("connection");--> statement-breakpoint
CREATE INDEX "connection_features_connection_attributes_value_index" ON "connection_features" USING btree ("connection_attributes","value");--> statement-breakpoint
CREATE INDEX "connections_company_code_name1_index" ON "connections" USING btree ("company_code","name1");--> statement-breakpoint
CREATE INDEX "connections_parent_connection_index" ON "connections" USING btree ("parent_connection");--> statement-breakpoint
CREATE INDEX "connections_property_connection_index" ON "connections" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "contract_accounts_property_connection_index" ON "contract_accounts" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "contract_features_contract_index" ON "contract_features" USING btree ("contract");--> statement-breakpoint
CREATE INDEX "contract_tariffs_contract_index" ON "contract_tariffs" USING btree ("contract");--> statement-breakpoint
CREATE INDEX "contracts_point_of_delivery_index" ON "contracts" USING btree ("point_of_delivery");--> statement-breakpoint
CREATE INDEX "contracts_property_connection_index" ON "contracts" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "correspondences_form_key_index" ON "correspondences" USING btree ("form","key");--> statement-breakpoint
CREATE INDEX "device_assignments_device_index" ON "device_assignments" USING btree ("device");--> statement-breakpoint
CREATE INDEX "device_assignments_billing_object_index" ON "device_assignments" USING btree ("billing_object");--> statement-breakpoint
CREATE INDEX "device_time_slices_device_index" ON "device_time_slices" USING btree ("device");--> statement-breakpoint
CREATE INDEX "devices_property_connection_index" ON "devices" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "measurements_point_of_delivery_reading_date_index" ON "measurements" USING btree ("point_of_delivery","reading_date");--> statement-breakpoint
CREATE INDEX "measurements_device_reading_date_index" ON "measurements" USING btree ("device","reading_date");--> statement-breakpoint
CREATE INDEX "object_attributes_object_type_object_key_index" ON "object_attributes" USING btree ("object_type","object_key");--> statement-breakpoint
CREATE INDEX "object_relations_source_type_source_key_index" ON "object_relations" USING btree ("source_type","source_key");--> statement-breakpoint
CREATE INDEX "operating_costs_distributions_property_connection_index" ON "operating_costs_distributions" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "operating_costs_distributions_operating_costs_distribution_status_status_changed_at_index" ON "operating_costs_distributions" USING btree ("operating_costs_distribution_status","status_changed_at");--> statement-breakpoint
CREATE INDEX "operating_costs_expenses_operating_costs_distribution_kind_index" ON "operating_costs_expenses" USING btree ("operating_costs_distribution","kind");--> statement-breakpoint
CREATE INDEX "partners_company_code_index" ON "partners" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "points_of_delivery_connection_index" ON "points_of_delivery" USING btree ("connection");--> statement-breakpoint
CREATE INDEX "points_of_delivery_property_connection_index" ON "points_of_delivery" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "product_tariff_assignments_product_index" ON "product_tariff_assignments" USING btree ("product");--> statement-breakpoint
CREATE INDEX "reading_orders_point_of_delivery_reading_date_index" ON "reading_orders" USING btree ("point_of_delivery","reading_date");--> statement-breakpoint
CREATE INDEX "users_company_code_index" ON "users" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "users_business_partner_index" ON "users" USING btree ("business_partner");--> statement-breakpoint
CREATE INDEX "value_list_entries_table_name_product_product_version_index" ON "value_list_entries" USING btree ("table_name","product","product_version");