-- Search finds any part of an open task's title or description, in any case, through trigram
-- indexes of the open tasks (not done, not deleted), the only ones a list searches: the
-- counterpart of SQLite's task_words (FTS5 with the trigram tokenizer). A search of three letters
-- or more reads its candidates from them instead of checking every open task.
CREATE INDEX "tasks_title_trgm_idx" ON "tasks" USING gin ("title" gin_trgm_ops) WHERE "done" = false AND "deleted" = false;--> statement-breakpoint
CREATE INDEX "tasks_description_trgm_idx" ON "tasks" USING gin ("description" gin_trgm_ops) WHERE "done" = false AND "deleted" = false;
