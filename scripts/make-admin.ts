// `npm run make-admin -- <email>`: makes the account with this email an admin. On the embedded
// database, stop the server first (the data folder is locked by the process that has it open).
import { emailField } from "../contract/accounts";
import { createUsersService } from "../server/accounts/service";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";

const parsed = emailField.safeParse(process.argv[2]);
if (!parsed.success) {
  console.error("Usage: npm run make-admin -- <email>");
  process.exit(2);
}
const database = await openDatabase(loadConfig()).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  const changed = await createUsersService(database.db).makeAdmin(parsed.data);
  if (changed === undefined) {
    console.error(`No account with the email ${parsed.data}: sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(changed ? `${parsed.data} is now an admin.` : `${parsed.data} was already an admin.`);
  }
} finally {
  await database.close();
}
