CREATE TABLE `mint_slices` (
	`batch_id` text NOT NULL,
	`start` integer NOT NULL,
	`sealed_passwords` blob NOT NULL,
	PRIMARY KEY(`batch_id`, `start`),
	FOREIGN KEY (`batch_id`) REFERENCES `mint_batches`(`id`) ON UPDATE no action ON DELETE cascade
);
