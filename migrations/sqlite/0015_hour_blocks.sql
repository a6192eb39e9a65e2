CREATE TABLE `hour_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`rolled_from_id` text,
	`expires_at` integer NOT NULL,
	`rollover_limit` integer,
	`rollover_unit` text,
	`rollover_expires_at` integer,
	`unused_hundredths` integer DEFAULT 0 NOT NULL,
	`rolled_hundredths` integer DEFAULT 0 NOT NULL,
	`expired_at` integer,
	`expired_entry_id` text,
	`rollover_entry_id` text,
	`warned_early_at` integer,
	`warned_late_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`entry_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`rolled_from_id`) REFERENCES `hour_blocks`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`expired_entry_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`rollover_entry_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hour_blocks_entry_id_unique` ON `hour_blocks` (`entry_id`);--> statement-breakpoint
CREATE INDEX `hour_blocks_company_idx` ON `hour_blocks` (`company_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `hour_blocks_due_idx` ON `hour_blocks` (`expires_at`) WHERE expired_at is null;--> statement-breakpoint
CREATE INDEX `hour_blocks_rolled_from_idx` ON `hour_blocks` (`rolled_from_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `validity_months` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `rollover_limit` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `rollover_unit` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `rollover_months` integer;--> statement-breakpoint
ALTER TABLE `packages` ADD `validity_months` integer;--> statement-breakpoint
ALTER TABLE `packages` ADD `rollover_limit` integer;--> statement-breakpoint
ALTER TABLE `packages` ADD `rollover_unit` text;--> statement-breakpoint
ALTER TABLE `packages` ADD `rollover_months` integer;