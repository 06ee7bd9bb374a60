/**
 * "Meine Daten herunterladen" (DSGVO Art. 15 and 20): a ZIP of what the portal holds of
 * the signed-in person, in machine-readable form: the profile, their actions from the audit log,
 * their reports (tenant changes, declines) and the files they uploaded, with their bytes. Built
 * on the server from rows selected by the person's user name alone, streamed as it is written.
 */
import { Readable } from 'node:stream'
import { asc, eq, sql } from 'drizzle-orm'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { sanitizeFileName } from '../../platform/files/file-name'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { chunkCountOf, readAttachmentChunk } from '../../platform/persistence/files'
import {
  activities,
  attachments,
  auditLog,
  secondFactors,
  users,
} from '../../platform/persistence/schema'

export const PERSONAL_DATA_USER_GONE = 'Ihr Benutzerkonto wurde nicht gefunden.'

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`)

function readme(userName: string, at: Date, counts: Record<string, number>): Uint8Array {
  return new TextEncoder().encode(
    [
      `Ihre Daten im Kundenportal, Benutzer ${userName}, erstellt am ${at.toISOString()}.`,
      '',
      'Auskunft und Datenübertragbarkeit nach Art. 15 und Art. 20 DSGVO. Enthalten sind:',
      '',
      '- profil.json: Ihr Benutzerkonto (ohne Passwort, Schlüssel und Wiederherstellungscodes).',
      `- aktionen.json: was Sie im Portal geändert haben, aus dem Protokoll (${counts.actions} Einträge).`,
      `- meldungen.json: Ihre Meldungen, z. B. Mieterwechsel und Ablehnungen (${counts.reports}).`,
      `- dateien.json und der Ordner dateien/: die Dateien, die Sie hochgeladen haben (${counts.files}),`,
      '  mit Name, Art, Größe und SHA-256-Prüfsumme.',
      '',
      'Abrechnungsdaten der Liegenschaften (Verträge, Geräte, Kosten) sind Daten Ihres',
      'Abrechnungsunternehmens und der Eigentümer; sie stehen im Portal selbst zum Export bereit.',
      '',
    ].join('\r\n'),
  )
}

interface Entry {
  name: string
  /** Already compressed files (PDF, images) are stored, text is deflated. */
  compress: boolean
  mtime?: Date
  data: Uint8Array | AsyncIterable<Uint8Array>
}

/** The ZIP of the entries, produced as the answer takes it (one piece of data at a time). */
async function* zipOf(entries: AsyncIterable<Entry>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else out.push(chunk)
  })
  function* drain() {
    if (failure) throw failure
    while (out.length > 0) yield out.shift()!
  }
  for await (const entry of entries) {
    const file: ZipDeflate | ZipPassThrough = entry.compress
      ? new ZipDeflate(entry.name, { level: 6 })
      : new ZipPassThrough(entry.name)
    if (entry.mtime) file.mtime = entry.mtime
    zip.add(file)
    if (entry.data instanceof Uint8Array) {
      file.push(entry.data, true)
      yield* drain()
      continue
    }
    for await (const bytes of entry.data) {
      file.push(bytes)
      yield* drain()
    }
    file.push(new Uint8Array(0), true)
    yield* drain()
  }
  zip.end()
  yield* drain()
}

/** The bytes of a stored file, chunk by chunk. */
async function* attachmentBytes(
  db: Executor,
  file: { attachment: string; size: number },
): AsyncGenerator<Uint8Array> {
  for (let chunk = 0; chunk < chunkCountOf(file.size); chunk++) {
    const bytes = await readAttachmentChunk(db, file.attachment, chunk)
    if (!bytes) throw new Error(`Der Inhalt der Datei ${file.attachment} fehlt (Teil ${chunk}).`)
    yield bytes
  }
}

/** The person's data as a ZIP stream; 404 when the account is gone. */
export async function personalDataZip(
  db: Executor,
  userName: string,
  now = new Date(),
): Promise<Readable> {
  const [user] = await db
    .select({
      userName: users.userName,
      name: users.name,
      mail: users.mail,
      companyCode: users.companyCode,
      businessPartner: users.businessPartner,
      createdAt: users.createdAt,
      signedOutEverywhereAt: users.signedOutEverywhereAt,
      // whether and since when, never the secret or the recovery codes
      secondFactorSince: sql<
        string | null
      >`(select ${secondFactors.confirmedAt} from ${secondFactors} where ${secondFactors.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.userName, userName))
  if (!user) throw notFound(PERSONAL_DATA_USER_GONE)
  const actions = await db
    .select({
      sequence: auditLog.seq,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityKey: auditLog.entityKey,
      before: auditLog.before,
      after: auditLog.after,
      hash: auditLog.hash,
    })
    .from(auditLog)
    .where(eq(auditLog.userName, userName))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
  const reports = await db
    .select({
      id: activities.id,
      at: activities.createdAt,
      activityType: activities.activityType,
      objectType: activities.objectType,
      objectKey: activities.objectKey,
      status: activities.status,
      content: activities.payload,
      attachment: activities.attachment,
    })
    .from(activities)
    .where(eq(activities.createdBy, userName))
    .orderBy(asc(activities.createdAt))
  const files = await db
    .select({
      attachment: attachments.attachment,
      fileName: attachments.fileName,
      mediaType: attachments.mediaType,
      size: attachments.size,
      sha256: attachments.sha256,
      objectType: attachments.objectType,
      objectKey: attachments.objectKey,
      note: attachments.note,
      uploadedAt: attachments.createdAt,
    })
    .from(attachments)
    .where(eq(attachments.uploadedBy, userName))
    .orderBy(asc(attachments.createdAt))
  const listed = files.map((file) => ({
    ...file,
    path: `dateien/${file.attachment.slice(0, 8)}-${sanitizeFileName(file.fileName)}`,
  }))
  async function* entries(): AsyncGenerator<Entry> {
    const counts = { actions: actions.length, reports: reports.length, files: files.length }
    yield { name: 'LIESMICH.txt', compress: true, mtime: now, data: readme(userName, now, counts) }
    yield { name: 'profil.json', compress: true, mtime: now, data: json(user) }
    yield { name: 'aktionen.json', compress: true, mtime: now, data: json(actions) }
    yield { name: 'meldungen.json', compress: true, mtime: now, data: json(reports) }
    yield { name: 'dateien.json', compress: true, mtime: now, data: json(listed) }
    for (const file of listed) {
      yield {
        name: file.path,
        compress: file.mediaType.startsWith('text/'),
        mtime: new Date(file.uploadedAt),
        data: attachmentBytes(db, file),
      }
    }
  }
  return Readable.from(zipOf(entries()), { objectMode: false, highWaterMark: 1 })
}
