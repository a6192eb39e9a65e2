CREATE TABLE `activities` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`activity_type` text NOT NULL,
	`status` text NOT NULL,
	`hundredths` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`time_stamp` integer NOT NULL,
	`invoice_id` text,
	`time_log_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`time_log_id`) REFERENCES `time_logs`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `activities_company_idx` ON `activities` (`company_id`,`status`,`time_stamp`);--> statement-breakpoint
CREATE UNIQUE INDEX `activities_invoice_unique` ON `activities` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `activities_time_log_unique` ON `activities` (`time_log_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`company_name` text NOT NULL,
	`company_address` text DEFAULT '' NOT NULL,
	`company_phone` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`project_description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `companies_name_idx` ON `companies` (`company_name`);--> statement-breakpoint
CREATE TABLE `invoice_number_sequence` (
	`year` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_number` text NOT NULL,
	`company_id` text NOT NULL,
	`package_id` text,
	`description` text NOT NULL,
	`hundredths` integer DEFAULT 0 NOT NULL,
	`rate_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer NOT NULL,
	`selected_payment_method` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '' NOT NULL,
	`complete_status` integer DEFAULT false NOT NULL,
	`send_invoice_email` integer DEFAULT true NOT NULL,
	`transaction_date` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_invoice_number_unique` ON `invoices` (`invoice_number`);--> statement-breakpoint
CREATE INDEX `invoices_company_idx` ON `invoices` (`company_id`,`transaction_date`);--> statement-breakpoint
CREATE INDEX `invoices_date_idx` ON `invoices` (`transaction_date`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_addresses` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`attachments` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `packages` (
	`id` text PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`hundredths` integer DEFAULT 0 NOT NULL,
	`rate_cents` integer DEFAULT 100000 NOT NULL,
	`company_id` text,
	`start_date` integer NOT NULL,
	`end_date` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `packages_company_idx` ON `packages` (`company_id`);--> statement-breakpoint
CREATE INDEX `packages_rate_idx` ON `packages` (`rate_cents`);--> statement-breakpoint
CREATE TABLE `password_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_tokens_user_idx` ON `password_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`company_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'completed' NOT NULL,
	`method` text DEFAULT '' NOT NULL,
	`payment_date` integer NOT NULL,
	`transaction_id` text DEFAULT '' NOT NULL,
	`send_email` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_company_idx` ON `payments` (`company_id`,`payment_date`);--> statement-breakpoint
CREATE INDEX `payments_date_idx` ON `payments` (`payment_date`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `task_history` (
	`id` text PRIMARY KEY NOT NULL,
	`task_id` text NOT NULL,
	`changed_field` text NOT NULL,
	`old_value` text,
	`new_value` text,
	`user_id` text,
	`creation_date` integer NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_history_task_idx` ON `task_history` (`task_id`,`creation_date`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`priority` integer DEFAULT 1 NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`creation_date` integer NOT NULL,
	`time_stamp` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `tasks_open_idx` ON `tasks` (`company_id`,`done`,`deleted`,`priority`);--> statement-breakpoint
CREATE INDEX `tasks_open_all_idx` ON `tasks` (`done`,`deleted`,`priority`);--> statement-breakpoint
CREATE TABLE `time_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`task_id` text,
	`time_stamp` integer NOT NULL,
	`hundredths` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `time_logs_company_idx` ON `time_logs` (`company_id`,`time_stamp`);--> statement-breakpoint
CREATE INDEX `time_logs_time_idx` ON `time_logs` (`time_stamp`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email_address` text NOT NULL,
	`mobile` text DEFAULT '' NOT NULL,
	`role` text DEFAULT 'admin' NOT NULL,
	`approved` integer DEFAULT false NOT NULL,
	`password_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email_address"));--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);