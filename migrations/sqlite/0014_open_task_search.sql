-- Search finds any part of an open task's title or description, in any case, through a trigram
-- index: task_words holds the trigrams of both for the open tasks (not done, not deleted), the only
-- ones a list searches, and reads them from tasks (external content, keyed by rowid). The triggers
-- keep it in step with every write: a task enters when it is written open and leaves when it is
-- done, deleted or removed. A search of three letters or more reads its candidates here instead
-- of checking every open task.
CREATE VIRTUAL TABLE `task_words` USING fts5(title, description, content='tasks', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `task_words_insert` AFTER INSERT ON `tasks` WHEN new.done = 0 AND new.deleted = 0 BEGIN
  INSERT INTO `task_words`(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;--> statement-breakpoint
CREATE TRIGGER `task_words_delete` AFTER DELETE ON `tasks` WHEN old.done = 0 AND old.deleted = 0 BEGIN
  INSERT INTO `task_words`(`task_words`, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
END;--> statement-breakpoint
CREATE TRIGGER `task_words_update` AFTER UPDATE OF title, description, done, deleted ON `tasks` BEGIN
  INSERT INTO `task_words`(`task_words`, rowid, title, description) SELECT 'delete', old.rowid, old.title, old.description WHERE old.done = 0 AND old.deleted = 0;
  INSERT INTO `task_words`(rowid, title, description) SELECT new.rowid, new.title, new.description WHERE new.done = 0 AND new.deleted = 0;
END;--> statement-breakpoint
INSERT INTO `task_words`(rowid, title, description) SELECT rowid, title, description FROM `tasks` WHERE done = 0 AND deleted = 0;
