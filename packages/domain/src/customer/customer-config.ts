import { z } from 'zod'

/** WCAG 2.1 AA (1.4.3): the minimum contrast of normal text to its background. */
export const MIN_TEXT_CONTRAST = 4.5

/** The text colour MUI puts on the page background (rgba(0, 0, 0, 0.87) on white). */
export const BODY_TEXT_COLOUR = '#212121'

const HEX_COLOUR = /^#[0-9a-f]{6}$/i

/**
 * §1: a file of a customer's assets folder, and what may be asked for below `/customer-assets/`:
 * a plain name without a folder, so that no path can leave the folder.
 */
export const CUSTOMER_ASSET_FILE_NAME = /^[a-z0-9][a-z0-9._-]*$/i

/** The media types of the files an assets folder may hold, by extension. */
export const CUSTOMER_ASSET_MEDIA_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

/** The media type of an asset file name, or undefined when it is not one the assets may hold. */
export function customerAssetMediaType(fileName: string): string | undefined {
  if (!CUSTOMER_ASSET_FILE_NAME.test(fileName)) return undefined
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
  return extension === undefined ? undefined : CUSTOMER_ASSET_MEDIA_TYPES[extension]
}

/** WCAG 2.1 relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOUR.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`)
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** WCAG 2.1 contrast ratio of two `#rrggbb` colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

const formatRatio = (ratio: number) => `${ratio.toFixed(2).replace('.', ',')}:1`

const TextSchema = z.string().regex(/\S/, { error: 'darf nicht leer sein' })

const ColourSchema = z.string().regex(HEX_COLOUR, { error: 'Farbe im Format #rrggbb erwartet' })

const AssetFileSchema = z.string().refine((name) => customerAssetMediaType(name) !== undefined, {
  error: `Dateiname im Ordner assets/ erwartet (ohne Pfad, Endung ${Object.keys(CUSTOMER_ASSET_MEDIA_TYPES).join(', ')})`,
})

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'http:' || protocol === 'https:'
}

/**
 * §1: the theme colours. White text on `primary` (buttons, the app bar) and the body text on
 * `background` must both reach WCAG AA contrast.
 */
export const CustomerThemeSchema = z
  .strictObject({
    primary: ColourSchema,
    secondary: ColourSchema,
    background: ColourSchema.optional(),
  })
  .superRefine((theme, context) => {
    // zod runs this refinement even when a colour failed its format; those have their message
    if (![theme.primary, theme.background ?? '#ffffff'].every((colour) => HEX_COLOUR.test(colour)))
      return
    const onPrimary = contrastRatio(theme.primary, '#ffffff')
    if (onPrimary < MIN_TEXT_CONTRAST) {
      context.addIssue({
        code: 'custom',
        path: ['primary'],
        message: `weiße Schrift hat auf ${theme.primary} nur den Kontrast ${formatRatio(onPrimary)}; WCAG AA verlangt ${formatRatio(MIN_TEXT_CONTRAST)}`,
      })
    }
    if (theme.background === undefined) return
    const onBackground = contrastRatio(theme.background, BODY_TEXT_COLOUR)
    if (onBackground < MIN_TEXT_CONTRAST) {
      context.addIssue({
        code: 'custom',
        path: ['background'],
        message: `Text (${BODY_TEXT_COLOUR}) hat auf ${theme.background} nur den Kontrast ${formatRatio(onBackground)}; WCAG AA verlangt ${formatRatio(MIN_TEXT_CONTRAST)}`,
      })
    }
  })
export type CustomerTheme = z.infer<typeof CustomerThemeSchema>

/** A legal notice (imprint, privacy policy, user agreements): headed sections of paragraphs. */
export const LegalDocumentSchema = z.strictObject({
  title: TextSchema,
  sections: z
    .array(
      z.strictObject({
        heading: TextSchema,
        paragraphs: z.array(TextSchema).min(1),
      }),
    )
    .min(1),
})
export type LegalDocument = z.infer<typeof LegalDocumentSchema>

/**
 * The accessibility statement (BFSG, EN 301 549, WCAG 2.2 AA) of one customer's portal:
 * how far it conforms, what is known not to, who takes feedback, when it was last checked and
 * where to turn when feedback goes unanswered.
 */
export const AccessibilityStatementSchema = z.strictObject({
  conformance: z.enum(['full', 'partial', 'none']),
  /** ISO date of the last check. */
  lastChecked: z.iso.date({ error: 'Datum als JJJJ-MM-TT erwartet' }),
  /** How the last check was made. */
  method: TextSchema,
  knownIssues: z.array(
    z.strictObject({
      heading: TextSchema,
      text: TextSchema,
      /** What a user can do instead. */
      alternative: TextSchema.optional(),
    }),
  ),
  feedback: z.strictObject({
    mail: z.email({ error: 'gültige E-Mail-Adresse erwartet' }),
    phone: TextSchema.optional(),
  }),
  /** The market surveillance authority (BFSG § 20). */
  authority: z.strictObject({
    name: TextSchema,
    url: z.string().refine(isHttpUrl, { error: 'http(s)-Adresse erwartet' }),
  }),
})
export type AccessibilityStatement = z.infer<typeof AccessibilityStatementSchema>

/**
 * § 6a Abs. 3 Nr. 2 and 3 HeizkostenV (decision 067): whom the annual billing information names
 * for advice on energy efficiency, and what it says of consumer dispute resolution (VSBG).
 */
