CREATE INDEX `tasks_open_title_idx` ON `tasks` (`done`,`deleted`,`title`);--> statement-breakpoint
CREATE INDEX `tasks_open_description_idx` ON `tasks` (`done`,`deleted`,`description`);--> statement-breakpoint
CREATE INDEX `users_first_name_idx` ON `users` ("first_name" collate nocase,"last_name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_last_name_idx` ON `users` ("last_name" collate nocase,"first_name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);