DROP INDEX `outbox_due_idx`;--> statement-breakpoint
ALTER TABLE `outbox` ADD `lane` text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `destination` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `trying_since` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `interruptions` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_lane_due_idx` ON `outbox` (`lane`,`due_at`) WHERE "outbox"."state" = 'pending';--> statement-breakpoint
-- Rows queued before the lanes (decision 042): pushes to the push lane with their push service's
-- host, sign-in codes to the urgent lane; every other mail keeps the default, "mail".
UPDATE `outbox` SET `lane` = 'push', `destination` = (
  SELECT substr(substr(`endpoint`, instr(`endpoint`, '://') + 3), 1, instr(substr(`endpoint`, instr(`endpoint`, '://') + 3) || '/', '/') - 1)
  FROM `push_subscriptions` WHERE `push_subscriptions`.`id` = json_extract(`outbox`.`payload`, '$.subscriptionId')
) WHERE `channel` = 'push';
--> statement-breakpoint
UPDATE `outbox` SET `lane` = 'urgent' WHERE `key` LIKE 'sign-in-code:%';
