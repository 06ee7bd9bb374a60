/**
 * Decision 050: one locale layout. What the entry loads is `locales/{de,en}.json` (the shell, the
 * shared components, the sign-in); each feature's texts are `features/<f>/locales/{de,en}.json`,
 * added when the feature's code loads. These tests read every catalogue of the portal.
 */
import { describe, expect, it } from 'vitest'
import de from './de.json'
import en from './en.json'

/** Every key path of a nested catalogue, e.g. `auth.login.title`. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

/** The key paths whose text is empty or not a text. */
function emptyTexts(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? emptyTexts(value as object, `${prefix}${key}.`)
      : typeof value === 'string' && value.trim() !== ''
        ? []
        : [`${prefix}${key}`],
  )
}

/** Every catalogue file beside the entry's, by path relative to this folder. */
const loadedOnDemand = import.meta.glob<{ default: object }>(
  ['../features/*/locales/*.json', '../components/**/*.json'],
  { eager: true },
)

/** All German catalogues with their English counterpart: the entry's and the others. */
const pairs: [string, object, object | undefined][] = [
  ['./de.json', de, en],
  ...Object.keys(loadedOnDemand)
    .filter((file) => /(^|[./])de\.json$/.test(file))
    .map((file): [string, object, object | undefined] => [
      file,
      loadedOnDemand[file]!.default,
      loadedOnDemand[file.replace(/de\.json$/, 'en.json')]?.default,
    ]),
]

describe('catalogues', () => {
  it('reads the entry’s, every feature’s and the shared components’ catalogues', () => {
    const files = pairs.map(([file]) => file)
    expect(files).toContain('./de.json')
    expect(files).toContain('../features/costs/locales/de.json')
    expect(files).toContain('../components/second-factor/second-factor.de.json')
    expect(files).toContain('../components/leave-question.de.json')
    expect(files.length).toBeGreaterThan(15)
  })

  it('a feature’s texts are its locales/de.json and locales/en.json', () => {
    const misplaced = Object.keys(loadedOnDemand).filter(
      (file) =>
        file.startsWith('../features/') &&
        !/^\.\.\/features\/[^/]+\/locales\/(de|en)\.json$/.test(file),
    )
    expect(misplaced).toEqual([])
  })

  it.each(pairs)('%s: German and English hold the same keys', (_file, german, english) => {
    expect(english).toBeDefined()
    expect(keys(english!).sort()).toEqual(keys(german).sort())
  })

  it.each(pairs)('%s: no text is empty', (_file, german, english) => {
    expect(emptyTexts(german)).toEqual([])
    expect(emptyTexts(english ?? {})).toEqual([])
  })

  it('knows an empty text when it sees one', () => {
    expect(emptyTexts({ a: { b: '', c: 'C', d: ' ' } })).toEqual(['a.b', 'a.d'])
  })

  it('holds each key in one catalogue only', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const [file, german] of pairs) {
      for (const key of keys(german)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} und ${file}`)
        seen.set(key, file)
      }
    }
    expect(twice).toEqual([])
  })

  it('holds every label of the specification’s German catalogue', () => {
    const all = pairs.flatMap(([, german]) => keys(german))
    for (const label of [
      'REFERENZ',
      'VKONTO',
      'VTSTATUS',
      'BEGINN',
      'ENDE',
      'BRUTTO',
      'NETTO',
      'MENGE',
      'BETRAG_T',
      'NETTO_U',
      'VERSBEREICH',
      'SERIALNR',
      'ASTAND',
      'DIFFREAD',
      'MASSREAD_TXT',
      'BELEGNR',
      'FAELLIGDATUM',
      'AUSZUG',
      'POSTFACH',
      'IDENT',
    ]) {
      expect(
        all.some((key) => key.endsWith(`.${label}`)),
        label,
      ).toBe(true)
    }
  })
})
