/** Calls to the portal API: signing in, replaying recorded portal calls, and the fixtures the scenarios need. */
import { DEMO_PASSWORD } from '../apps/server/src/platform/auth/demo-password'
import { buildPdf } from '../apps/server/src/platform/files/pdf'
import { type RecordedCall } from './portal'
import { USER, EXPENSE_LINES, ATTACHMENT_BYTES } from './config'

// -- API ----------------------------------------------------------------------------------------

export async function call(
  baseUrl: string,
  token: string | null,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; bytes: number }> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const buffer = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? ''
  const json: unknown = type.includes('json') ? JSON.parse(buffer.toString('utf8')) : undefined
  return { status: response.status, json, bytes: buffer.length }
}

/** A JSON Web Token, e.g. the one the legacy route's form field carries in its JSON. */
export const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g

/** A recorded body with the recording's token replaced by ours. */
export const withToken = (body: string | undefined, token: string) => body?.replace(JWT, token)

/** A recorded call as it is, body and content type included (the legacy route is form-encoded). */
export async function sendRecorded(
  baseUrl: string,
  token: string,
  request: ReplayedCall,
): Promise<{ status: number; json: unknown; bytes: number; etag: string | null }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (request.body !== undefined)
    headers['content-type'] = request.contentType ?? 'application/json'
  if (request.ifNoneMatch) headers['if-none-match'] = request.ifNoneMatch
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body: withToken(request.body, token),
  })
  const buffer = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? ''
  const json: unknown =
    type.includes('json') && buffer.length > 0 ? JSON.parse(buffer.toString('utf8')) : undefined
  return { status: response.status, json, bytes: buffer.length, etag: response.headers.get('etag') }
}

/** A recorded call as replayed, with the validator of an earlier answer when it had one. */
export type ReplayedCall = RecordedCall & { ifNoneMatch?: string }

/**
 * The calls again as the portal sends them a second time (decision 010): each read with the ETag its
 * first answer carried, so that an unchanged answer is a 304.
 */
export async function withValidators(
  baseUrl: string,
  token: string,
  calls: RecordedCall[],
): Promise<ReplayedCall[]> {
  const replayed: ReplayedCall[] = []
  for (const call of calls) {
    const { etag } = await sendRecorded(baseUrl, token, call)
    replayed.push(etag ? { ...call, ifNoneMatch: etag } : call)
  }
  return replayed
}

export async function signIn(baseUrl: string, userName: string = USER): Promise<string> {
  const answer = await call(baseUrl, null, 'POST', '/api/token', {
    username: userName,
    password: DEMO_PASSWORD,
  })
  const token = (answer.json as { token?: string } | undefined)?.token
  if (answer.status !== 200 || !token)
    throw new Error(`Anmeldung ${userName} fehlgeschlagen (${answer.status})`)
  return token
}

export type ExpenseLine = Record<string, string | number | boolean | null>

/** The lines of the working-cost list of a distribution. */
export async function expenseLines(
  baseUrl: string,
  token: string,
  id: string,
): Promise<ExpenseLine[]> {
  const answer = await call(
    baseUrl,
    token,
    'POST',
    `/api/persistence/operating-costs/${id}/working-expenses?limit=9999`,
    {},
  )
  if (answer.status !== 200) throw new Error(`Kostenliste ${id}: ${answer.status}`)
  return (answer.json as { operatingCostsWorkingExpense: ExpenseLine[] })
    .operatingCostsWorkingExpense
}

export const INPUT_FIELDS = [
  'tariffComponent',
  'object',
  'allocationRef',
  'key',
  'from',
  'until',
  'quantity',
  'unit',
  'amountTransactionCurrency',
  'apportionableAmount',
  'deductibleAmount',
  'amountNet',
  'amountNetApportionable',
]

/**
 * An expense line as the add route takes it: the input fields that are set. A copy is a second
 * line of its cost type in the same period, which the server adds only when the user confirmed it
 * (decision 036), as the portal's question does.
 */
