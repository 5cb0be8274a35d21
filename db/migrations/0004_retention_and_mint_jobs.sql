ALTER TABLE `mint_batches` ADD `status` text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE `mint_batches` ADD `progress` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mint_batches` ADD `request_key` text;--> statement-breakpoint
ALTER TABLE `mint_batches` ADD `sealed_passwords` blob;--> statement-breakpoint
ALTER TABLE `mint_batches` ADD `finished_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `mint_batches_request_key_idx` ON `mint_batches` (`minted_by`,`request_key`);--> statement-breakpoint
CREATE INDEX `demo_search_logs_searched_at_idx` ON `demo_search_logs` (`searched_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_expire_idx` ON `rate_limits` (`expire`);--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
-- Batches minted before jobs existed were complete when written.
UPDATE `mint_batches` SET `progress` = `count`;