export const BillingInformationConfigSchema = z.strictObject({
  consumerAdvice: z
    .array(
      z.strictObject({
        name: TextSchema,
        url: z.string().refine(isHttpUrl, { error: 'http(s)-Adresse erwartet' }),
        phone: TextSchema.optional(),
      }),
    )
    .min(1),
  disputeResolution: z.array(TextSchema).min(1),
})
export type BillingInformationConfig = z.infer<typeof BillingInformationConfigSchema>

/**
 * What the billing information names where a customer configured nothing: the consumer advice
 * centres and the federal energy agency, and the universal conciliation body of the federal
 * government (§ 29 VSBG) with the landlord's freedom to take part (§§ 36, 37 VSBG stay his).
 */
export const DEFAULT_BILLING_INFORMATION: BillingInformationConfig = {
  consumerAdvice: [
    {
      name: 'Verbraucherzentrale Energieberatung (Verbraucherzentralen der Länder)',
      url: 'https://verbraucherzentrale-energieberatung.de',
    },
    { name: 'Deutsche Energie-Agentur (dena)', url: 'https://www.dena.de' },
    {
      name: 'Bundesamt für Wirtschaft und Ausfuhrkontrolle (BAFA), Energieeffizienz',
      url: 'https://www.bafa.de',
    },
  ],
  disputeResolution: [
    'Ist Ihr Mietvertrag ein Verbrauchervertrag (§ 310 Abs. 3 BGB), können Streitigkeiten über die Abrechnung in einem Streitbeilegungsverfahren nach dem Verbraucherstreitbeilegungsgesetz (VSBG) vor einer Verbraucherschlichtungsstelle beigelegt werden, etwa vor der Universalschlichtungsstelle des Bundes (https://www.universalschlichtungsstelle.de).',
    'Ob Ihr Vermieter bereit oder verpflichtet ist, an einem solchen Verfahren teilzunehmen, teilt er Ihnen mit (§§ 36, 37 VSBG).',
  ],
}

/** §1, §9: one customer configuration (`customers/<id>/config.json`), loaded before the portal starts. */
export const CustomerConfigSchema = z.strictObject({
  applicationTitle: TextSchema,
  theme: CustomerThemeSchema,
  /** A file in the customer's `assets/` folder. */
  favicon: AssetFileSchema,
  /** A file in the customer's `assets/` folder. */
  logo: AssetFileSchema,
  /** §7: the legacy transaction endpoint: a path below `apiBaseUrl`, or an http(s) address. */
  legacyEndpoint: z
    .string()
    .refine((value) => (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value), {
      error: 'Pfad (/…) oder http(s)-Adresse erwartet',
    }),
  /** Where the portal sends the calls of §7: '' for its own server, else an http(s) address. */
  apiBaseUrl: z
    .string()
    .refine((value) => value === '' || (isHttpUrl(value) && !value.endsWith('/')), {
      error: "'' oder http(s)-Adresse ohne abschließenden Schrägstrich erwartet",
    }),
  switches: z.strictObject({
    /** §2, §9: the account reference column of the contracts panel; hidden for two customers. */
    showContractReference: z.boolean(),
    /**
     * Decision 035: every user must sign in with a second factor (TOTP); a user without one sets it up
     * right after the password and can do nothing else before. Absent: each user chooses.
     */
    requireSecondFactor: z.boolean().optional(),
  }),
  customerService: z.strictObject({
    phone: TextSchema,
    mail: z.email({ error: 'gültige E-Mail-Adresse erwartet' }),
    hours: TextSchema,
  }),
  /**
   * A cost type whose amount changed by more than this many percent against the previous
   * year is flagged at entry and in the "Kosten erfasst" confirmation; 30 when absent.
   */
  plausibilityThresholdPercent: z.number().gt(0).max(1000).optional(),
  /**
   * Decision 070: the daily alarm "far above the average" raises a unit whose twelve months per m²
   * lie at least this many percent above its property's; `FAR_ABOVE_AVERAGE_PERCENT` (50) when absent.
   */
  farAboveAveragePercent: z.number().gt(0).max(1000).optional(),
  /** §1: the billing year the dashboard notice is about. */
  billingYear: z.int().min(2000).max(2100),
  billingYearNotice: TextSchema,
  legal: z.strictObject({
    imprint: LegalDocumentSchema,
    privacyPolicy: LegalDocumentSchema,
    userAgreements: LegalDocumentSchema,
  }),
  /** The accessibility statement, a page of its own linked from every footer. */
  accessibility: AccessibilityStatementSchema,
  /** § 6a Abs. 3 Nr. 2, 3 HeizkostenV; `DEFAULT_BILLING_INFORMATION` when absent. */
  billingInformation: BillingInformationConfigSchema.optional(),
})
export type CustomerConfig = z.infer<typeof CustomerConfigSchema>

/**
 * The configuration as `GET /api/configuration/customer` answers it: the file plus the customer's
 * id and the addresses of favicon and logo (with a version, so that they can be cached for long).
 */
export const ClientCustomerConfigSchema = CustomerConfigSchema.omit({
  // the server answers it inside the billing information (decision 067); the portal needs it not
  billingInformation: true,
}).extend({
  id: z.string(),
  faviconUrl: z.string(),
  logoUrl: z.string(),
})
export type ClientCustomerConfig = z.infer<typeof ClientCustomerConfigSchema>

/** §1: the FAQ of a customer (`customers/<id>/faq.de-DE.json`). */
export const FaqSchema = z.strictObject({
  sections: z
    .array(
      z.strictObject({
        title: TextSchema,
        items: z.array(z.strictObject({ question: TextSchema, answer: TextSchema })).min(1),
      }),
    )
    .min(1),
})
export type Faq = z.infer<typeof FaqSchema>
