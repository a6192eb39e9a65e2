DROP INDEX `activities_company_idx`;--> statement-breakpoint
CREATE INDEX `activities_hours_idx` ON `activities` (`company_id`,`status`,`activity_type`,`hundredths`);--> statement-breakpoint
CREATE INDEX `activities_timeline_idx` ON `activities` (`company_id`,`time_stamp`,`created_at`,`id`,`status`,`activity_type`,`hundredths`);