/** The demo users' own doings: uploaded cost documents, tenant changes and a declined distribution. */
import { addYears, startOfYear } from '@portal/domain'
import { addDays, addMonths, endOfMonth, endOfYear, germanDate, instant } from './calendar'
import { BUSINESS_TENANT_WORDS, LEGAL_FORMS } from './catalogue'
import { UUID_KIND, counterUuid, pad, slug } from './format'
import type { DemoContext } from './generator-context'
import { type PropertyModel, type DistributionModel } from './generator-models'

export function openDistribution(
  g: DemoContext,
  property: PropertyModel | undefined,
): DistributionModel | undefined {
  return g.planDistributions.find((d) => d.property === property && d.status === 'O')
}

/**
 * Cost documents uploaded by the users, two tenant changes waiting for the provider, and a
 * declined distribution, all in the last days before `today`.
 */
export function generateActivities(g: DemoContext): void {
  const ownerProperty = g.planProperties.get('1000/0')
  const managedProperty = g.planProperties.get('1000/3')
  const foreignProperty = g.planProperties.get('2000/0')

  const uploads: [PropertyModel | undefined, string, string, string][] = [
    [ownerProperty, 'eigentuemer', 'Gasrechnung', 'Jahresrechnung Erdgas'],
    [ownerProperty, 'eigentuemer', 'Hausmeisterrechnung', 'Rechnung Hausmeisterdienst'],
    [managedProperty, 'verwalter', 'Grundsteuerbescheid', 'Grundsteuerbescheid der Stadt'],
    [foreignProperty, 'fremd', 'Wasserrechnung', 'Abrechnung Wasserversorger'],
  ]
  uploads.forEach(([property, userName, title, note], i) => {
    const distribution = openDistribution(g, property)
    if (!property || !distribution) return
    const day = addDays(g.today, -(3 + i))
    g.addAttachment(
      property,
      'KOSTENBELEG',
      distribution.id,
      `${title}_${distribution.year}.pdf`,
      [
        { text: note, size: 16 },
        {
          text: `Belegnummer ${title.slice(0, 3).toUpperCase()}-${distribution.year}-${pad(i + 1, 4)}`,
        },
        {
          text: `Leistungszeitraum ${germanDate(startOfYear(distribution.year))} bis ${germanDate(endOfYear(distribution.year))}`,
        },
        { text: `Liegenschaft ${property.connection.id}` },
        { text: 'Demodaten - kein echter Beleg.', size: 8, gap: 24 },
      ],
      day,
      { note, uploadedBy: userName },
    )
  })

  const tenantChange = (
    property: PropertyModel | undefined,
    userName: string,
    status: string,
    daysAgo: number,
    company: boolean,
  ) => {
    const unit = property?.units.find(
      (u) => u.contracts.at(-1)?.status === 'A' && (u.usage === 'G') === company,
    )
    if (!property || !unit) return
    g.reseed(`${property.connection.id}/tenant-change/${userName}`)
    const sex = g.pick(['female', 'male'] as const)
    const firstName = g.faker.person.firstName(sex)
    const lastName = g.faker.person.lastName()
    const name1 = company ? `${g.pick(BUSINESS_TENANT_WORDS)} ${lastName}` : firstName
    g.rows.activities.push({
      id: counterUuid(UUID_KIND.activity, g.next('activity')),
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      activityType: 'MIETERWECHSEL',
      objectType: 'VSTELLE',
      objectKey: unit.pod,
      status,
      payload: {
        customerType: company ? 'company' : 'private',
        salutation: company ? 'UN' : sex === 'female' ? 'FR' : 'HR',
        title: !company && g.chance(0.3) ? 'DR' : '',
        NAME1: name1,
        NAME2: company ? g.pick(LEGAL_FORMS) : lastName,
        AUSZUG: endOfMonth(addMonths(g.today, 1)),
        PLZ: unit.connection.postalCode,
        ORT: unit.connection.city,
        STRASSE: unit.connection.street,
        HAUSNR: unit.connection.houseNumber,
        ZUSATZ: unit.locationAddendum,
        POSTFACH: '',
        EMAIL: company
          ? `kontakt@${slug(name1)}.example.com`
          : `${slug(firstName)}.${slug(lastName)}@example.org`,
        TEL: g.faker.phone.number(),
        information: `Einzug zum ${germanDate(addDays(endOfMonth(addMonths(g.today, 1)), 1))}, Schlüsselübergabe über die Hausverwaltung.`,
      },
      attachment: null,
      createdBy: userName,
      createdAt: instant(addDays(g.today, -daysAgo), '15:20'),
    })
  }
  tenantChange(ownerProperty, 'eigentuemer', 'EINGEGANGEN', 2, false)
  tenantChange(managedProperty, 'verwalter', 'IN_BEARBEITUNG', 9, true)
  tenantChange(foreignProperty, 'fremd', 'EINGEGANGEN', 4, false)

  const declined = g.planDistributions.find(
    (d) =>
      d.property.plan.demoOwner && d.status === 'F' && d.statusChangedOn >= addYears(g.today, -1),
  )
  if (declined) {
    g.rows.activities.push({
      id: counterUuid(UUID_KIND.activity, g.next('activity')),
      companyCode: declined.property.companyCode,
      propertyConnection: declined.property.connection.id,
      activityType: 'ABLEHNUNG',
      objectType: 'KOSTENVERTEILUNG',
      objectKey: declined.id,
      status: 'EINGEGANGEN',
      payload: {
        operatingCostsDistribution: declined.id,
        approved: false,
        reason:
          'Die Brennstoffkosten sind gegenüber dem Vorjahr deutlich gestiegen. Bitte die Gasrechnung prüfen und die Abrechnung korrigieren.',
      },
      attachment: null,
      createdBy: 'eigentuemer',
      createdAt: instant(addDays(declined.statusChangedOn, 6), '17:45'),
    })
  }
}
