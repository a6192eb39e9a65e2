CREATE INDEX `invoices_open_idx` ON `invoices` (`transaction_date`) WHERE complete_status = 0;--> statement-breakpoint
CREATE INDEX `users_awaiting_idx` ON `users` (`created_at`) WHERE approved = 0;