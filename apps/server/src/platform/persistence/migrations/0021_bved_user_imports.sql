CREATE TABLE "bved_user_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"property_connection" text NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"reports" integer NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bved_user_imports_property_connection_sha256_index" ON "bved_user_imports" USING btree ("property_connection","sha256");