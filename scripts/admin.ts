// npm run admin -- grant EMAIL | revoke EMAIL
// Gives or takes the admin role of an existing user.
import { fail, openDatabase, parseCli, runCli, usageError } from "./cli.ts";

const USAGE = `
Usage: npm run admin -- grant EMAIL
       npm run admin -- revoke EMAIL

Commands:
  grant EMAIL       make the user with this e-mail an admin (they must have signed up already)
  revoke EMAIL      remove the user's admin role

The e-mail is matched case-insensitively.

Options:
  -h, --help        show this help

Environment:
  DATABASE_PATH     database file (default ./data/tagback.db)
`;

async function main() {
  const args = parseCli(USAGE);
  if (!args) return;
  const [command, email, ...extra] = args.positionals;
  if (!command) usageError("missing command (expected: grant or revoke)");
  if (command !== "grant" && command !== "revoke") {
    usageError(`unknown command "${command}" (expected: grant or revoke)`);
  }
  if (!email?.trim()) usageError(`${command} needs an e-mail address`);
  const { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, isEmailTooLong } = await import("../app/core/email-address.ts");
  if (isEmailTooLong(email.trim())) {
    usageError(`that e-mail address is too long (at most ${EMAIL_MAX_LENGTH} characters, ${EMAIL_LOCAL_MAX_LENGTH} before the @)`);
  }
  if (extra.length > 0) usageError(`unexpected argument "${extra[0]}"`);

  const { grantAdmin, revokeAdmin } = await import("../app/features/account/admins.server.ts");
  const { db } = await openDatabase();
  if (command === "grant") {
    const result = await grantAdmin(db, email);
    if (result.status === "unknown-user") fail(`no user with the e-mail ${result.email}`);
    console.log(
      result.status === "granted"
        ? `${result.email} is now an admin.`
        : `${result.email} was already an admin.`,
    );
  } else {
    const result = await revokeAdmin(db, email);
    if (result.status === "unknown-user") fail(`no user with the e-mail ${result.email}`);
    console.log(
      result.status === "revoked"
        ? `${result.email} is no longer an admin.`
        : `${result.email} was not an admin; nothing changed.`,
    );
  }
}

await runCli(main);
