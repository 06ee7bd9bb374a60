/**
 * What every part of the demo generator shares: the rows, the one seeded faker, the id counters,
 * `today`, and the partners, attributes and files every part adds.
 */
import type { Faker } from '@faker-js/faker'
import { instant, yearOf } from './calendar'
import { COMPANIES, LEGAL_FORMS, MAIL_PROVIDERS, type City } from './catalogue'
import { UUID_KIND, counterUuid, hashKey, pad, slug } from './format'
import { buildPdf, type PdfLine } from '../platform/files/pdf'
import { demoRows, type PartnerRow } from './rows'
import { type PropertyModel, type DistributionModel } from './generator-models'

export class DemoContext {
  readonly rows = demoRows()
  readonly counters = new Map<string, number>()
  readonly year: number
  /** The distributions of block 0, for the users' activities. */
  readonly planDistributions: DistributionModel[] = []
  /** The properties of block 0 by '<company code>/<index>', for the users' activities. */
  readonly planProperties = new Map<string, PropertyModel>()

  constructor(
    readonly today: string,
    /** The one source of randomness, re-seeded per company and per property. */
    readonly faker: Faker,
  ) {
    this.year = yearOf(today)
  }

  // -- ids ------------------------------------------------------------------------------------

  next(counter: string, start = 1): number {
    const value = this.counters.get(counter) ?? start
    this.counters.set(counter, value + 1)
    return value
  }

  nextId(prefix: string, companyCode: string, start = 1): string {
    return `${prefix}${companyCode}${pad(this.next(`${prefix}/${companyCode}`, start), 6)}`
  }

  reseed(key: string): void {
    this.faker.seed(hashKey(key))
  }

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max })
  }

  chance(probability: number): boolean {
    return this.faker.datatype.boolean({ probability })
  }

  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items)
  }

  address(cities: readonly City[]) {
    const city = this.pick(cities)
    return {
      street: this.faker.location.street(),
      houseNumber: String(this.int(1, 140)),
      houseNumberSuffix: this.chance(0.15) ? this.pick(['a', 'b', 'c']) : null,
      postalCode: this.pick(city.postalCodes),
      city: city.name,
    }
  }

  personPartner(
    cc: string,
    address: Pick<
      PartnerRow,
      'street' | 'houseNumber' | 'houseNumberSuffix' | 'postalCode' | 'city'
    >,
  ): PartnerRow {
    const sex = this.pick(['female', 'male'] as const)
    const firstName = this.faker.person.firstName(sex)
    const lastName = this.faker.person.lastName()
    const row: PartnerRow = {
      businessPartner: this.nextId('P', cc),
      companyCode: cc,
      name1: firstName,
      name2: lastName,
      ...address,
      mail: this.faker.internet
        .email({ firstName, lastName, provider: this.pick(MAIL_PROVIDERS) })
        .toLowerCase(),
      phone: this.faker.phone.number(),
    }
    this.rows.partners.push(row)
    return row
  }

  companyPartner(cc: string, cities: readonly City[], word: string, legalForm?: string) {
    const name1 = `${word} ${this.faker.person.lastName()}`
    const row: PartnerRow = {
      businessPartner: this.nextId('P', cc),
      companyCode: cc,
      name1,
      name2: legalForm ?? this.pick(LEGAL_FORMS),
      ...this.address(cities),
      mail: `kontakt@${slug(name1)}.${this.pick(MAIL_PROVIDERS)}`,
      phone: this.faker.phone.number(),
    }
    this.rows.partners.push(row)
    return row
  }

  attribute(
    property: PropertyModel,
    objectType: string,
    objectKey: string,
    name: string,
    value: string,
  ) {
    this.rows.objectAttributes.push({
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      objectType,
      objectKey,
      name,
      value,
    })
  }

  // -- invoices, vouchers, correspondences, files ---------------------------------------------

  addAttachment(
    property: PropertyModel,
    objectType: string,
    objectKey: string,
    fileName: string,
    lines: readonly PdfLine[],
    createdOn: string,
    extra: { note?: string; uploadedBy?: string } = {},
  ): string {
    const attachment = counterUuid(UUID_KIND.attachment, this.next('attachment'))
    const pdf = buildPdf(fileName, lines)
    this.rows.attachments.push({
      attachment,
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      objectType,
      objectKey,
      fileName,
      mediaType: 'application/pdf',
      size: pdf.size,
      sha256: pdf.sha256,
      note: extra.note ?? null,
      link: null,
      uploadedBy: extra.uploadedBy ?? null,
      createdAt: instant(createdOn, '11:00'),
    })
    this.rows.attachmentContents.push({ attachment, content: pdf.content })
    return attachment
  }

  letterhead(property: PropertyModel): PdfLine[] {
    const company = COMPANIES.find((c) => c.companyCode === property.companyCode)
    const site = property.connection
    return [
      { text: `${company?.name ?? ''} - ${company?.city ?? ''}`, size: 9 },
      {
        text: `Liegenschaft ${site.id}: ${site.name1} ${site.name2}`.trim(),
        gap: 18,
      },
      {
        text: `${site.street} ${site.houseNumber}${site.houseNumberSuffix ?? ''}, ${site.postalCode} ${site.city}`,
      },
    ]
  }
}
