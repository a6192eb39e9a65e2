DROP INDEX `users_awaiting_idx`;--> statement-breakpoint
CREATE INDEX `users_approved_idx` ON `users` (`approved`,`created_at`);