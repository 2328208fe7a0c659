// `npm run make-admin -- <email>`: makes the account with this email an admin, in the server's
// database: the same DATA_DIR (or DATABASE_URL) as the server's, read from .env as the server does.
// On the embedded database, stop the server first (the data folder is locked by the process that
// has it open).
import { emailField } from "../contract/accounts";
import { createUsersService } from "../server/accounts/service";
import { loadConfig, readEnvFile } from "../server/config";
import { openDatabase } from "../server/db/database";
import { DataDirInUseError } from "../server/db/lock";

const parsed = emailField.safeParse(process.argv[2]);
if (!parsed.success) {
  console.error("Usage: npm run make-admin -- <email>");
  process.exit(2);
}
readEnvFile();
const config = loadConfig();
const database = await openDatabase(config).catch((err: Error) => {
  if (err instanceof DataDirInUseError) {
    console.error(
      `The shop's server has the data folder ${config.dataDir} open: stop the server first, ` +
        "then run this again (and start the server after it).",
    );
  } else {
    console.error(err.message);
  }
  process.exit(1);
});
try {
  // Whoever runs this holds the server's folder or database: the first admin needs no verified address.
  const outcome = await createUsersService(database.db).makeAdmin(parsed.data, { verifiedOnly: false });
  if (outcome === "no-account") {
    console.error(`No account with the email ${parsed.data}: sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(
      outcome === "made" ? `${parsed.data} is now an admin.` : `${parsed.data} was already an admin.`,
    );
  }
} finally {
  await database.close();
}
