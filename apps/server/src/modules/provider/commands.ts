/** The provider command line's logic, apart from process and database (tested directly). */
import {
  ACCOUNT_USAGE,
  CONSUMPTION_ACCESS_USAGE,
  runAccountCommand,
  runConsumptionAccessCommand,
  type AccountCommandContext,
} from '../accounts/index'
import { HttpError } from '../../platform/http-errors'
import {
  chainLabel,
  INSTALLATION_CHAIN,
  verifyAuditChain,
  type AuditHead,
} from '../../platform/persistence/audit'
import { INTERCHANGE_USAGE, runInterchangeCommand } from './interchange/commands'
import { isProviderStep, runAutoApproval, runProviderStep } from './provider-steps'
import { PROVIDER_API_USAGE, runProviderApiCommand } from './api-commands'
import { ALARMS_USAGE, runAlarmCommand, type AlarmCommandContext } from '../care/index'
import {
  RESIDENTS_USAGE,
  runResidentCommand,
  type ResidentCommandContext,
} from '../residents/index'

export const VERIFY_AUDIT_USAGE = 'verify-audit [--anchor [<Buchungskreis>:]<Nummer>:<Hash> …]'

export const USAGE = `Aufruf: npm run provider -- check | distribute <Verteilung> | release <Verteilung> | cancel <Verteilung> | auto-approve | ${ALARMS_USAGE} | ${VERIFY_AUDIT_USAGE} | ${INTERCHANGE_USAGE} | ${PROVIDER_API_USAGE} | ${ACCOUNT_USAGE} | ${CONSUMPTION_ACCESS_USAGE} | ${RESIDENTS_USAGE}`

/** Parses and runs one command; answers the exit code, writing to `out` and `err`. */
export async function runProviderCommand(
  args: readonly string[],
  db: Parameters<typeof runProviderStep>[0],
  out: (line: string) => void,
  err: (line: string) => void,
  /**
   * Mailer and portal address for the `user`, `residents` and `notices` commands (the residents'
   * also the key that seals their letters' codes); without them those are refused.
   */
  accounts?: AccountCommandContext & ResidentCommandContext & AlarmCommandContext,
): Promise<number> {
  const [command, id] = args
  if (accounts) {
    const account = await runAccountCommand(args, db, accounts, out, err)
    if (account !== undefined) return account
    const residents = await runResidentCommand(args, db, accounts, out, err)
    if (residents !== undefined) return residents
  }
  const alarms = await runAlarmCommand(args, db, out, accounts)
  if (alarms !== undefined) return alarms
  const interchange = await runInterchangeCommand(args, db, out, err)
  if (interchange !== undefined) return interchange
  const providerApi = await runProviderApiCommand(args, db, out, err)
  if (providerApi !== undefined) return providerApi
  const consumptionAccess = await runConsumptionAccessCommand(args, db, out, err)
  if (consumptionAccess !== undefined) return consumptionAccess
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
 * `verify-audit`: walks the audit log's hash chains (decisions 034 and 056); exit 0 when every
 * chain is whole, 1 naming the first entry changed, inserted or removed. Each `--anchor` checks a
 * head kept from an earlier run: `<Nummer>:<Hash>` for the installation's chain (as before 0015),
 * `<Buchungskreis>:<Nummer>:<Hash>` for a company code's chain.
 */
async function verifyAudit(
  args: readonly string[],
  db: Parameters<typeof runProviderStep>[0],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const anchors: AuditHead[] = []
  for (let index = 0; index < args.length; index += 2) {
    const anchor = args[index] === '--anchor' ? parseAnchor(args[index + 1] ?? '') : undefined
    if (!anchor) {
      err(`Aufruf: npm run provider -- ${VERIFY_AUDIT_USAGE}`)
      return 1
    }
    anchors.push(anchor)
  }
  const result = await verifyAuditChain(db, anchors)
  if (result.problem) {
    err(`Protokoll verändert: ${result.problem.message}`)
    err(`Bis dahin unversehrt: ${result.entries} Einträge.`)
    return 1
  }
  out(
    `Protokoll unversehrt: ${result.entries} Einträge in ${result.heads.length === 1 ? 'einer ununterbrochenen Kette' : `${result.heads.length} ununterbrochenen Ketten`}.`,
  )
  for (const head of result.heads) {
    out(`${chainLabel(head.chain)}: letzter Eintrag ${head.seq}, Hash ${head.hash}.`)
  }
  if (result.heads.length > 0) {
    out(`Zum Festhalten: ${result.heads.map((head) => `--anchor ${anchorOf(head)}`).join(' ')}`)
  }
  return 0
}

/** An anchor as the command line takes it. */
const anchorOf = (head: AuditHead) =>
  head.chain === INSTALLATION_CHAIN
    ? `${head.seq}:${head.hash}`
    : `${head.chain}:${head.seq}:${head.hash}`

function parseAnchor(text: string): AuditHead | undefined {
  const match = /^(?:([^:\s]+):)?(\d+):([0-9a-f]{64})$/.exec(text)
  return match
    ? { chain: match[1] ?? INSTALLATION_CHAIN, seq: Number(match[2]), hash: match[3]! }
    : undefined
}
