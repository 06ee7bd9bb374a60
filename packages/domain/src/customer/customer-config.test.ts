import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BODY_TEXT_COLOUR,
  ClientCustomerConfigSchema,
  CustomerConfigSchema,
  FaqSchema,
  MIN_TEXT_CONTRAST,
  contrastRatio,
  customerAssetMediaType,
  relativeLuminance,
  type CustomerConfig,
} from './customer-config'

const legal = (title: string) => ({
  title,
  sections: [
    { heading: 'Anbieter', paragraphs: ['Muster GmbH, Musterstraße 1, 12345 Musterstadt'] },
  ],
})

const validConfig = (): CustomerConfig => ({
  applicationTitle: 'Muster Kundenportal',
  theme: { primary: '#0b4f8a', secondary: '#a84b00', background: '#f5f7fa' },
  favicon: 'favicon.svg',
  logo: 'logo.svg',
  legacyEndpoint: '/api/legacy',
  apiBaseUrl: '',
  switches: { showContractReference: true },
  customerService: {
    phone: '0341 555 10-0',
    mail: 'service@muster.example',
    hours: 'Mo–Fr 8–16 Uhr',
  },
  billingYear: 2024,
  billingYearNotice: 'Die Kostenerfassung für das Abrechnungsjahr 2024 ist noch nicht geöffnet.',
  legal: {
    imprint: legal('Impressum'),
    privacyPolicy: legal('Datenschutzerklärung'),
    userAgreements: legal('Nutzungsbedingungen'),
  },
  accessibility: {
    conformance: 'partial',
    lastChecked: '2026-11-20',
    method: 'Selbstbewertung mit axe-core und Prüfung mit Tastatur und Screenreader.',
    knownIssues: [{ heading: 'PDF-Dokumente', text: 'Nicht getaggt.' }],
    feedback: { mail: 'barrierefreiheit@muster.example' },
    authority: { name: 'MLBF', url: 'https://www.mlbf-barrierefrei.de' },
  },
})

/** The 'path: message' lines of a failed parse, as the server's loader prints them. */
const problems = (input: unknown) => {
  const result = CustomerConfigSchema.safeParse(input)
  if (result.success) return []
  return result.error.issues.map((issue) => {
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key].join('.'))
        : [issue.path.join('.')]
    return paths.map((path) => `${path}: ${issue.message}`).join('; ')
  })
}

describe('CustomerConfigSchema', () => {
  it('asks the accessibility statement for a date, a feedback address and an authority address', () => {
    const statement = validConfig().accessibility
    expect(
      problems({
        ...validConfig(),
        accessibility: {
          ...statement,
          conformance: 'mostly',
          lastChecked: '20.11.2026',
          feedback: { mail: 'keine Adresse' },
          authority: { ...statement.authority, url: 'mlbf' },
        },
      }),
    ).toEqual([
      expect.stringMatching(/^accessibility\.conformance: /),
      'accessibility.lastChecked: Datum als JJJJ-MM-TT erwartet',
      'accessibility.feedback.mail: gültige E-Mail-Adresse erwartet',
      'accessibility.authority.url: http(s)-Adresse erwartet',
    ])
  })

  it('accepts a complete configuration, with and without a background colour', () => {
    expect(CustomerConfigSchema.parse(validConfig())).toEqual(validConfig())
    const theme = { primary: '#0b4f8a', secondary: '#a84b00' }
    expect(CustomerConfigSchema.safeParse({ ...validConfig(), theme }).success).toBe(true)
  })

  it('accepts an absolute legacy endpoint and another backend', () => {
    const config = {
      ...validConfig(),
      legacyEndpoint: 'https://alt.muster.example/legacy/trans',
      apiBaseUrl: 'https://api.muster.example',
    }
    expect(problems(config)).toEqual([])
  })

  it('names the field of every problem', () => {
    const config = {
      ...validConfig(),
      theme: { primary: 'blue', secondary: '#a84b00' },
      favicon: '../config.json',
      switches: {},
      customerService: { ...validConfig().customerService, mail: 'keine-adresse' },
      legal: { ...validConfig().legal, imprint: { title: 'Impressum', sections: [] } },
    }
    const lines = problems(config)
    for (const field of [
      'theme.primary',
      'favicon',
      'switches.showContractReference',
      'customerService.mail',
      'legal.imprint.sections',
    ]) {
      expect(
        lines.some((line) => line.startsWith(`${field}: `)),
        `${field} in ${lines.join('\n')}`,
      ).toBe(true)
    }
    expect(lines.find((line) => line.startsWith('theme.primary'))).toContain('#rrggbb')
  })

  it('rejects unknown keys, at the top and inside', () => {
    const config = {
      ...validConfig(),
      titel: 'Tippfehler',
      switches: { showContractReference: false, showReference: true },
    }
    expect(problems(config).sort()).toEqual([
      expect.stringMatching(/^switches\.showReference: /),
      expect.stringMatching(/^titel: /),
    ])
  })

  it('rejects a legacy endpoint or API address that is neither a path nor http(s)', () => {
    expect(problems({ ...validConfig(), legacyEndpoint: 'javascript:alert(1)' })).toEqual([
      expect.stringMatching(/^legacyEndpoint: /),
    ])
    expect(problems({ ...validConfig(), legacyEndpoint: '//andere.example/legacy' })).toHaveLength(
      1,
    )
    expect(problems({ ...validConfig(), apiBaseUrl: 'https://api.muster.example/' })).toEqual([
      expect.stringMatching(/^apiBaseUrl: /),
    ])
  })

  it('requires a whole billing year', () => {
    expect(problems({ ...validConfig(), billingYear: 2024.5 })).toEqual([
      expect.stringMatching(/^billingYear: /),
    ])
    expect(problems({ ...validConfig(), billingYear: '2024' })).toHaveLength(1)
  })
})

