CREATE TABLE `return_funnel_weeks` (
	`week` text PRIMARY KEY NOT NULL,
	`scans` integer DEFAULT 0 NOT NULL,
	`messaged` integer DEFAULT 0 NOT NULL,
	`handovers` integer DEFAULT 0 NOT NULL,
	`returned` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `return_times` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`week` text NOT NULL,
	`seconds` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `return_times_week_idx` ON `return_times` (`week`,`seconds`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `location_accuracy` integer;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `location_shared_at` integer;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `scanned_at` integer;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `returned_at` integer;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `return_note` text;--> statement-breakpoint
ALTER TABLE `finder_threads` ADD `returned_lost_item_id` text;