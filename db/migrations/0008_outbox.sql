CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`user_id` text,
	`conversation_id` text,
	`payload` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`settled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_key_unique` ON `outbox` (`key`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`due_at`) WHERE "outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX `outbox_settled_idx` ON `outbox` (`settled_at`);--> statement-breakpoint
CREATE INDEX `outbox_user_idx` ON `outbox` (`user_id`,`state`);--> statement-breakpoint
CREATE INDEX `outbox_conversation_idx` ON `outbox` (`conversation_id`);