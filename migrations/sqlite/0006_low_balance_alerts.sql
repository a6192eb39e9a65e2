ALTER TABLE `companies` ADD `low_balance_hundredths` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `balance_alert` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `running_low_emailed_at` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `negative_emailed_at` integer;