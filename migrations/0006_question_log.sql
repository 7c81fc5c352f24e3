CREATE TABLE "question_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"interpreted_as" text,
	"decision" text NOT NULL,
	"total_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_log_decision_check" CHECK ("question_log"."decision" in ('answer', 'clarify', 'no-answer', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "question_log_created_idx" ON "question_log" USING btree ("created_at","id");