CREATE TABLE `admin_lookups` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_user_id` text NOT NULL,
	`admin_email` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`found` integer DEFAULT false NOT NULL,
	`looked_up_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_lookups_looked_up_at_idx` ON `admin_lookups` (`looked_up_at`);--> statement-breakpoint
CREATE TABLE `mint_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`minted_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`minted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `tagback_tokens` ADD `batch_id` text REFERENCES mint_batches(id);--> statement-breakpoint
CREATE INDEX `tagback_tokens_batch_id_idx` ON `tagback_tokens` (`batch_id`);--> statement-breakpoint
CREATE TRIGGER `admin_lookups_append_only` BEFORE UPDATE ON `admin_lookups`
BEGIN
	SELECT RAISE(ABORT, 'admin_lookups is append-only');
END;
