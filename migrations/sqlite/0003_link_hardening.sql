ALTER TABLE `outbox` ADD `clear_after_send` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `password_tokens` ADD `revoked_at` integer;--> statement-breakpoint
UPDATE `outbox` SET `clear_after_send` = 1 WHERE `text_body` LIKE '%/reset-password/%';--> statement-breakpoint
UPDATE `outbox` SET `text_body` = 'Cleared after sending: this email carried a single-use link.', `html_body` = '<p>Cleared after sending: this email carried a single-use link.</p>' WHERE `clear_after_send` = 1 AND `status` <> 'pending';
