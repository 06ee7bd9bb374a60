-- The audit log as a hash chain (issue 17, decision 034): each entry's place, its predecessor's
-- hash, the hash of its content and its own hash; the entries of earlier versions are chained once
-- by the first start of this one (chainEarlierAuditEntries). audit_erasures: what a user's deletion
-- pseudonymised in chained entries.
CREATE TABLE "audit_erasures" (
	"erasure_seq" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "audit_erasures_erasure_seq_seq_pk" PRIMARY KEY("erasure_seq","seq")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");