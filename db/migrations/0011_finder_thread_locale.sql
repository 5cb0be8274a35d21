ALTER TABLE `finder_threads` ADD `locale` text;--> statement-breakpoint
-- A finder's later-reply mail and the owner's answer mail have kinds of their own (decision 032,
-- amended): rows queued before this keep the kind they were queued with otherwise.
UPDATE `outbox` SET `kind` = 'finder_reply' WHERE `key` LIKE 'reply:%';
--> statement-breakpoint
UPDATE `outbox` SET `kind` = 'owner_answer' WHERE `key` LIKE 'answer:%';
