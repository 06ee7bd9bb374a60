/** The provider command line's logic, apart from process and database (tested directly). */
import { HttpError } from '../http-errors'
import { isProviderStep, runAutoApproval, runProviderStep } from '../processes/provider-steps'

export const USAGE =
  'Aufruf: npm run provider -- distribute <Verteilung> | release <Verteilung> | cancel <Verteilung> | auto-approve'

/** Parses and runs one command; answers the exit code, writing to `out` and `err`. */
export async function runProviderCommand(
  args: readonly string[],
  db: Parameters<typeof runProviderStep>[0],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, id] = args
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
