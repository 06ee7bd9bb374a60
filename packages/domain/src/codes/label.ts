/** A code table: code -> German label. */
export type CodeTable = Readonly<Record<string, string>>

/** The German label of a code, or the code itself when the table does not know it ('' for none). */
export function label(table: CodeTable, code: string | null | undefined): string {
  if (code === null || code === undefined) return ''
  return Object.hasOwn(table, code) ? (table[code] ?? code) : code
}

/** The codes of a table as a non-empty tuple, e.g. for `z.enum(codesOf(CONTRACT_STATUS))`. */
export function codesOf<T extends CodeTable>(
  table: T,
): [keyof T & string, ...(keyof T & string)[]] {
  const codes = Object.keys(table) as (keyof T & string)[]
  const [first, ...rest] = codes
  if (first === undefined) throw new RangeError('Empty code table')
  return [first, ...rest]
}
