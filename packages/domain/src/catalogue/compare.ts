/**
 * Holds a table's columns against the catalogue: the data model (Drizzle) is the only other
 * hand-written description of an entity beside its migration, and this is where the two must agree.
 * Pure: the caller reads the columns off its table (see apps/server/test/catalogue.test.ts).
 */
import { columnNameOf, type CatalogueEntity } from './entity'
import type { ColumnDefault, FieldKind } from './field'

/** What the comparison needs to know of a column. */
export interface ColumnFacts {
  /** The SQL name. */
  name: string
  /** The SQL type as the migration writes it: 'text', 'numeric(15, 2)', 'timestamp with time zone' … */
  sqlType: string
  notNull: boolean
  primaryKey: boolean
  /** The default: a value, an SQL expression, or undefined for none. */
  default: ColumnDefault | undefined
}

/** The SQL types a field of each kind may have. */
export const COLUMN_TYPES: Readonly<Record<FieldKind, readonly string[]>> = {
  text: ['text'],
  digits: ['text'],
  key: ['text'],
  code: ['text'],
  sha256: ['text'],
  date: ['date'],
  timestamp: ['timestamp with time zone'],
  amount: ['numeric(15, 2)'],
  quantity: ['numeric(14, 3)'],
  integer: ['integer'],
  serial: ['bigserial'],
  boolean: ['boolean'],
  uuid: ['uuid'],
}

const show = (value: ColumnDefault | undefined) =>
  value === undefined ? 'keiner' : typeof value === 'object' ? value.sql : JSON.stringify(value)

/**
 * Where the table's columns and the entity's catalogue disagree, one German line each; [] when they
 * agree. `internal` names the table's columns that are no field, each with the reason.
 */
export function catalogueDisagreements(
  entity: CatalogueEntity,
  columns: readonly ColumnFacts[],
  internal: Readonly<Record<string, string>> = {},
): string[] {
  const lines: string[] = []
  const byName = new Map(columns.map((column) => [column.name, column]))
  const described = new Set(Object.keys(internal))
  for (const [name, field] of Object.entries(entity.fields)) {
    const at = `${entity.table}.${name}`
    const sqlName = columnNameOf(name, field)
    described.add(sqlName)
    const column = byName.get(sqlName)
    if (!column) {
      lines.push(`${at}: die Tabelle hat keine Spalte ${sqlName}`)
      continue
    }
    if (column.notNull === field.isNullable) {
      lines.push(
        field.isNullable
          ? `${at}: die Spalte ${sqlName} ist not null, der Katalog lässt null zu`
          : `${at}: die Spalte ${sqlName} lässt null zu, der Katalog nicht`,
      )
    }
    const types = COLUMN_TYPES[field.kind]
    if (!types.includes(column.sqlType)) {
      lines.push(
        `${at}: die Spalte ${sqlName} hat den Typ ${column.sqlType}, ein Feld der Art ${field.kind} braucht ${types.join(' oder ')}`,
      )
    }
    const expected = column.primaryKey ? column.default : field.defaultValue
    if (show(expected) !== show(column.default)) {
      lines.push(
        `${at}: Default der Spalte ${sqlName} ${show(column.default)}, laut Katalog ${show(field.defaultValue)}`,
      )
    }
  }
  for (const column of columns) {
    if (!described.has(column.name)) {
      lines.push(
        `${entity.table}: die Spalte ${column.name} steht weder im Katalog noch unter den internen Spalten`,
      )
    }
  }
  for (const name of Object.keys(internal)) {
    if (!byName.has(name)) lines.push(`${entity.table}: die interne Spalte ${name} gibt es nicht`)
  }
  return lines
}
