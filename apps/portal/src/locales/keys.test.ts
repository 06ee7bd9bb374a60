/**
 * Decision 050: a module shows only texts it has loaded before it renders. Every key a module
 * passes to `t()` is in the entry's catalogue (`locales/de.json`) or in a catalogue the module
 * imports itself (its feature's `locales`, or a JSON file beside it): so a screen, and a dialog it
 * opens later, never shows a key, and a text two features share sits in the entry's catalogue.
 * A static scan: keys built at run time count by their literal parts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

/** Every key path of a nested catalogue; a plural (`x_one`, `x_other`) counts as `x` too. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`, `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  )
}

const readJson = (file: string): object => JSON.parse(readFileSync(file, 'utf8')) as object

/** The German catalogues an import of `specifier` from `file` loads: a JSON file, or a module that adds texts. */
function cataloguesOf(file: string, specifier: string): string[] {
  if (!specifier.startsWith('.')) return []
  const target = path.resolve(path.dirname(file), specifier)
  if (target.endsWith('.json')) return /(^|[./])de\.json$/.test(target) ? [target] : []
  // a module that adds texts (a feature's `locales/index.ts`, a shared part's `texts.ts`)
  const loader = [`${target}.ts`, path.join(target, 'index.ts')].find((file) => existsSync(file))
  const source = loader ? readFileSync(loader, 'utf8') : ''
  if (!source.includes('addLazyTexts(')) return []
  return [...source.matchAll(/from '(\.\/[^']*de\.json)'/g)].map((match) =>
    path.join(path.dirname(loader!), match[1]!),
  )
}

/** The end of the first argument of a call whose parenthesis opens before `start`. */
function firstArgumentEnd(source: string, start: number): number {
  let depth = 0
  let quote: string | null = null
  for (let i = start; i < source.length; i++) {
    const char = source[i]!
    if (quote) {
      if (char === '\\') i++
      else if (char === quote) quote = null
    } else if (char === "'" || char === '"' || char === '`') quote = char
    else if ('([{'.includes(char)) depth++
    else if (')]}'.includes(char)) {
      if (depth === 0) return i
      depth--
    } else if (char === ',' && depth === 0) return i
  }
  return source.length
}

/**
 * The keys a module passes to `t()`, as patterns: a literal key, or a template literal whose
 * `${…}` parts stand for any key segment. Only literals shaped like a key (`a.b`) count.
 */
function usedKeys(source: string): RegExp[] {
  const patterns: RegExp[] = []
  for (const call of source.matchAll(/\bt\(/g)) {
    const start = call.index + call[0].length
    const argument = source.slice(start, firstArgumentEnd(source, start))
    for (const literal of argument.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)) {
      const text = literal[1] ?? literal[2] ?? literal[3]!
      if (!/^[a-zA-Z][\w${}]*\.[\w.${}]+$/.test(text)) continue
      const pattern = text
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/\./g, '\\.'))
        .join('[\\w.]+')
      patterns.push(new RegExp(`^${pattern}$`))
    }
  }
  return patterns
}

/** The keys of `source` (at `file`) that none of the catalogues it can rely on holds. */
function missingKeys(file: string, source: string, entry: readonly string[]): string[] {
  const imported = [...source.matchAll(/^(?:import|export)\s(?:[^'"]*?\sfrom\s)?'([^']+)'/gm)]
    .flatMap((match) => cataloguesOf(file, match[1]!))
    .flatMap((catalogue) => keys(readJson(catalogue)))
  const available = [...entry, ...imported]
  return usedKeys(source)
    .filter((pattern) => !available.some((key) => pattern.test(key)))
    .map((pattern) => pattern.source)
}

/** The portal's modules: every source file but tests and test helpers. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name)
    if (statSync(file).isDirectory()) return name === 'testing' ? [] : sources(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

const ENTRY = keys(readJson(path.join(SRC, 'locales/de.json')))

describe('every text a module shows is in a catalogue it has loaded', () => {
  it('reads keys the way the modules write them', () => {
    const patterns = usedKeys(
      "t('costs.title'); t(`costs.tabs.${name}`, { x }); t(mode ? 'a.b' : 'c.d'); t(other); t('Kein Key')",
    ).map((pattern) => pattern.source)
    expect(patterns).toEqual(['^costs\\.title$', '^costs\\.tabs\\.[\\w.]+$', '^a\\.b$', '^c\\.d$'])
  })

  it('tells a key of the module’s own catalogue from one of another feature’s', () => {
    const file = path.join(SRC, 'features/invoices/components/example.tsx')
    const own = "import '../locales'\nt('invoices.title')\nt('contracts.column.BRUTTO')\n"
    expect(missingKeys(file, own, ENTRY)).toEqual([])
    expect(missingKeys(file, "t('invoices.title')", ENTRY)).toEqual(['^invoices\\.title$'])
    expect(missingKeys(file, "import '../locales'\nt('contracts.caption')", ENTRY)).toEqual([
      '^contracts\\.caption$',
    ])
  })

  it('scans the modules of every feature, the routes and the shared components', () => {
    const files = sources(SRC).map((file) => path.relative(SRC, file))
    expect(files).toContain('app/routes/cost-allocation-page.tsx')
    expect(files).toContain('components/leave-question.tsx')
    const used = sources(SRC).flatMap((file) => usedKeys(readFileSync(file, 'utf8')))
    expect(used.length).toBeGreaterThan(400)
  })

  it('finds no key outside the catalogues a module loads', () => {
    const missing = sources(SRC).flatMap((file) =>
      missingKeys(file, readFileSync(file, 'utf8'), ENTRY).map(
        (key) => `${path.relative(SRC, file)}: ${key}`,
      ),
    )
    expect(missing).toEqual([])
  })
})
