/**
 * Decision 063: the users of a property from the manager's ERP, as a bved DTM file (L and M
 * records). The file is read against the property (its billing number, its units by theirs, their
 * contracts and the tenant change reports still open), and either shown (`dryRun`) or taken over
 * in one transaction, all or none: each new user becomes a tenant change report through
 * `createActivity`, the function and the schema of the form (audited, in the changes feed, in the
 * notifications). A file taken over once for a property (by its SHA-256) reports nothing again.
 */
import { createHash } from 'node:crypto'
import {
  ActivityInputSchema,
  bvedUserSummary,
  contractName,
  isBvedUserReadingClean,
  readBvedFile,
  readBvedUsers,
  TENANT_CHANGE_ACTIVITY,
  TENANT_CHANGE_OBJECT_TYPE,
  type BvedUserPreview,
  type BvedUserTarget,
  type BvedUserUnit,
  type UnitContract,
} from '@portal/domain'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { notFound, unprocessable } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import {
  activities,
  bvedUserImports,
  connections,
  contractAccounts,
  contracts,
  partners,
  pointsOfDelivery,
} from '../../platform/persistence/schema'
import {
  visiblePartner,
  visibleThroughProperty,
  type SessionUser,
} from '../../platform/persistence/scope'
import { inTransaction } from '../../platform/persistence/transaction'
import { createActivity } from './activities'

/** A DTM file of a property holds an L record and some dozen M records of 2 KB: 2 MB is plenty. */
export const BVED_USERS_FILE_MAX_BYTES = 2 * 1024 * 1024
export const PROPERTY_NOT_FOUND_MESSAGE = 'Die Liegenschaft wurde nicht gefunden.'
export const BVED_USERS_FILE_INVALID_MESSAGE =
  'Die Datei enthält Fehler; übernommen wurde nichts. Die Vorschau nennt jeden Fehler an seiner Zeile.'
/** The statuses of a tenant change report the provider has not finished. */
const OPEN_REPORT_STATUSES = ['EINGEGANGEN', 'IN_BEARBEITUNG']

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The property (a top-level connection) the user sees, or undefined. */
export async function findVisibleProperty(db: Executor, user: SessionUser, connection: string) {
  const [property] = await db
    .select({
      connection: connections.connection,
      companyCode: connections.companyCode,
      propertyNumber: connections.bvedPropertyNumber,
    })
    .from(connections)
    .where(
      and(
        eq(connections.connection, connection),
        isNull(connections.parentConnection),
        visibleThroughProperty(user, connections),
      ),
    )
  return property
}

/** The property's units with their address, contracts and open reports: what a file is read against. */
async function userTarget(
  tx: Executor,
  user: SessionUser,
  property: { connection: string; propertyNumber: string | null },
): Promise<BvedUserTarget> {
  const units = await tx
    .select({
      pointOfDelivery: pointsOfDelivery.pointOfDelivery,
      reference: pointsOfDelivery.reference,
      bvedUnitNumber: pointsOfDelivery.bvedUnitNumber,
      street: pointsOfDelivery.street,
      houseNumber: pointsOfDelivery.houseNumber,
      houseNumberSuffix: pointsOfDelivery.houseNumberSuffix,
      postalCode: connections.postalCode,
      town: connections.city,
    })
    .from(pointsOfDelivery)
    .innerJoin(connections, eq(connections.connection, pointsOfDelivery.connection))
    .where(
      and(
        eq(pointsOfDelivery.propertyConnection, property.connection),
        visibleThroughProperty(user, pointsOfDelivery),
      ),
    )
    .orderBy(asc(pointsOfDelivery.reference))
  const contractRows = await tx
    .select({
      pointOfDelivery: contracts.pointOfDelivery,
      contract: contracts.key,
      businessPartner: contracts.businessPartner,
      from: contracts.from,
      until: contracts.until,
      contractAccountType: contractAccounts.contractAccountType,
      name1: partners.name1,
      name2: partners.name2,
    })
    .from(contracts)
    .innerJoin(contractAccounts, eq(contractAccounts.contractAccount, contracts.contractAccount))
    .leftJoin(
      partners,
      and(eq(partners.businessPartner, contracts.businessPartner), visiblePartner(user, partners)),
    )
    .where(
      and(
        eq(contracts.propertyConnection, property.connection),
        visibleThroughProperty(user, contracts),
      ),
    )
  const reports = await tx
    .select({ pointOfDelivery: activities.objectKey, payload: activities.payload })
    .from(activities)
    .where(
      and(
        eq(activities.propertyConnection, property.connection),
        eq(activities.activityType, TENANT_CHANGE_ACTIVITY),
        inArray(activities.status, OPEN_REPORT_STATUSES),
        visibleThroughProperty(user, activities),
      ),
    )
  const contractsOf = new Map<string, UnitContract[]>()
  for (const { pointOfDelivery, name1, name2, ...row } of contractRows) {
    const list = contractsOf.get(pointOfDelivery) ?? []
    list.push({ ...row, name: contractName({ name1, name2 }) || row.businessPartner })
    contractsOf.set(pointOfDelivery, list)
  }
  const reportsOf = new Map<string, string[]>()
  for (const report of reports) {
    const moveOut = (report.payload as { AUSZUG?: unknown } | null)?.AUSZUG
    if (typeof moveOut !== 'string') continue
    reportsOf.set(report.pointOfDelivery, [
      ...(reportsOf.get(report.pointOfDelivery) ?? []),
      moveOut,
    ])
  }
  return {
    propertyNumber: property.propertyNumber,
    units: units.map((unit): BvedUserUnit => ({
      pointOfDelivery: unit.pointOfDelivery,
      reference: unit.reference,
      bvedUnitNumber: unit.bvedUnitNumber,
      address: {
        street: unit.street,
        houseNumber: `${unit.houseNumber}${unit.houseNumberSuffix ?? ''}`,
        postalCode: unit.postalCode,
        town: unit.town,
      },
      contracts: contractsOf.get(unit.pointOfDelivery) ?? [],
      openReports: reportsOf.get(unit.pointOfDelivery) ?? [],
    })),
  }
}

