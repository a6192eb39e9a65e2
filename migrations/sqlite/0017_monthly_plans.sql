CREATE TABLE `plan_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`period` text NOT NULL,
	`invoice_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_periods_plan_period_unique` ON `plan_periods` (`plan_id`,`period`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`package_id` text,
	`description` text NOT NULL,
	`hundredths` integer NOT NULL,
	`rate_cents` integer NOT NULL,
	`validity_months` integer,
	`rollover_limit` integer,
	`rollover_unit` text,
	`rollover_months` integer,
	`day_of_month` integer NOT NULL,
	`first_period` text NOT NULL,
	`paused_until` text,
	`last_period` text,
	`next_period` text NOT NULL,
	`next_issue_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_company_id_unique` ON `plans` (`company_id`);--> statement-breakpoint
CREATE INDEX `plans_next_issue_idx` ON `plans` (`next_issue_at`);