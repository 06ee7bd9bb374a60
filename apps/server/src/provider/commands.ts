/** The provider command line's logic, apart from process and database (tested directly). */
import { ACCOUNT_USAGE, runAccountCommand, type AccountCommandContext } from '../accounts/commands'
import { HttpError } from '../http-errors'
import { INTERCHANGE_USAGE, runInterchangeCommand } from '../interchange/commands'
import { isProviderStep, runAutoApproval, runProviderStep } from '../processes/provider-steps'
import { PROVIDER_API_USAGE, runProviderApiCommand } from './api-commands'

export const USAGE = `Aufruf: npm run provider -- distribute <Verteilung> | release <Verteilung> | cancel <Verteilung> | auto-approve | ${INTERCHANGE_USAGE} | ${PROVIDER_API_USAGE} | ${ACCOUNT_USAGE}`

/** Parses and runs one command; answers the exit code, writing to `out` and `err`. */
export async function runProviderCommand(
  args: readonly string[],
  db: Parameters<typeof runProviderStep>[0],
  out: (line: string) => void,
  err: (line: string) => void,
  /** Mailer and portal address for the `user` commands; without them those are refused. */
  accounts?: AccountCommandContext,
): Promise<number> {
  const [command, id] = args
  if (accounts) {
    const account = await runAccountCommand(args, db, accounts, out, err)
    if (account !== undefined) return account
  }
  const interchange = await runInterchangeCommand(args, db, out, err)
  if (interchange !== undefined) return interchange
  const providerApi = await runProviderApiCommand(args, db, out, err)
  if (providerApi !== undefined) return providerApi
  try {
    if (command === 'auto-approve' && id === undefined) {
      out(await runAutoApproval(db))
      return 0
    }
    if (command !== undefined && isProviderStep(command) && id && args.length === 2) {
      out(await runProviderStep(db, command, id))
      return 0
    }
    err(USAGE)
    return 1
  } catch (error) {
    if (error instanceof HttpError) {
      err(`Abgelehnt: ${error.detail}`)
      return 1
    }
    throw error
  }
}
