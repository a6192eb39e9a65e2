CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`occurred_at` integer NOT NULL,
	`type` text NOT NULL,
	`actor_id` text,
	`actor_label` text NOT NULL,
	`company_id` text,
	`subject_type` text NOT NULL,
	`subject_id` text,
	`changes` text DEFAULT '{}' NOT NULL,
	`ip_address` text
);
--> statement-breakpoint
CREATE INDEX `events_time_idx` ON `events` (`occurred_at`);--> statement-breakpoint
CREATE INDEX `events_company_idx` ON `events` (`company_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `events_subject_idx` ON `events` (`subject_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `events_type_idx` ON `events` (`type`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `events_actor_idx` ON `events` (`actor_id`,`occurred_at`);