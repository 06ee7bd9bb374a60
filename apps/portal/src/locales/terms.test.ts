/**
 * Decision 044: one German word per concept, in everything a user reads: the portal's German
 * catalogues (shared and per feature), the customers' FAQ, the domain's code labels and messages,
 * and the server's German messages. A variant that crept in fails here with the file that holds it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { EXPENSE_OBJECT_TYPES } from '@portal/domain'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../../..')

/** The variant, and the word the product uses for its concept. */
const FORBIDDEN: { variant: RegExp; use: string }[] = [
  // the usage unit (flat, shop) of a property: ARCHITECTURE 3.2 "Nutzeinheiten"
  { variant: /Nutzungseinheit/, use: 'Nutzeinheit' },
  // NUTZGRUPPE groups units by their use (Wohnen, Gewerbe); "Nutzungsgruppe" read as a second word
  // for the Nutzergruppe (NUTZERGRUPPE, a group of users such as the lift's users)
  { variant: /Nutzungsgruppe/, use: 'Nutzungsart' },
]

/** Every file below `folder` (without node_modules and builds) whose name passes `keep`. */
function filesBelow(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name)
    if (statSync(file).isDirectory()) {
      return name === 'node_modules' || name === 'dist' ? [] : filesBelow(file, keep)
    }
    return keep(name) ? [file] : []
  })
}

const source = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)

const TEXTS = [
  ...filesBelow(path.join(ROOT, 'apps/portal/src/locales/de'), (name) => name.endsWith('.json')),
  ...filesBelow(path.join(ROOT, 'apps/portal/src/features'), (name) => name.endsWith('.de.json')),
  ...filesBelow(path.join(ROOT, 'apps/portal/src/components'), (name) => name.endsWith('.de.json')),
  ...filesBelow(path.join(ROOT, 'customers'), (name) => name.endsWith('.de-DE.json')),
  ...filesBelow(path.join(ROOT, 'packages/domain/src'), source),
  ...filesBelow(path.join(ROOT, 'apps/server/src'), source),
  ...filesBelow(path.join(ROOT, 'apps/portal/src'), source),
]

describe('one word per concept', () => {
  it('reads the German catalogues, the FAQ and the sources of domain, server and portal', () => {
    const relative = TEXTS.map((file) => path.relative(ROOT, file))
    expect(relative).toContain('apps/portal/src/locales/de/catalogue.json')
    expect(relative).toContain('packages/domain/src/codes/costs.ts')
    expect(relative).toContain('customers/alpha-waerme/faq.de-DE.json')
    expect(relative.some((file) => file.startsWith('apps/server/src/modules/'))).toBe(true)
  })

  it.each(FORBIDDEN)('no text says $variant (the product says $use)', ({ variant }) => {
    const found = TEXTS.filter((file) => variant.test(readFileSync(file, 'utf8'))).map((file) =>
      path.relative(ROOT, file),
    )
    expect(found).toEqual([])
  })

  it('names the two kinds of group and the usage unit apart', () => {
    expect(EXPENSE_OBJECT_TYPES.NUTZUNGSEINHEIT).toBe('Nutzeinheit')
    expect(EXPENSE_OBJECT_TYPES.NUTZERGRUPPE).toBe('Nutzergruppe')
    expect(EXPENSE_OBJECT_TYPES.NUTZGRUPPE).toBe('Nutzungsart')
  })
})
