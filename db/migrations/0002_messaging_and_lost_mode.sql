ALTER TABLE `conversation_participants` ADD `last_read_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `pair_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_key_unique` ON `conversations` (`pair_key`);--> statement-breakpoint
ALTER TABLE `lost_items` ADD `message` text;--> statement-breakpoint
ALTER TABLE `lost_items` ADD `reward` text;--> statement-breakpoint
CREATE UNIQUE INDEX `lost_items_one_pending_idx` ON `lost_items` (`user_id`,`type`,`identifier`) WHERE "lost_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `lost_items_identifier_idx` ON `lost_items` (`identifier`,`status`);--> statement-breakpoint
ALTER TABLE `messages` ADD `client_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_key_idx` ON `messages` (`sender_id`,`client_key`);