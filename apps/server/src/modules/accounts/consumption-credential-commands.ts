/**
 * The provider's command line for a user's consumption-data credentials (decision 062):
 *   consumption-access create <Benutzer> --name <Name>   prints user name and password once
 *   consumption-access list <Benutzer>                    name, user name, created, last used
 *   consumption-access revoke <Benutzer> <Zugang>         by the credential's user name (vd-…)
 * Audited as the provider; the user sees them in "Mein Konto" like his own.
 */
import { parseArgs } from 'node:util'
import { ConsumptionCredentialInputSchema, TIME_ZONE } from '@portal/domain'
import { HttpError } from '../../platform/http-errors'
import type { Database } from '../../platform/persistence/database'
import { PROVIDER_USER } from '../../platform/persistence/actors'
import {
  createConsumptionCredential,
  credentialOwner,
  listConsumptionCredentials,
  revokeConsumptionCredential,
} from './consumption-credentials'

export const CONSUMPTION_ACCESS_USAGE =
  'consumption-access create <Benutzer> --name <Name> | consumption-access list <Benutzer> | consumption-access revoke <Benutzer> <Zugang>'

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
})
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '–')

/** Runs a `consumption-access` command; undefined for any other command. */
export async function runConsumptionAccessCommand(
  args: readonly string[],
  db: Database,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | undefined> {
  if (args[0] !== 'consumption-access') return undefined
  const usage = () => {
    err(`Aufruf: npm run provider -- ${CONSUMPTION_ACCESS_USAGE}`)
    return 1
  }
  let parsed
  try {
    parsed = parseArgs({
      args: args.slice(2),
      allowPositionals: true,
      strict: true,
      options: { name: { type: 'string' } },
    })
  } catch {
    return usage()
  }
  const { values, positionals } = parsed
  const command = args[1]
  const owner = positionals[0] ? await credentialOwner(db, positionals[0]) : null
  if (positionals[0] && !owner) {
    err(`Abgelehnt: Einen Benutzer ${positionals[0]} gibt es nicht.`)
    return 1
  }
  try {
    if (command === 'create' && owner && positionals.length === 1) {
      const input = ConsumptionCredentialInputSchema.safeParse({ name: values.name ?? '' })
      if (!input.success) {
        err(`Abgelehnt: ${input.error.issues[0]!.message} (--name)`)
        return 1
      }
      const created = await db.transaction((tx) =>
        createConsumptionCredential(tx, owner, input.data.name, PROVIDER_USER),
      )
      out(
        `Zugang „${created.name}“ für ${owner.userName} angelegt. Das Passwort wird nur jetzt angezeigt; gespeichert ist nur sein SHA-256:`,
      )
      out(`Benutzername: ${created.userName}`)
      out(`Passwort: ${created.password}`)
      return 0
    }
    if (command === 'list' && owner && positionals.length === 1 && values.name === undefined) {
      const items = await listConsumptionCredentials(db, owner)
      if (items.length === 0) out(`${owner.userName} hat keinen Zugang für die Verbrauchsdaten.`)
      for (const item of items) {
        out(
          `${item.userName}  ${item.name}  angelegt ${when(item.createdAt)}  zuletzt benutzt ${when(item.lastUsedAt)}`,
        )
      }
      return 0
    }
    if (command === 'revoke' && owner && positionals.length === 2 && values.name === undefined) {
      const item = (await listConsumptionCredentials(db, owner)).find(
        (i) => i.userName === positionals[1],
      )
      if (!item) {
        err(`Abgelehnt: ${owner.userName} hat keinen Zugang ${positionals[1]}.`)
        return 1
      }
      await db.transaction((tx) => revokeConsumptionCredential(tx, owner, item.id, PROVIDER_USER))
      out(`Zugang ${item.userName} von ${owner.userName} widerrufen.`)
      return 0
    }
    return usage()
  } catch (error) {
    if (error instanceof HttpError) {
      err(`Abgelehnt: ${error.detail}`)
      return 1
    }
    throw error
  }
}
