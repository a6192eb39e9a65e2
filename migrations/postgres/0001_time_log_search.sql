-- Search finds any part of a time log's description, in any case, through a trigram index: the
-- counterpart of SQLite's time_log_words (FTS5 with the trigram tokenizer). pg_trgm ships with
-- PostgreSQL and is a trusted extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "time_logs_description_trgm_idx" ON "time_logs" USING gin ("description" gin_trgm_ops);
