-- State that every server process on this database shares (issue 15, decision 029): the sign-in
-- throttle's attempts, the password-reset rate limit's windows and the last run of each hourly job.
CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"attempt_id" uuid NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_attempts_attempt_id_key_pk" PRIMARY KEY("attempt_id","key")
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_key_at_index" ON "sign_in_attempts" USING btree ("key","at");