ALTER TABLE `invoices` ADD `paid_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `invoices` SET `paid_cents` = `paid`.`cents` FROM (SELECT `invoice_id`, sum(`amount_cents`) AS `cents` FROM `payments` WHERE `status` = 'completed' GROUP BY `invoice_id`) AS `paid` WHERE `paid`.`invoice_id` = `invoices`.`id`;--> statement-breakpoint
CREATE INDEX `invoices_hours_idx` ON `invoices` (`hundredths`);--> statement-breakpoint
CREATE INDEX `invoices_price_idx` ON `invoices` (`price_cents`);--> statement-breakpoint
CREATE INDEX `invoices_balance_idx` ON `invoices` ("price_cents" - "paid_cents");--> statement-breakpoint
CREATE INDEX `invoices_description_idx` ON `invoices` (`description`);--> statement-breakpoint
CREATE INDEX `invoices_method_idx` ON `invoices` (`selected_payment_method`);--> statement-breakpoint
CREATE INDEX `invoices_status_text_idx` ON `invoices` (case when "complete_status" then 'Completed' when trim("status") <> '' then trim("status") else 'Pending' end);--> statement-breakpoint
CREATE INDEX `payments_amount_idx` ON `payments` (`amount_cents`);--> statement-breakpoint
CREATE INDEX `payments_method_idx` ON `payments` (`method`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`);