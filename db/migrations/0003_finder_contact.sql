CREATE TABLE `finder_threads` (
	`conversation_id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`finder_user_id` text NOT NULL,
	`capability_hash` text NOT NULL,
	`contact` text,
	`found_where` text,
	`handover` text NOT NULL,
	`handover_place` text,
	`item_type` text NOT NULL,
	`item_value` text NOT NULL,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`finder_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `finder_threads_capability_hash_unique` ON `finder_threads` (`capability_hash`);--> statement-breakpoint
CREATE INDEX `finder_threads_owner_id_idx` ON `finder_threads` (`owner_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `bot_searches` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `backup_email` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `scan_alerts` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `last_scan_alert_at` integer;--> statement-breakpoint
ALTER TABLE `search_history` ADD `kind` text DEFAULT 'viewed' NOT NULL;--> statement-breakpoint
ALTER TABLE `search_history` ADD `client_key` text;--> statement-breakpoint
CREATE INDEX `search_history_client_idx` ON `search_history` (`user_id`,`client_key`,`searched_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `anonymous_finder` integer DEFAULT false NOT NULL;