export function asInput(line: ExpenseLine, note: string): ExpenseLine {
  const input: ExpenseLine = { note, confirmSecondLine: true }
  for (const field of INPUT_FIELDS) if (line[field] != null) input[field] = line[field]
  return input
}

export interface Fixtures {
  distribution: string
  expenseLines: number
  attachment: string
  attachmentBytes: number
}

/** The open distributions the user sees (status O), by number. */
export async function openDistributions(baseUrl: string, token: string): Promise<string[]> {
  const search = await call(baseUrl, token, 'POST', '/api/persistence/operating-costs-search', {
    filters: [{ property: 'operatingCostsDistributionStatus', type: 'eq', value: 'O' }],
    sort: [{ property: 'operatingCostsDistribution', order: 'asc' }],
  })
  if (search.status !== 200) throw new Error(`Suche der Verteilungen: ${search.status}`)
  return (search.json as { items: { operatingCostsDistribution: string }[] }).items.map(
    (item) => item.operatingCostsDistribution,
  )
}

/** An open distribution with 500 working-cost lines, and a 5 MB PDF uploaded to it. */
export async function createFixtures(baseUrl: string, token: string): Promise<Fixtures> {
  const [distribution] = await openDistributions(baseUrl, token)
  if (!distribution) throw new Error('Keine offene Verteilung gefunden.')
  const route = `/api/persistence/operating-costs/${distribution}/working-expenses`
  let lines = await expenseLines(baseUrl, token, distribution)
  // the first line the server accepts as a copy is the pattern for the others
  let pattern: ExpenseLine | undefined
  for (const line of lines) {
    const added = await call(baseUrl, token, 'POST', route, {
      operatingCostsWorkingExpense: [asInput(line, 'Benchmark 1')],
    })
    if (added.status === 201) {
      pattern = line
      break
    }
  }
  if (!pattern) throw new Error(`Keine Kostenzeile von ${distribution} lässt sich kopieren.`)
  lines = await expenseLines(baseUrl, token, distribution)
  while (lines.length < EXPENSE_LINES) {
    const batch = Array.from({ length: Math.min(50, EXPENSE_LINES - lines.length) }, (_, i) =>
      asInput(pattern, `Benchmark ${lines.length + i + 1}`),
    )
    const added = await call(baseUrl, token, 'POST', route, { operatingCostsWorkingExpense: batch })
    if (added.status !== 201) throw new Error(`Kostenzeilen hinzufügen: ${added.status}`)
    lines = await expenseLines(baseUrl, token, distribution)
  }

  // a valid PDF, its content stream long enough for 5 MB (text off the page is still valid)
  const text = `Kostenbeleg Benchmark ${'Heizkosten Wartung Messdienst '.repeat(30)}`
  const lineBytes =
    buildPdf('Beleg', [{ text }, { text }]).size - buildPdf('Beleg', [{ text }]).size
  const count = Math.ceil(ATTACHMENT_BYTES / lineBytes)
  const pdf = buildPdf(
    'Kostenbeleg Benchmark',
    Array.from({ length: count }, () => ({ text, size: 2, gap: 0 })),
  )
  const form = new FormData()
  form.set('objectType', 'KOSTENBELEG')
  form.set('objectKey', distribution)
  form.set('note', 'Benchmark 5 MB')
  form.set(
    'file',
    new Blob([new Uint8Array(pdf.content)], { type: 'application/pdf' }),
    'benchmark-5mb.pdf',
  )
  const upload = await fetch(`${baseUrl}/api/processes/system/file-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const uploaded = (await upload.json()) as { attachment?: string; detail?: string }
  if (upload.status !== 200 || !uploaded.attachment) {
    throw new Error(`Upload: ${upload.status} ${uploaded.detail ?? ''}`)
  }
  return {
    distribution,
    expenseLines: lines.length,
    attachment: uploaded.attachment,
    attachmentBytes: pdf.size,
  }
}