describe('theme contrast (WCAG AA)', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(relativeLuminance('#000000')).toBe(0)
    expect(relativeLuminance('#ffffff')).toBe(1)
    expect(contrastRatio('#000000', '#ffffff')).toBe(21)
    expect(contrastRatio('#ffffff', '#000000')).toBe(21)
    // the well-known boundary: #767676 is the lightest grey that passes on white, #777777 fails
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST)
  })

  it('is symmetric and between 1 and 21', () => {
    const colour = fc
      .integer({ min: 0, max: 0xffffff })
      .map((value) => `#${value.toString(16).padStart(6, '0')}`)
    fc.assert(
      fc.property(colour, colour, (a, b) => {
        const ratio = contrastRatio(a, b)
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 10)
        expect(ratio).toBeGreaterThanOrEqual(1)
        expect(ratio).toBeLessThanOrEqual(21)
      }),
    )
  })

  it('accepts a primary colour exactly when white text on it reaches 4.5:1', () => {
    const withPrimary = (primary: string) => ({
      ...validConfig(),
      theme: { ...validConfig().theme, primary },
    })
    expect(problems(withPrimary('#767676'))).toEqual([])
    const [line] = problems(withPrimary('#777777'))
    expect(line).toMatch(/^theme\.primary: .*4,48:1.*4,50:1/)
    expect(problems(withPrimary('#ffd700'))).toEqual([expect.stringMatching(/^theme\.primary: /)])
  })

  it('requires the body text to be readable on the background colour', () => {
    const withBackground = (background: string) => ({
      ...validConfig(),
      theme: { ...validConfig().theme, background },
    })
    expect(contrastRatio('#ffffff', BODY_TEXT_COLOUR)).toBeGreaterThan(MIN_TEXT_CONTRAST)
    expect(problems(withBackground('#ffffff'))).toEqual([])
    expect(problems(withBackground('#505050'))).toEqual([
      expect.stringMatching(/^theme\.background: /),
    ])
  })
})

describe('customerAssetMediaType', () => {
  it('gives the media type of a plain file name', () => {
    expect(customerAssetMediaType('favicon.svg')).toBe('image/svg+xml')
    expect(customerAssetMediaType('Logo.PNG')).toBe('image/png')
    expect(customerAssetMediaType('favicon.ico')).toBe('image/x-icon')
  })

  it('refuses paths, hidden files and other types', () => {
    for (const name of ['../config.json', 'a/b.svg', '.hidden.svg', 'config.json', 'logo', '']) {
      expect(customerAssetMediaType(name), name).toBeUndefined()
    }
  })
})

describe('ClientCustomerConfigSchema', () => {
  it('is the configuration plus id and asset addresses', () => {
    const answer = {
      ...validConfig(),
      id: 'muster',
      faviconUrl: '/customer-assets/favicon.svg?v=1',
      logoUrl: '/customer-assets/logo.svg?v=1',
    }
    expect(ClientCustomerConfigSchema.parse(answer)).toEqual(answer)
  })
})

describe('FaqSchema', () => {
  it('accepts sections of questions and answers', () => {
    const faq = {
      sections: [{ title: 'Anmeldung', items: [{ question: 'Wie?', answer: 'So.' }] }],
    }
    expect(FaqSchema.parse(faq)).toEqual(faq)
  })

  it('names the field of a problem and rejects unknown keys', () => {
    const result = FaqSchema.safeParse({
      sections: [{ title: 'Anmeldung', items: [{ question: 'Wie?', antwort: 'So.' }] }],
    })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(['sections.0.items.0.answer', 'sections.0.items.0'])
  })
})
