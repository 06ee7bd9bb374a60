/**
 * The provider's own steps (ARCHITECTURE 3.2) until a back office exists: distribute (E -> V),
 * release (V -> F), cancel (-> S), and the automatic approval on demand. Each is checked against
 * the domain's transition table and audited as user 'provider'.
 */
import { DISTRIBUTION_STATUS, type DistributionStatus } from '@portal/domain'
import { PROVIDER_USER } from '../../platform/persistence/actors'
import type { Database } from '../../platform/persistence/database'
import type { DistributionRow } from '../costs/index'
import { autoApproveDistributions } from '../costs/index'
import { changeDistributionStatusById } from '../costs/index'

export const PROVIDER_STEPS = {
  distribute: { to: 'V', done: 'verteilt' },
  release: { to: 'F', done: 'freigegeben' },
  cancel: { to: 'S', done: 'storniert' },
} as const satisfies Record<string, { to: DistributionStatus; done: string }>
export type ProviderStep = keyof typeof PROVIDER_STEPS

export function isProviderStep(value: string): value is ProviderStep {
  return Object.hasOwn(PROVIDER_STEPS, value)
}

/**
 * Runs one step on one distribution, audited as `userName` (the command line's `provider`, or the
 * API key's `provider:<name>`); answers the changed row and the German result line, or throws
 * (HttpError).
 */
export async function performProviderStep(
  db: Database,
  step: ProviderStep,
  distribution: string,
  userName = PROVIDER_USER,
): Promise<{ changed: DistributionRow; message: string }> {
  const { to, done } = PROVIDER_STEPS[step]
  const changed = await db.transaction((tx) =>
    changeDistributionStatusById(tx, distribution, to, userName),
  )
  const message = `Kostenverteilung ${distribution} wurde ${done} (Status ${to} – ${DISTRIBUTION_STATUS[to]}, Version ${changed.version}).`
  return { changed, message }
}

/** Runs one step on one distribution; answers the German result line, or throws (HttpError). */
export async function runProviderStep(
  db: Database,
  step: ProviderStep,
  distribution: string,
): Promise<string> {
  return (await performProviderStep(db, step, distribution)).message
}

/** The automatic approval on demand; answers the German result line. */
export async function runAutoApproval(db: Database, today?: string): Promise<string> {
  const approved = await autoApproveDistributions(db, {
    userName: PROVIDER_USER,
    ...(today === undefined ? {} : { today }),
  })
  return approved.length === 0
    ? 'Keine Kostenverteilung war zur automatischen Genehmigung fällig.'
    : `${approved.length} Kostenverteilung(en) automatisch genehmigt: ${approved.join(', ')}.`
}
