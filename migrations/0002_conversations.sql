CREATE TABLE "conversation_turns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_turns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"role" text NOT NULL,
	"user_id" text,
	"text" text NOT NULL,
	"rewritten_text" text,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_turns_role_check" CHECK ("conversation_turns"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "clarifications" (
	"id" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"workspace_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"user_id" text NOT NULL,
	"question" text NOT NULL,
	"interpreted_as" text,
	"interpretations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"chosen_option_id" text,
	"chosen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "conversation_turns_thread_created_idx" ON "conversation_turns" USING btree ("platform","workspace_id","channel_id","thread_id","created_at","id");