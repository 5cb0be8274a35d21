CREATE TABLE `sign_in_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_codes_email_idx` ON `sign_in_codes` (`email`);--> statement-breakpoint
CREATE INDEX `sign_in_codes_expires_at_idx` ON `sign_in_codes` (`expires_at`);