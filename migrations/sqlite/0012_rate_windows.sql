CREATE TABLE `rate_windows` (
	`key` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`window_ms` integer NOT NULL,
	`count` integer NOT NULL
);
