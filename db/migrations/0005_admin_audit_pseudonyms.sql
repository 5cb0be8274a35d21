-- The admin audit trail stays append-only with one exception (decision 026): when an admin deletes
-- their account, the id and e-mail in their rows become one pseudonym ('deleted admin …', the same
-- in both columns). Nothing else of a row ever changes: what was looked up, found or not, and when.
DROP TRIGGER `admin_lookups_append_only`;--> statement-breakpoint
CREATE TRIGGER `admin_lookups_append_only` BEFORE UPDATE ON `admin_lookups`
WHEN NOT (
	NEW.`admin_email` LIKE 'deleted admin %' AND NEW.`admin_user_id` = NEW.`admin_email`
	AND NEW.`id` = OLD.`id` AND NEW.`kind` = OLD.`kind` AND NEW.`value` = OLD.`value`
	AND NEW.`found` = OLD.`found` AND NEW.`looked_up_at` = OLD.`looked_up_at`
)
BEGIN
	SELECT RAISE(ABORT, 'admin_lookups is append-only');
END;
