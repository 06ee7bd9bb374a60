/**
 * The provider's steps on the command line (ARCHITECTURE 3.2), until a back office exists:
 *   npm run provider -- distribute <id> | release <id> | cancel <id> | auto-approve
 *   npm run provider -- user add|list|disable|enable|reset|reset-second-factor|delete … (accounts/commands.ts)
 *   npm run provider -- key create|list|revoke … | changes [--since <cursor>] (api-commands.ts)
 * Uses the server's database (DATABASE_URL, or PGlite in DATA_DIR: PGlite allows one process at a
 * time, so while the server holds the folder the command refuses with exit code 1 and changes
 * nothing). Prints a German result line; exits 1 on a refused step.
 */
import { loadConfig } from '../../platform/config'
import { createMailer } from '../../platform/mailer'
import { openDatabaseOrExit } from '../../platform/persistence/database'
import { runProviderCommand } from './commands'

async function main() {
  const config = loadConfig()
  const database = await openDatabaseOrExit({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  try {
    await database.migrate()
    process.exitCode = await runProviderCommand(
      process.argv.slice(2),
      database.db,
      (line) => console.log(line),
      (line) => console.error(line),
      { mailer: createMailer(config), config },
    )
  } finally {
    await database.close()
  }
}

await main()
