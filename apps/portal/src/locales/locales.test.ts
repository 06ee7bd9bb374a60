import { describe, expect, it } from 'vitest'
import de from './de'
import en from './en'

/** Every key path of a nested catalogue, e.g. `auth.login.title`. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

describe('catalogues', () => {
  it('German and English hold the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort())
  })

  it('the catalogues of screens loaded on demand hold the same keys in German and English', () => {
    const catalogues = import.meta.glob<{ default: object }>(
      ['../features/*/locales/*.json', '../components/**/*.json'],
      { eager: true },
    )
    const german = Object.keys(catalogues).filter((file) => file.endsWith('.de.json'))
    expect(german).toContain('../components/second-factor/second-factor.de.json')
    expect(german).toContain('../components/leave-question.de.json')
    for (const file of german) {
      const english = catalogues[file.replace(/\.de\.json$/, '.en.json')]
      expect(english, file).toBeDefined()
      expect(keys(english!.default).sort(), file).toEqual(keys(catalogues[file]!.default).sort())
    }
  })

  it('holds every label of the specification’s German catalogue', () => {
    const all = keys(de)
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
