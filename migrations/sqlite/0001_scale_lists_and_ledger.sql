DROP INDEX `activities_company_idx`;--> statement-breakpoint
CREATE INDEX `activities_hours_idx` ON `activities` (`company_id`,`status`,`activity_type`,`hundredths`);--> statement-breakpoint
CREATE INDEX `activities_timeline_idx` ON `activities` (`company_id`,`time_stamp`,`created_at`,`id`,`status`,`activity_type`,`hundredths`);--> statement-breakpoint
DROP INDEX `companies_name_idx`;--> statement-breakpoint
ALTER TABLE `companies` ADD `balance_hundredths` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `pending_hundredths` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `open_tasks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `companies_name_nocase_idx` ON `companies` ("company_name" collate nocase);--> statement-breakpoint
CREATE INDEX `companies_balance_idx` ON `companies` (`balance_hundredths`);--> statement-breakpoint
CREATE INDEX `companies_open_tasks_idx` ON `companies` (`open_tasks`);--> statement-breakpoint
DROP INDEX `packages_company_idx`;--> statement-breakpoint
CREATE INDEX `packages_company_idx` ON `packages` (`company_id`,`rate_cents`);--> statement-breakpoint
DROP INDEX `users_company_idx`;--> statement-breakpoint
CREATE INDEX `users_company_name_idx` ON `users` (`company_id`,"first_name" collate nocase,"last_name" collate nocase);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`created_at`);--> statement-breakpoint
-- Hand-written: fill the new company figures from the rows that exist (the ledger and the tasks).
UPDATE `companies` SET
  `balance_hundredths` = coalesce((SELECT sum(`hundredths`) FROM `activities` WHERE `activities`.`company_id` = `companies`.`id` AND `status` = 'completed'), 0),
  `pending_hundredths` = coalesce((SELECT sum(`hundredths`) FROM `activities` WHERE `activities`.`company_id` = `companies`.`id` AND `status` = 'pending' AND `activity_type` = 'TimeAdd'), 0),
  `open_tasks` = (SELECT count(*) FROM `tasks` WHERE `tasks`.`company_id` = `companies`.`id` AND `done` = 0 AND `deleted` = 0);
