CREATE INDEX `time_logs_hours_idx` ON `time_logs` (`hundredths`);--> statement-breakpoint
CREATE INDEX `time_logs_description_idx` ON `time_logs` ("description" collate nocase);--> statement-breakpoint
-- Search finds any part of a description through a trigram index of the descriptions. It reads
-- them from time_logs (external content, keyed by rowid); the triggers keep it in step with
-- every write.
CREATE VIRTUAL TABLE `time_log_words` USING fts5(description, content='time_logs', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `time_log_words_insert` AFTER INSERT ON `time_logs` BEGIN
  INSERT INTO `time_log_words`(rowid, description) VALUES (new.rowid, new.description);
END;--> statement-breakpoint
CREATE TRIGGER `time_log_words_delete` AFTER DELETE ON `time_logs` BEGIN
  INSERT INTO `time_log_words`(`time_log_words`, rowid, description) VALUES ('delete', old.rowid, old.description);
END;--> statement-breakpoint
CREATE TRIGGER `time_log_words_update` AFTER UPDATE OF description ON `time_logs` BEGIN
  INSERT INTO `time_log_words`(`time_log_words`, rowid, description) VALUES ('delete', old.rowid, old.description);
  INSERT INTO `time_log_words`(rowid, description) VALUES (new.rowid, new.description);
END;--> statement-breakpoint
INSERT INTO `time_log_words`(`time_log_words`) VALUES ('rebuild');
