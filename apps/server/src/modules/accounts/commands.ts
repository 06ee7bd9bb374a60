/**
 * `npm run provider -- user add|list|disable|enable|reset|reset-second-factor|delete …`: the account functions on the
 * command line. Prints German result lines; exits 1 when a command is refused (unknown user, name
 * in use, invalid mail address, unknown company code or business partner) or its mail failed.
 */
import { parseArgs } from 'node:util'
import { HttpError } from '../../platform/http-errors'
import type { Mailer } from '../../platform/mailer'
import type { Database } from '../../platform/persistence/database'
import {
  accountStatusText,
  addUser,
  listUsers,
  resetUser,
  USER_CHANGES,
  type Account,
  type AccountConfig,
} from './accounts'
import { deleteUser } from './delete-user'

export const ACCOUNT_USAGE =
  'user add <Benutzer> --name <Name> --mail <E-Mail> --company-code <Buchungskreis> [--partner <Geschäftspartner>] | user list [--company-code <Buchungskreis>] | user disable|enable|reset|reset-second-factor|delete <Benutzer>'

/** What the account commands need besides the database: the mailer and the portal's address. */
export interface AccountCommandContext {
  mailer: Mailer
  config: AccountConfig
}

/** The command line's name for a field of the input, in a refusal. */
const OPTION_OF_FIELD: Record<string, string> = {
  userName: '<Benutzer>',
  name: '--name',
  mail: '--mail',
  companyCode: '--company-code',
  businessPartner: '--partner',
}

/** The commands that name one user; each prints its German result line. */
const ONE_USER_COMMANDS = { ...USER_CHANGES, reset: resetUser, delete: deleteUser }

function accountTable(accounts: readonly Account[]): string[] {
  if (accounts.length === 0) return ['Keine Benutzer.']
  const rows = [
    ['Benutzer', 'Name', 'E-Mail', 'Buchungskreis', 'Geschäftspartner', '2FA', 'Status'],
    ...accounts.map((a) => [
      a.userName,
      a.name,
      a.mail,
      a.companyCode,
      a.businessPartner ?? '–',
      a.secondFactor ? 'ja' : 'nein',
      accountStatusText(a.status),
    ]),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  '),
  )
}

function isUsageError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code ?? ''
  return error instanceof TypeError && code.startsWith('ERR_PARSE_ARGS_')
}

/**
 * Runs a `user …` command; answers the exit code, or undefined when `args` is not a `user`
 * command (the provider command line then tries its other commands).
 */
export async function runAccountCommand(
  args: readonly string[],
  db: Database,
  context: AccountCommandContext,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | undefined> {
  if (args[0] !== 'user') return undefined
  const [, command, ...rest] = args
  const { mailer, config } = context
  try {
    if (command === 'add') {
      const { values, positionals } = parseArgs({
        args: [...rest],
        allowPositionals: true,
        strict: true,
        options: {
          name: { type: 'string' },
          mail: { type: 'string' },
          'company-code': { type: 'string' },
          partner: { type: 'string' },
        },
      })
      if (positionals.length === 1) {
        const result = await addUser(db, mailer, config, {
          userName: positionals[0]!,
          // a missing option is an empty text: refused with the German message of its field
          name: values.name ?? '',
          mail: values.mail ?? '',
          companyCode: values['company-code'] ?? '',
          businessPartner: values.partner,
        })
        out(result.message)
        return 0
      }
    } else if (command === 'list') {
      const { values, positionals } = parseArgs({
        args: [...rest],
        allowPositionals: true,
        strict: true,
        options: { 'company-code': { type: 'string' } },
      })
      if (positionals.length === 0) {
        const accounts = await listUsers(db, { companyCode: values['company-code'] })
        for (const line of accountTable(accounts)) out(line)
        return 0
      }
    } else if (command !== undefined && rest.length === 1 && !rest[0]!.startsWith('-')) {
      if (Object.hasOwn(ONE_USER_COMMANDS, command)) {
        const run = ONE_USER_COMMANDS[command as keyof typeof ONE_USER_COMMANDS]
        out((await run(db, mailer, config, { userName: rest[0]! })).message)
        return 0
      }
    }
    err(`Aufruf: npm run provider -- ${ACCOUNT_USAGE}`)
    return 1
  } catch (error) {
    if (error instanceof HttpError) {
      const where = error.field ? OPTION_OF_FIELD[error.field] : undefined
      const detail = where ? `${error.detail} (${where})` : error.detail
      err(error.statusCode >= 500 ? `Fehler: ${detail}` : `Abgelehnt: ${detail}`)
      return 1
    }
    if (isUsageError(error)) {
      err(`${(error as Error).message}\nAufruf: npm run provider -- ${ACCOUNT_USAGE}`)
      return 1
    }
    throw error
  }
}