/**
 * POST bved-users: the preview (`dryRun`), or every report of the file in one transaction; 422
 * when the file has an error (nothing is written), 404 for a property the user does not see.
 */
export async function takeOverBvedUsers(
  db: Executor,
  user: SessionUser,
  connection: string,
  file: { fileName: string; bytes: Uint8Array },
  options: { dryRun: boolean },
): Promise<BvedUserPreview> {
  return inTransaction(db, async (tx) => {
    const property = await findVisibleProperty(tx, user, connection)
    if (!property) throw notFound(PROPERTY_NOT_FOUND_MESSAGE)
    if (!options.dryRun) {
      // one take-over of a property at a time: the second waits and finds the first's reports
      await tx
        .select({ connection: connections.connection })
        .from(connections)
        .where(eq(connections.connection, connection))
        .for('update')
    }
    const digest = sha256(file.bytes)
    const [before] = await tx
      .select({ id: bvedUserImports.id })
      .from(bvedUserImports)
      .where(
        and(eq(bvedUserImports.propertyConnection, connection), eq(bvedUserImports.sha256, digest)),
      )
    const reading = readBvedUsers(readBvedFile(file.bytes), await userTarget(tx, user, property), {
      fileName: file.fileName,
    })
    const answer: BvedUserPreview = {
      fileName: file.fileName,
      dryRun: true,
      alreadyImported: false,
      clean: isBvedUserReadingClean(reading),
      summary: bvedUserSummary(reading),
      rows: reading.rows,
      errors: reading.errors,
      created: 0,
    }
    if (before) return { ...answer, dryRun: options.dryRun, alreadyImported: true }
    if (options.dryRun) return answer
    if (!answer.clean) throw unprocessable(BVED_USERS_FILE_INVALID_MESSAGE, 'BVED_FILE_INVALID')
    let created = 0
    for (const row of reading.rows) {
      if (row.kind !== 'tenantChange' || !row.report || !row.unit) continue
      // the form's schema and the form's use case: the same rules, audit and notifications
      const input = ActivityInputSchema.parse({
        activityType: TENANT_CHANGE_ACTIVITY,
        objectType: TENANT_CHANGE_OBJECT_TYPE,
        objectKey: row.unit.pointOfDelivery,
        payload: row.report,
      })
      await createActivity(tx, user, input, null)
      created++
    }
    await tx.insert(bvedUserImports).values({
      companyCode: property.companyCode,
      propertyConnection: connection,
      sha256: digest,
      fileName: file.fileName,
      reports: created,
      importedBy: user.userName,
    })
    return { ...answer, dryRun: false, created }
  })
}
