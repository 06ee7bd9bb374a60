/**
 * The FAQ of every customer names buttons, tabs and menu entries in quotes („Kosten erfasst“). Each
 * such name must be a text the portal shows: a string of the German catalogues (read from
 * locales/de.json and the features' locales/de.json at run time, so that a renamed label fails here
 * until the FAQ follows), a label of the domain's code tables (the statuses „offen“, „genehmigt“), or a text
 * of the customer's own configuration. And every FAQ answers the questions about what the portal
 * added since it was first written (decision 044).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as domain from '@portal/domain'
import { describe, expect, it } from 'vitest'

const CUSTOMERS = path.resolve(import.meta.dirname, '../../../../../customers')
const PORTAL = path.resolve(import.meta.dirname, '../..')

/** Every string inside a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf)
  return []
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))

/** The texts in German („…“) or straight ("…") quotes. */
function quotedNames(text: string): string[] {
  return [...text.matchAll(/„([^“”]+)[“”]|"([^"]+)"/g)].map((match) =>
    (match[1] ?? match[2]!).trim(),
  )
}

/** Every file below `folder` whose name passes `keep`. */
function filesBelow(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) return filesBelow(file, keep)
    return keep(entry.name) ? [file] : []
  })
}

/**
 * The strings of all German catalogue files (decision 050): the entry's `locales/de.json`, each
 * feature's `locales/de.json` and the `*.de.json` beside a screen or component.
 */
function germanCatalogue(): string[] {
  return filesBelow(PORTAL, (name) => name === 'de.json' || name.endsWith('.de.json')).flatMap(
    (file) => stringsOf(readJson(file)),
  )
}

/** The labels of the domain's code tables: exported objects whose values are all texts. */
function codeLabels(): string[] {
  return Object.values(domain).flatMap((value) =>
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).length > 0 &&
    Object.values(value).every((label) => typeof label === 'string')
      ? (Object.values(value) as string[])
      : [],
  )
}

/**
 * Whether `name` is one of `texts`, exactly: a text with a placeholder ("Beleg {{number}}") names
 * no button the FAQ could quote, and would take nearly anything.
 */
function isShownText(name: string, texts: readonly string[]): boolean {
  return texts.includes(name)
}

const customers = readdirSync(CUSTOMERS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

describe('the names the FAQ quotes', () => {
  it('finds the four customers and the quotes of their FAQ', () => {
    expect(customers).toHaveLength(4)
    expect(quotedNames('Wählen Sie „Kosten erfasst“ oder "Konto".')).toEqual([
      'Kosten erfasst',
      'Konto',
    ])
  })

  it('tells a label of the portal from one it does not have', () => {
    const texts = germanCatalogue()
    expect(isShownText('Kosten erfasst', texts)).toBe(true)
    for (const missing of [
      'Neue Kosten hinzufügen',
      'Beleg hochladen',
      'Startseite',
      'kosten erfasst',
    ]) {
      expect(isShownText(missing, texts), missing).toBe(false)
    }
  })

  it.each(customers)('%s: every quoted name is a text the portal shows', (customer) => {
    const faq = domain.FaqSchema.parse(readJson(path.join(CUSTOMERS, customer, 'faq.de-DE.json')))
    const texts = [
      ...germanCatalogue(),
      ...codeLabels(),
      ...stringsOf(readJson(path.join(CUSTOMERS, customer, 'config.json'))),
    ]
    const names = faq.sections.flatMap((section) =>
      section.items.flatMap((item) => [...quotedNames(item.question), ...quotedNames(item.answer)]),
    )
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((name) => !isShownText(name, texts))).toEqual([])
  })
})

/**
 * Decision 044: what each FAQ must answer of the features added since it was written, each as a
 * pattern its questions or answers must match.
 */
const TOPICS: [string, RegExp][] = [
  ['setting up the second factor', /Zwei-Faktor-Anmeldung einrichten/],
  ['recovery codes', /Wiederherstellungscodes?/],
  ['a lost device', /(verloren|Verlust)/],
  ['previous-year values', /Vorjahreswerte übernehmen/],
  ['the comparison with the previous year', /Vorjahresvergleich/],
  ['the monthly consumption information (§ 6a)', /§ 6a Heizkostenverordnung/],
  ['its PDF', /Verbrauchsinformation als PDF/],
  ['exports as CSV and XLSX', /CSV für Excel \(Semikolon\)[\s\S]*Excel-Arbeitsmappe \(XLSX\)/],
  ['„Meine Daten“', /Meine Daten herunterladen/],
  [
    'bved files in and out (decisions 061, 063)',
    /Kosten aus Datei übernehmen[\s\S]*Mieterwechsel aus Datei übernehmen/,
  ],
  [
    'the consumption-data access for the ERP (decision 062)',
    /Zugang für Ihre Software \(Verbrauchsdaten\)/,
  ],
]

describe('what the FAQ answers', () => {
  it('reads the entry’s and the features’ catalogues', () => {
    const texts = germanCatalogue()
    // the entry's (the sign-in), the second factor's, the consumption's and the costs' catalogues
    expect(texts).toContain('Passwort vergessen?')
    expect(texts).toContain('Zwei-Faktor-Anmeldung einrichten')
    expect(texts).toContain('Verbrauch je Monat')
    expect(texts).toContain('Vorjahreswerte übernehmen')
  })

  it.each(customers)(
    '%s: the second factor, Vorjahreswerte, Verbrauchsinformation, exports and „Meine Daten“',
    (customer) => {
      const faq = domain.FaqSchema.parse(readJson(path.join(CUSTOMERS, customer, 'faq.de-DE.json')))
      const text = faq.sections
        .flatMap((section) => section.items.map((item) => `${item.question}\n${item.answer}`))
        .join('\n')
      expect(TOPICS.filter(([, pattern]) => !pattern.test(text)).map(([topic]) => topic)).toEqual(
        [],
      )
    },
  )
})
