CREATE TABLE "device_alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"alarm_key" text NOT NULL,
	"kind" text NOT NULL,
	"point_of_delivery" text NOT NULL,
	"device" text,
	"details" jsonb NOT NULL,
	"detected_on" date NOT NULL,
	"state" text DEFAULT 'OFFEN' NOT NULL,
	"state_changed_by" text,
	"state_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"kind" text NOT NULL,
	"point_of_delivery" text,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wished_date" date,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'BESTELLT' NOT NULL,
	"planned_date" date,
	"cancel_reason" text,
	"activity" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" text,
	"status_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "device_alarms_alarm_key_index" ON "device_alarms" USING btree ("alarm_key");--> statement-breakpoint
CREATE INDEX "device_alarms_property_connection_index" ON "device_alarms" USING btree ("property_connection");--> statement-breakpoint
CREATE INDEX "service_orders_property_connection_index" ON "service_orders" USING btree ("property_connection");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_activity_index" ON "service_orders" USING btree ("activity") WHERE "service_orders"."activity" is not null;--> statement-breakpoint
-- Service orders and alarms belong to a company code: a change raises its version (0014), whoever writes it.
CREATE TRIGGER "service_orders_raise_data_versions_insert" AFTER INSERT ON "service_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "service_orders_raise_data_versions_update" AFTER UPDATE ON "service_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "service_orders_raise_data_versions_delete" AFTER DELETE ON "service_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "service_orders_raise_data_version_truncate" AFTER TRUNCATE ON "service_orders" FOR EACH STATEMENT EXECUTE FUNCTION raise_data_version();--> statement-breakpoint
CREATE TRIGGER "device_alarms_raise_data_versions_insert" AFTER INSERT ON "device_alarms" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "device_alarms_raise_data_versions_update" AFTER UPDATE ON "device_alarms" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "device_alarms_raise_data_versions_delete" AFTER DELETE ON "device_alarms" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_company_data_versions();--> statement-breakpoint
CREATE TRIGGER "device_alarms_raise_data_version_truncate" AFTER TRUNCATE ON "device_alarms" FOR EACH STATEMENT EXECUTE FUNCTION raise_data_version();
