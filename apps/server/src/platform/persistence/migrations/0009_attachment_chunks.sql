-- Issue 14 "Files stream": a file's bytes as chunks of 1 MB (1048576 bytes, ATTACHMENT_CHUNK_BYTES),
-- numbered from 0, so that an upload is written and a download read one chunk at a time. Every file
-- has chunk 0 (an empty file: one empty chunk). The existing contents are split in place.
ALTER TABLE "attachment_contents" ADD COLUMN "chunk" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "attachment_contents" DROP CONSTRAINT "attachment_contents_pkey";
--> statement-breakpoint
ALTER TABLE "attachment_contents" ADD CONSTRAINT "attachment_contents_attachment_chunk_pk" PRIMARY KEY("attachment","chunk");
--> statement-breakpoint
INSERT INTO "attachment_contents" ("attachment", "chunk", "content")
SELECT c."attachment", g."chunk", substring(c."content" from g."chunk" * 1048576 + 1 for 1048576)
FROM "attachment_contents" c
CROSS JOIN LATERAL generate_series(1, (length(c."content") - 1) / 1048576) AS g("chunk")
WHERE length(c."content") > 1048576;
--> statement-breakpoint
UPDATE "attachment_contents" SET "content" = substring("content" from 1 for 1048576)
WHERE "chunk" = 0 AND length("content") > 1048576;
--> statement-breakpoint
ALTER TABLE "attachment_contents" ALTER COLUMN "chunk" DROP DEFAULT;
