/**
 * The provider's steps on the command line (ARCHITECTURE 3.2), until a back office exists:
 *   npm run provider -- distribute <id> | release <id> | cancel <id> | auto-approve | alarms
 *   npm run provider -- user add|list|disable|enable|reset|reset-second-factor|delete … (accounts/commands.ts)
 *   npm run provider -- key create|list|revoke … | changes [--since <cursor>] (api-commands.ts)
 *   npm run provider -- consumption-access create|list|revoke … (accounts/consumption-credential-commands.ts)
 *   npm run provider -- check: every setting checked as the start checks it, nothing started
 * Reads the server's settings (ENV_FILE, decision 039) and uses its database (DATABASE_URL, or
 * PGlite in DATA_DIR: PGlite allows one process at a time, so while the server holds the folder
 * the command refuses with exit code 1 and changes nothing). Prints a German result line; exits 1 on a refused step.
 */
import { ConfigurationError, loadConfig, type ServerConfig } from '../../platform/config'
import { applyEnvFile } from '../../platform/env-file'
import { createMailer } from '../../platform/mailer'
import { DataFolderError } from '../../platform/persistence/data-folder'
import { openDatabaseOrExit } from '../../platform/persistence/database'
import { runSettingsCheck } from '../../platform/settings-check'
import { runProviderCommand } from './commands'

async function main() {
  // decision 039: the server's settings, from the file ENV_FILE names (set variables win)
  const fileProblems = applyEnvFile(process.env)
  const args = process.argv.slice(2)
  if (args[0] === 'check' && args.length === 1) {
    process.exitCode = await runSettingsCheck(
      process.env,
      fileProblems,
      (line) => console.log(line),
      (line) => console.error(line),
    )
    return
  }
  let config: ServerConfig
  try {
    if (fileProblems.length > 0) throw new ConfigurationError(fileProblems)
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigurationError) && !(error instanceof DataFolderError)) throw error
    console.error(error.message)
    console.error('Alle Einstellungen prüft: npm run provider -- check')
    process.exit(1)
  }
  const database = await openDatabaseOrExit({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  try {
    await database.migrate()
    process.exitCode = await runProviderCommand(
      args,
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
