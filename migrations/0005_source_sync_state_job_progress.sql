ALTER TABLE "sources" ADD COLUMN "sync_state" jsonb;--> statement-breakpoint
ALTER TABLE "index_jobs" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "index_jobs" ADD COLUMN "queue_job_id" text;--> statement-breakpoint
ALTER TABLE "index_jobs" ADD COLUMN "documents_total" integer;--> statement-breakpoint
ALTER TABLE "index_jobs" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "index_jobs_queue_job_idx" ON "index_jobs" USING btree ("queue_job_id");