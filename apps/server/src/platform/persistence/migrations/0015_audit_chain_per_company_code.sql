-- One hash chain per company code (issue 28, decision 056): every entry names its chain, its place
-- is unique within that chain, and a deletion's allowances name the chain of each place. Entries
-- written before this migration stay in the installation's chain ('') with their hashes unchanged.
ALTER TABLE "audit_log" ADD COLUMN "chain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_seq_unique";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chain_seq_unique" UNIQUE("chain","seq");--> statement-breakpoint
ALTER TABLE "audit_erasures" ADD COLUMN "erasure_chain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_erasures" ADD COLUMN "chain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_erasures" DROP CONSTRAINT "audit_erasures_erasure_seq_seq_pk";--> statement-breakpoint
ALTER TABLE "audit_erasures" ADD CONSTRAINT "audit_erasures_pk" PRIMARY KEY("erasure_chain","erasure_seq","chain","seq");
