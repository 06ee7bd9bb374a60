/** The provider command line's logic, apart from process and database (tested directly). */
import { ACCOUNT_USAGE, runAccountCommand, type AccountCommandContext } from '../accounts/index'
import { HttpError } from '../../platform/http-errors'
import { verifyAuditChain } from '../../platform/persistence/audit'
import { INTERCHANGE_USAGE, runInterchangeCommand } from './interchange/commands'
import { isProviderStep, runAutoApproval, runProviderStep } from './provider-steps'
import { PROVIDER_API_USAGE, runProviderApiCommand } from './api-commands'

export const VERIFY_AUDIT_USAGE = 'verify-audit [--anchor <Nummer>:<Hash>]'

export const USAGE = `Aufruf: npm run provider -- check | distribute <Verteilung> | release <Verteilung> | cancel <Verteilung> | auto-approve | ${VERIFY_AUDIT_USAGE} | ${INTERCHANGE_USAGE} | ${PROVIDER_API_USAGE} | ${ACCOUNT_USAGE}`

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
    if (command === 'verify-audit') return await verifyAudit(args.slice(1), db, out, err)
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

/**
 * `verify-audit`: walks the audit log's hash chain (decision 034); exit 0 when it is whole, 1
 * naming the first entry changed, inserted or removed. `--anchor` checks an earlier head too.
 */
async function verifyAudit(
  args: readonly string[],
  db: Parameters<typeof runProviderStep>[0],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let anchor: { seq: number; hash: string } | undefined
  if (args.length > 0) {
    const match =
      args.length === 2 && args[0] === '--anchor' ? /^(\d+):([0-9a-f]{64})$/.exec(args[1]!) : null
    if (!match) {
      err(`Aufruf: npm run provider -- ${VERIFY_AUDIT_USAGE}`)
      return 1
    }
    anchor = { seq: Number(match[1]), hash: match[2]! }
  }
  const result = await verifyAuditChain(db, anchor)
  if (result.problem) {
    err(`Protokoll verändert: ${result.problem.message}`)
    err(`Bis dahin unversehrt: ${result.entries} Einträge.`)
    return 1
  }
  out(
    `Protokoll unversehrt: ${result.entries} Einträge in ununterbrochener Kette. Letzter Eintrag ${result.head.seq}, Hash ${result.head.hash} (zum Festhalten: --anchor ${result.head.seq}:${result.head.hash}).`,
  )
  return 0
}
