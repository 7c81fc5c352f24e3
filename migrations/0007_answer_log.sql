CREATE TABLE "answer_log" (
	"answer_id" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"user_id" text NOT NULL,
	"question" text NOT NULL,
	"reading" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "answer_log_created_idx" ON "answer_log" USING btree ("created_at");