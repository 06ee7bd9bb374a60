/**
 * The generator of the deterministic demo data (ARCHITECTURE 3.3). Randomness comes from
 * one faker instance that is re-seeded per company and per property, so a property's content does
 * not depend on how many properties come before it, and the same `scale` and `today` always give
 * the same rows. Dates are relative to `today`, so every cut-off rule of section 5 has records on
 * both sides whenever the demo is seeded.
 *
 * Ids are readable and unique across company codes and scales ('1000' is the company code):
 * properties 1000000001…, their buildings (sub-connections) 1000500001…, points of delivery
 * V1000000001, billing objects AO…, contract accounts VK…, contracts VT…, devices G…, partners P…,
 * billing vouchers AB…, invoices AR… (and AP…/ST… that are no invoices), correspondences KR…,
 * distributions '<property>-<billing year>', products HBK1000 / HW1000.
 *
 * Value list entries (tables tb_uti_bkosten_h for heating, tb_uti_bkosten_b for operating costs,
 * field SCHLUESSEL, per product and version and validity period) come in four kinds:
 *   cost type       obj 'TARIF'       tariffComponent = key = the cost type code
 *   allocation key  obj 'SCHLUESSEL'  tariffComponent = the cost type it applies to, key e.g. 'WF'
 *   object type     obj 'OBJEKT'      object = key = the object type (ANSCHLUSS …)
 *   relation        obj = object      object = the object type, key = the id, name = its display name
 * Relation entries carry no property; the property of their key (a connection, point of delivery,
 * contract or group '<property>-NG1') tells which distribution they belong to. An expense line's
 * allocationObject and allocationRef hold the key of the one kind its object type names
 * (docs/decisions/012): ANSCHLUSS a connection, VSTELLE and NUTZUNGSEINHEIT a point of delivery,
 * VERTRAG a contract, NUTZGRUPPE and NUTZERGRUPPE a group of these relation entries.
 */
import { Faker, base, de, en } from '@faker-js/faker'
import {
  addYears,
  co2Split,
  contractName,
  startOfYear,
  type Co2FuelInput,
  type EnergyCarrierCode,
} from '@portal/domain'
import {
  addDays,
  addMonths,
  dateIn,
  daysBetween,
  endOfMonth,
  endOfYear,
  germanDate,
  instant,
  maxDate,
  minDate,
  startOfMonth,
  yearOf,
} from './calendar'
import {
  ALLOCATION_KEYS,
  BUSINESS_TENANT_WORDS,
  COMPANIES,
  COST_TYPES,
  DEVICE_TYPES,
  EXPENSE_OBJECTS,
  HEATED_ROOMS,
  HEATING_VALUE_LIST,
  LEGAL_FORMS,
  MAIL_PROVIDERS,
  OFFICE_ROOMS,
  OPERATING_VALUE_LIST,
  OTHER_READING_REASONS,
  OWNER_COMPANY_WORDS,
  PRODUCTS,
  READING_TYPES,
  VALUE_LIST_FIELD,
  costType,
  type City,
  type CompanySpec,
  type CostType,
  type ProductKind,
  type TypeClass,
} from './catalogue'
import { DEMO_USERS } from './demo-users'
import {
  UUID_KIND,
  at,
  counterUuid,
  decimal2,
  decimal3,
  germanMoney,
  hashKey,
  money,
  overlaps,
  pad,
  slug,
} from './format'
import { buildPdf, type PdfLine } from '../platform/files/pdf'
import { DEMO_OWNER, PLANS, type PropertyPlan, type StatusStep } from './plan'
import { DemoRows, type PartnerRow, type TariffRow, type ValueListRow } from './rows'

const OPEN_END = '9999-12-31'
const SYSTEM_USER = 'system'

interface ConnectionModel {
  id: string
  street: string
  houseNumber: string
  houseNumberSuffix: string | null
  postalCode: string
  city: string
  name1: string
  name2: string
  units: UnitModel[]
}

interface ContractModel {
  key: string
  account: string
  partner: PartnerRow
  status: 'A' | 'B' | 'L' | 'K'
  accountType: 'VKW' | 'VKG' | 'VKT'
  from: string
  until: string | null
  externalNumber: string
  /** Monthly advance payments in cents. */
  heatingAdvance: number
  otherAdvance: number
  tariffs: TariffRow[]
}

interface UnitModel {
  pod: string
  index: number
  connection: ConnectionModel
  reference: string
  position: string
  locationAddendum: string
  usage: 'W' | 'G'
  /** Area in hundredths of m². */
  area: number
  billingObject: string
  contracts: ContractModel[]
}

interface PropertyModel {
  companyCode: string
  plan: PropertyPlan
  index: number
  connection: ConnectionModel
  buildings: ConnectionModel[]
  units: UnitModel[]
  owner: PartnerRow
  manager: PartnerRow
  product: string
  productKind: ProductKind
  productVersion: string
  /** Who records costs on this property. */
  author: string
  buildYear: number
  heatMetering: 'HZ' | 'HV'
  radio: boolean
  fuel: 'gas' | 'oil' | 'district'
  totalArea: number
  rwmCount: number
  vacancyAccount: string | null
}

interface DistributionModel {
  id: string
  property: PropertyModel
  year: number
  status: 'O' | 'E' | 'V' | 'G' | 'S' | 'F'
  statusChangedOn: string
  /** The day the provider distributed the costs (V), if it did. */
  billedOn: string | null
}

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

/** Fills `rows` property by property; `seedDemoData` inserts and clears them in between. */
export class DemoDataGenerator {
  readonly rows = new DemoRows()
  private readonly faker = new Faker({ locale: [de, en, base] })
  private readonly counters = new Map<string, number>()
  private readonly year: number
  /** The distributions of block 0, for the users' activities. */
  private readonly planDistributions: DistributionModel[] = []
  /** The properties of block 0 by '<company code>/<index>', for the users' activities. */
  private readonly planProperties = new Map<string, PropertyModel>()

  constructor(
    private readonly today: string,
    private readonly scale: number,
    private readonly passwordHash: string,
  ) {
    this.year = yearOf(today)
  }

  /** Fills `rows` step by step; the caller may insert and clear them after every step. */
  *generate(): Generator<void, void, void> {
    for (const company of COMPANIES) yield* this.generateCompany(company)
    this.generateUsers()
    this.generateActivities()
  }

  // -- ids ------------------------------------------------------------------------------------

  private next(counter: string, start = 1): number {
    const value = this.counters.get(counter) ?? start
    this.counters.set(counter, value + 1)
    return value
  }

  private nextId(prefix: string, companyCode: string, start = 1): string {
    return `${prefix}${companyCode}${pad(this.next(`${prefix}/${companyCode}`, start), 6)}`
  }

  private reseed(key: string): void {
    this.faker.seed(hashKey(key))
  }

  private int(min: number, max: number): number {
    return this.faker.number.int({ min, max })
  }

  private chance(probability: number): boolean {
    return this.faker.datatype.boolean({ probability })
  }

  private pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items)
  }

  // -- company level --------------------------------------------------------------------------

  private *generateCompany(company: CompanySpec): Generator<void, void, void> {
    const cc = company.companyCode
    this.reseed(`${cc}/company`)
    this.rows.companyCodes.push({ companyCode: cc, name: company.name, city: company.city })
    if (cc === DEMO_OWNER.companyCode) {
      this.rows.partners.push(DEMO_OWNER)
      this.next(`P/${cc}`)
    }
    const managers = Array.from({ length: cc === '1000' ? 3 : 1 }, () =>
      this.companyPartner(cc, company.cities, 'Hausverwaltung', 'GmbH'),
    )
    const products = this.generateProducts(cc)

    const plans = PLANS[cc] ?? []
    const count = plans.length * this.scale
    for (let index = 0; index < count; index++) {
      const block = Math.floor(index / plans.length)
      const base = at(plans, index)
      this.reseed(`${cc}/property/${index}`)
      const propertyPlan =
        block === 0
          ? base
          : { ...base, demoOwner: false, units: this.int(8, 16), buildings: this.int(0, 3) }
      const product = products[propertyPlan.product]
      const property = this.generateProperty(
        company,
        index,
        propertyPlan,
        at(managers, index),
        product,
      )
      if (block === 0) this.planProperties.set(`${cc}/${index}`, property)
      yield
    }
  }

  private generateProducts(cc: string) {
    const result = {} as Record<ProductKind, { id: string; version: string }>
    for (const kind of Object.keys(PRODUCTS) as ProductKind[]) {
      const id = `${kind}${cc}`
      const { name, version } = PRODUCTS[kind]
      result[kind] = { id, version }
      this.rows.products.push({ product: id, companyCode: cc, name, productVersion: version })
      for (const type of COST_TYPES.filter((t) => t.products.includes(kind))) {
        this.rows.productTariffAssignments.push({
          companyCode: cc,
          product: id,
          supplySegment: type.segment,
          tariffComponent: type.code,
          active: !type.retired,
        })
      }
      this.generateValueListCatalogue(cc, id, version, kind)
    }
    return result
  }

  /** Cost types, allocation keys and object types; the old period still has retired ones. */
  private generateValueListCatalogue(
    cc: string,
    product: string,
    version: string,
    kind: ProductKind,
  ) {
    const periods = [
      { from: startOfYear(this.year - 6), until: endOfYear(this.year - 3), old: true },
      { from: startOfYear(this.year - 2), until: OPEN_END, old: false },
    ]
    for (const period of periods) {
      for (const [tableName, expenseKind] of [
        [HEATING_VALUE_LIST, 'heating'],
        [OPERATING_VALUE_LIST, 'working'],
      ] as const) {
        const entry = (
          fields: Pick<ValueListRow, 'tariffComponent' | 'object' | 'key' | 'obj' | 'name'>,
        ) =>
          this.rows.valueListEntries.push({
            companyCode: cc,
            tableName,
            fieldName: VALUE_LIST_FIELD,
            product,
            productVersion: version,
            validFrom: period.from,
            validUntil: period.until,
            ...fields,
          })
        const types = COST_TYPES.filter(
          (t) =>
            t.kind === expenseKind &&
            t.products.includes(kind) &&
            !t.excluded &&
            (period.old || !t.retired),
        )
        for (const type of types) {
          entry({
            tariffComponent: type.code,
            object: null,
            key: type.code,
            obj: 'TARIF',
            name: type.name,
          })
        }
        for (const type of types) {
          for (const key of type.keys) {
            entry({
              tariffComponent: type.code,
              object: null,
              key,
              obj: 'SCHLUESSEL',
              name: ALLOCATION_KEYS[key] ?? key,
            })
          }
        }
        for (const [object, name] of Object.entries(EXPENSE_OBJECTS)) {
          entry({ tariffComponent: null, object, key: object, obj: 'OBJEKT', name })
        }
      }
    }
  }

  private address(cities: readonly City[]) {
    const city = this.pick(cities)
    return {
      street: this.faker.location.street(),
      houseNumber: String(this.int(1, 140)),
      houseNumberSuffix: this.chance(0.15) ? this.pick(['a', 'b', 'c']) : null,
      postalCode: this.pick(city.postalCodes),
      city: city.name,
    }
  }

  private personPartner(
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

  private companyPartner(cc: string, cities: readonly City[], word: string, legalForm?: string) {
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

  // -- properties -----------------------------------------------------------------------------

  private generateProperty(
    company: CompanySpec,
    index: number,
    propertyPlan: PropertyPlan,
    manager: PartnerRow,
    product: { id: string; version: string },
  ): PropertyModel {
    const cc = company.companyCode
    const id = `${cc}${pad(index + 1, 6)}`
    const site = this.address(company.cities)
    const owner = propertyPlan.demoOwner
      ? DEMO_OWNER
      : this.chance(0.5)
        ? this.personPartner(cc, this.address(company.cities))
        : this.companyPartner(cc, company.cities, this.pick(OWNER_COMPANY_WORDS))
    const usageName = { W: 'Wohnanlage', WG: 'Wohn- und Geschäftshaus', G: 'Bürogebäude' }[
      propertyPlan.usage
    ]
    const ownerIsPerson = owner === DEMO_OWNER || !LEGAL_FORMS.includes(owner.name2 ?? '')
    let name1: string
    let name2: string
    if (ownerIsPerson && this.chance(propertyPlan.demoOwner ? 0 : 0.5)) {
      name1 = `WEG ${site.street} ${site.houseNumber}${site.houseNumberSuffix ?? ''}`
      name2 = this.pick([usageName, ''])
    } else if (ownerIsPerson) {
      name1 = `${owner.name2}, ${owner.name1}`
      name2 = this.pick([usageName, 'Mehrfamilienhaus', ''])
    } else {
      name1 = owner.name1
      name2 = usageName
    }
    const connection: ConnectionModel = { id, ...site, name1, name2, units: [] }
    const buildings: ConnectionModel[] = Array.from({ length: propertyPlan.buildings }, (_, j) => {
      const sameNumber = j % 2 === 1
      return {
        id: this.nextId('', cc, 500_001),
        street: site.street,
        houseNumber: sameNumber ? site.houseNumber : String(Number(site.houseNumber) + 2 * (j + 1)),
        houseNumberSuffix: sameNumber ? at(['b', 'c'], Math.floor(j / 2)) : null,
        postalCode: site.postalCode,
        city: site.city,
        name1,
        name2: propertyPlan.buildings === 1 ? 'Hinterhaus' : `Haus ${at(['A', 'B', 'C'], j)}`,
        units: [],
      }
    })
    const buildYear = this.int(1952, 2016)
    const property: PropertyModel = {
      companyCode: cc,
      plan: propertyPlan,
      index,
      connection,
      buildings,
      units: [],
      owner,
      manager,
      product: product.id,
      productKind: propertyPlan.product,
      productVersion: product.version,
      author: propertyPlan.demoOwner ? 'eigentuemer' : company.expenseAuthor,
      buildYear,
      heatMetering: buildYear >= 1995 || propertyPlan.usage === 'G' ? 'HZ' : 'HV',
      radio: index % 3 !== 2,
      fuel: at(['gas', 'gas', 'oil', 'gas', 'district'] as const, index),
      totalArea: 0,
      rwmCount: 0,
      vacancyAccount: null,
    }

    for (const model of [connection, ...buildings]) {
      this.rows.connections.push({
        connection: model.id,
        companyCode: cc,
        parentConnection: model === connection ? null : id,
        propertyConnection: id,
        name1: model.name1,
        name2: model.name2,
        street: model.street,
        houseNumber: model.houseNumber,
        houseNumberSuffix: model.houseNumberSuffix,
        postalCode: model.postalCode,
        city: model.city,
      })
    }

    this.generateUnits(property, company)
    const since = property.units
      .flatMap((unit) => unit.contracts.map((contract) => contract.from))
      .reduce(minDate, startOfYear(this.year - 6))
    this.generateFeatures(property, since)
    this.generateConnectionAttributes(property)
    this.generateContacts(property, company, since)
    for (const unit of property.units) this.generateDevices(property, unit)
    this.generateDistributions(property)
    this.generateRelationValueList(property)
    return property
  }

  private generateFeatures(property: PropertyModel, since: string): void {
    const id = property.connection.id
    const feature = (
      connection: string,
      connectionAttributes: string,
      value: string,
      from: string,
      until: string,
    ) => this.rows.connectionFeatures.push({ connection, connectionAttributes, value, from, until })
    switch (property.plan.hw) {
      case 'active':
        feature(id, 'HW', 'X', since, OPEN_END)
        break
      case 'expired':
        feature(id, 'HW', 'X', since, addDays(this.today, -45))
        break
      case 'renewed':
        feature(id, 'HW', 'X', since, endOfYear(this.year - 4))
        feature(id, 'HW', 'X', startOfYear(this.year - 3), OPEN_END)
        break
      case 'missing':
        break
    }
    feature(id, 'HE', property.owner.businessPartner, since, OPEN_END)
    feature(id, 'HV', property.manager.businessPartner, since, OPEN_END)
    // Buildings are active too: only the "no parent" rule keeps them out of the property list.
    for (const building of property.buildings) feature(building.id, 'HW', 'X', since, OPEN_END)
  }

  private attribute(
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

  private generateConnectionAttributes(property: PropertyModel): void {
    for (const model of [property.connection, ...property.buildings]) {
      const units = model === property.connection ? property.units : model.units
      const living = units.filter((u) => u.usage === 'W').reduce((sum, u) => sum + u.area, 0)
      const commercial = units.filter((u) => u.usage === 'G').reduce((sum, u) => sum + u.area, 0)
      const heated = living + commercial
      const usage = living > 0 && commercial > 0 ? 'WG' : commercial > 0 ? 'G' : 'W'
      const add = (name: string, value: string) =>
        this.attribute(property, 'ANSCHLUSS', model.id, name, value)
      if (model === property.connection) add('PR', property.product)
      add('HF', decimal2(heated))
      add('EMF', decimal2(Math.round(heated * 1.08)))
      add('NF', decimal2(commercial))
      add('WF', decimal2(living))
      add('GNA', model === property.connection ? property.plan.usage : usage)
      add('NE', String(units.length))
      if (model === property.connection) {
        add('TM_KW', this.pick(['VERB', 'WF']))
        add('TM_WW', 'VERB')
        add('GK_HZ', money(units.length * this.int(2_400, 3_600)))
        add('GK_WA', money(units.length * this.int(1_200, 2_000)))
      }
      add(
        'BJ',
        String(
          model === property.connection ? property.buildYear : property.buildYear + this.int(0, 12),
        ),
      )
    }
  }

  private generateContacts(property: PropertyModel, company: CompanySpec, since: string): void {
    const cc = property.companyCode
    const relation = (role: string, partner: PartnerRow) =>
      this.rows.objectRelations.push({
        companyCode: cc,
        propertyConnection: property.connection.id,
        sourceType: 'ANSCHLUSS',
        sourceKey: property.connection.id,
        targetType: 'PARTNER',
        targetKey: partner.businessPartner,
        role,
        from: since,
        until: null,
      })
    relation('EIGENTUEMER', property.owner)
    relation('VERWALTER', property.manager)
    const caretaker = this.chance(0.5)
      ? this.companyPartner(cc, company.cities, 'Hausmeisterservice', 'e.K.')
      : this.personPartner(cc, this.address(company.cities))
    relation('HAUSMEISTER', caretaker)
    if (property.index % 4 === 2) {
      relation('ABW_LE', this.companyPartner(cc, company.cities, 'Steuerkanzlei'))
    }
  }

  // -- units and contracts --------------------------------------------------------------------

  private generateUnits(property: PropertyModel, company: CompanySpec): void {
    const models = [property.connection, ...property.buildings]
    const total = property.plan.units
    const own = Math.ceil(total / models.length)
    const rest = total - own
    const shares = models.map((_, i) =>
      i === 0
        ? own
        : Math.floor(rest / property.buildings.length) +
          (i <= rest % property.buildings.length ? 1 : 0),
    )
    let index = 0
    models.forEach((model, m) => {
      const count = shares[m] ?? 0
      const perFloor = count >= 9 ? 3 : 2
      const floors = Math.ceil(count / perFloor)
      const sides = perFloor === 3 ? ['links', 'Mitte', 'rechts'] : ['links', 'rechts']
      for (let j = 0; j < count; j++) {
        index++
        const floor = Math.floor(j / perFloor)
        const floorName =
          floor === 0 ? 'EG' : floors >= 4 && floor === floors - 1 ? 'DG' : `${floor}. OG`
        const alone = floor === floors - 1 && count - floor * perFloor === 1
        const usage =
          property.plan.usage === 'G' || (property.plan.usage === 'WG' && m === 0 && floor === 0)
            ? 'G'
            : 'W'
        const unit: UnitModel = {
          pod: this.nextId('V', property.companyCode),
          index,
          connection: model,
          reference: `NE-${pad(index, 4)}`,
          position: pad(index, 3),
          locationAddendum: alone ? floorName : `${floorName} ${at(sides, j % perFloor)}`,
          usage,
          area: usage === 'G' ? this.int(6_000, 24_000) : this.int(4_200, 11_500),
          billingObject: this.nextId('AO', property.companyCode),
          contracts: [],
        }
        model.units.push(unit)
        property.units.push(unit)
        property.totalArea += unit.area
        this.addUnitRows(property, unit)
        this.generateContracts(property, unit, company)
      }
    })
  }

  private addUnitRows(property: PropertyModel, unit: UnitModel): void {
    const cc = property.companyCode
    const propertyConnection = property.connection.id
    this.rows.pointsOfDelivery.push({
      pointOfDelivery: unit.pod,
      companyCode: cc,
      propertyConnection,
      connection: unit.connection.id,
      reference: unit.reference,
      street: unit.connection.street,
      houseNumber: unit.connection.houseNumber,
      houseNumberSuffix: unit.connection.houseNumberSuffix,
      position: unit.position,
      locationAddendum: unit.locationAddendum,
    })
    const area = decimal2(unit.area)
    const add = (name: string, value: string) =>
      this.attribute(property, 'VSTELLE', unit.pod, name, value)
    add('WF', unit.usage === 'W' ? area : '0.00')
    add('NF', unit.usage === 'G' ? area : '0.00')
    add('HF', area)
    add('EMF', area)
    add('GNA', unit.usage)
    add('NE', '1')
    this.rows.billingObjects.push({
      key: unit.billingObject,
      companyCode: cc,
      propertyConnection,
      pointOfDelivery: unit.pod,
    })
  }

  /**
   * 1-3 contracts per unit, newest first while planning: the current one (active, terminated or
   * vacant), before it ended tenancies and sometimes a vacancy. The unit index decides the kinds,
   * so every status and account type occurs in every property with eight or more units.
   */
  private generateContracts(property: PropertyModel, unit: UnitModel, company: CompanySpec): void {
    const k = unit.index
    const commercial = unit.usage === 'G'
    const count = 1 + (k % 3)
    type Kind = { status: ContractModel['status']; vacancy: boolean }
    const current: Kind = commercial
      ? { status: k % 4 === 2 ? 'K' : 'A', vacancy: false }
      : k % 10 === 3
        ? { status: 'L', vacancy: true }
        : { status: k % 10 === 7 ? 'K' : 'A', vacancy: false }
    const planned: { kind: Kind; from: string; until: string | null }[] = []
    let from = startOfMonth(addMonths(this.today, -this.int(2, 54)))
    planned.push({
      kind: current,
      from,
      until: current.status === 'K' ? endOfMonth(addMonths(this.today, this.int(1, 4))) : null,
    })
    for (let i = 1; i < count; i++) {
      const after = planned[planned.length - 1]
      const vacancy = i === 1 && k % 4 === 1 && after !== undefined && !after.kind.vacancy
      const until = addDays(from, -1)
      from = addMonths(from, vacancy ? -this.int(2, 6) : -this.int(14, 96))
      planned.push({ kind: { status: vacancy ? 'L' : 'B', vacancy }, from, until })
    }
    for (const entry of planned.reverse()) {
      unit.contracts.push(
        this.addContract(
          property,
          unit,
          company,
          entry.kind.status,
          entry.kind.vacancy,
          entry.from,
          entry.until,
        ),
      )
    }
    this.rows.objectRelations.push({
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      sourceType: 'VSTELLE',
      sourceKey: unit.pod,
      targetType: 'ABRECHNUNGSOBJEKT',
      targetKey: unit.billingObject,
      role: null,
      from: unit.contracts[0]?.from ?? null,
      until: null,
    })
  }

  private addContract(
    property: PropertyModel,
    unit: UnitModel,
    company: CompanySpec,
    status: ContractModel['status'],
    vacancy: boolean,
    from: string,
    until: string | null,
  ): ContractModel {
    const cc = property.companyCode
    const propertyConnection = property.connection.id
    const current = until === null || until >= this.today
    const commercial = unit.usage === 'G'
    const unitAddress = {
      street: unit.connection.street,
      houseNumber: unit.connection.houseNumber,
      houseNumberSuffix: unit.connection.houseNumberSuffix,
      postalCode: unit.connection.postalCode,
      city: unit.connection.city,
    }
    let partner: PartnerRow
    let account: string
    let accountType: ContractModel['accountType']
    if (vacancy) {
      partner = property.owner
      accountType = 'VKT'
      if (property.vacancyAccount === null) {
        property.vacancyAccount = this.nextId('VK', cc)
        this.rows.contractAccounts.push({
          contractAccount: property.vacancyAccount,
          companyCode: cc,
          propertyConnection,
          businessPartner: partner.businessPartner,
          reference: `L${cc}-${property.vacancyAccount.slice(-6)}`,
          contractAccountType: 'VKT',
        })
      }
      account = property.vacancyAccount
    } else {
      partner = commercial
        ? this.companyPartner(cc, company.cities, this.pick(BUSINESS_TENANT_WORDS))
        : this.personPartner(cc, current ? unitAddress : this.address(company.cities))
      if (commercial && current) Object.assign(partner, unitAddress)
      accountType = commercial ? 'VKG' : 'VKW'
      account = this.nextId('VK', cc)
      this.rows.contractAccounts.push({
        contractAccount: account,
        companyCode: cc,
        propertyConnection,
        businessPartner: partner.businessPartner,
        reference: `M${cc}-${account.slice(-6)}`,
        contractAccountType: accountType,
      })
    }
    const key = this.nextId('VT', cc)
    const areaM2 = unit.area / 100
    const contract: ContractModel = {
      key,
      account,
      partner,
      status,
      accountType,
      from,
      until,
      externalNumber: `MV-${yearOf(from)}-${key.slice(-5)}`,
      heatingAdvance: Math.round(areaM2 * this.int(110, 160)),
      otherAdvance:
        property.productKind === 'HBK'
          ? Math.round(areaM2 * this.int(180, 260))
          : Math.round(areaM2 * this.int(40, 70)),
      tariffs: [],
    }
    this.rows.contracts.push({
      key,
      companyCode: cc,
      propertyConnection,
      pointOfDelivery: unit.pod,
      contractAccount: account,
      businessPartner: partner.businessPartner,
      contractStatus: status,
      externalNumber: contract.externalNumber,
      from,
      until,
    })
    const components =
      property.productKind === 'HBK' ? ['HKVOR', 'NKVOR', 'BKVOR'] : ['HKVOR', 'NKVOR']
    for (const tariffComponent of components) {
      const tariff: TariffRow = {
        contract: key,
        tariffComponent,
        billingVoucher: null,
        from,
        until,
      }
      contract.tariffs.push(tariff)
      this.rows.contractTariffs.push(tariff)
    }
    this.rows.contractFeatures.push(
      { contract: key, contractAttribute: 'NUTZEINH', value: unit.reference, from, until },
      {
        contract: key,
        contractAttribute: 'EXT_RG',
        value: accountType === 'VKG' && unit.index % 2 === 0 ? '1' : '0',
        from,
        until,
      },
    )
    this.rows.objectRelations.push({
      companyCode: cc,
      propertyConnection,
      sourceType: 'VSTELLE',
      sourceKey: unit.pod,
      targetType: 'VERTRAG',
      targetKey: key,
      role: null,
      from,
      until,
    })
    return contract
  }

  // -- devices, readings, reading orders ------------------------------------------------------

  private generateDevices(property: PropertyModel, unit: UnitModel): void {
    const k = unit.index
    const slots: {
      typeClass: TypeClass
      room: string
      mainMeter?: boolean
      exchangeOn?: string
    }[] = []
    const before = dateIn(this.year - 3, 2 + (k % 9), 15)
    const after = dateIn(this.year - 1, 2 + (k % 8), 15)
    slots.push({ typeClass: 'KW', room: 'Bad', exchangeOn: k % 6 === 1 ? before : undefined })
    slots.push({ typeClass: 'WW', room: 'Bad', exchangeOn: k % 6 === 4 ? after : undefined })
    if (k % 3 === 0)
      slots.push({ typeClass: 'KW', room: 'Küche' }, { typeClass: 'WW', room: 'Küche' })
    if (unit.usage === 'G') {
      slots.push({ typeClass: 'HZ', room: 'Technikraum' })
      for (const room of OFFICE_ROOMS.slice(0, 2)) slots.push({ typeClass: 'RM', room })
    } else {
      if (property.heatMetering === 'HZ') slots.push({ typeClass: 'HZ', room: 'Flur' })
      else
        for (const room of HEATED_ROOMS.slice(0, 3 + (k % 3))) slots.push({ typeClass: 'HV', room })
      slots.push({ typeClass: 'RWM', room: 'Schlafzimmer' })
      slots.push({
        typeClass: 'RWM',
        room: 'Flur',
        exchangeOn: k % 8 === 5 ? dateIn(this.year - 2, 3 + (k % 6), 10) : undefined,
      })
      if (k % 2 === 0) slots.push({ typeClass: 'RWM', room: 'Kinderzimmer' })
      if (k % 6 === 0) slots.push({ typeClass: 'GWA', room: 'Küche' })
    }
    // The building's main meters sit with its first unit's billing object.
    if (unit === unit.connection.units[0]) {
      slots.push({ typeClass: 'KW', room: 'Hausanschlussraum', mainMeter: true })
      slots.push({ typeClass: 'WA', room: 'Heizungsraum', mainMeter: true })
      if (unit.connection === property.connection) {
        slots.push({ typeClass: 'HZ', room: 'Heizungsraum', mainMeter: true })
      }
    }
    property.rwmCount += slots.filter((s) => s.typeClass === 'RWM').length

    const readingWindow = startOfYear(this.year - 4)
    const tenantChanges = unit.contracts.slice(1).map((c) => c.from)
    for (const slot of slots) {
      const type = DEVICE_TYPES[slot.typeClass]
      const lifetime = type.calibrationYears ? type.calibrationYears * 12 - 4 : 96
      const installedLast =
        slot.exchangeOn ?? startOfMonth(addMonths(this.today, -this.int(20, lifetime)))
      const lives: { from: string; until: string | null }[] = []
      if (slot.exchangeOn) {
        lives.push({
          from: addMonths(slot.exchangeOn, -this.int(lifetime - 12, lifetime)),
          until: slot.exchangeOn,
        })
      }
      lives.push({ from: installedLast, until: null })
      for (const life of lives) {
        const key = this.nextId('G', property.companyCode)
        this.rows.devices.push({
          key,
          companyCode: property.companyCode,
          propertyConnection: property.connection.id,
          serialNumber: `${type.serialPrefix}${this.faker.string.numeric(8)}`,
          segment: type.segment,
          typeClass: slot.typeClass,
          room: slot.room,
          installationDate: life.from,
          removalDate: life.until,
          calibrationYear: type.calibrationYears ? yearOf(life.from) - this.int(0, 1) : null,
          meterClass: this.pick(type.meterClasses),
        })
        for (let register = 1; register <= type.registers; register++) {
          this.rows.deviceTimeSlices.push({
            device: key,
            from: life.from,
            until: life.until,
            counterPosition: String(register),
          })
        }
        this.rows.deviceAssignments.push({
          device: key,
          billingObject: unit.billingObject,
          mainMeter: slot.mainMeter === true,
          from: life.from,
          until: life.until,
        })
        if (type.dailyUse) {
          const scale = slot.mainMeter ? unit.connection.units.length : 1
          this.generateReadings(
            property,
            unit,
            key,
            slot.typeClass,
            life,
            readingWindow,
            tenantChanges,
            scale,
          )
        }
      }
    }
    this.generateReadingOrders(property, unit, slots)
  }

  private generateReadings(
    property: PropertyModel,
    unit: UnitModel,
    device: string,
    typeClass: TypeClass,
    life: { from: string; until: string | null },
    window: string,
    tenantChanges: readonly string[],
    scale: number,
  ): void {
    const [low, high] = DEVICE_TYPES[typeClass].dailyUse ?? [0, 0]
    const daily = this.int(low, high) * scale
    const end = life.until ?? this.today
    const dates = new Map<string, string>()
    if (life.from >= window) dates.set(life.from, 'EB')
    for (let year = this.year - 4; year <= this.year; year++) {
      if (typeClass !== 'HV') dates.set(dateIn(year, 6, 30), 'ZO')
      dates.set(endOfYear(year), 'AB')
    }
    for (const change of tenantChanges) dates.set(change, 'NW')
    if (life.until) dates.set(life.until, 'ZM')
    const readingDays = [...dates.keys()]
      .filter((day) => day >= maxDate(window, life.from) && day <= end && day <= this.today)
      .sort()
    let reading = life.from >= window ? this.int(0, 5_000) : daily * daysBetween(life.from, window)
    let previousDay = maxDate(window, life.from)
    const readings: { day: string; reason: string; reading: number; readingType: string }[] = []
    for (const day of readingDays) {
      const reason = dates.get(day) ?? 'AB'
      if (readings.length > 0 || reason !== 'EB') {
        reading += Math.round(
          daily *
            daysBetween(previousDay, day) *
            (0.8 + this.faker.number.float({ min: 0, max: 0.4 })),
        )
      }
      const estimated = (reason === 'AB' || reason === 'ZO') && this.int(0, 14) === 0
      const readingType = estimated
        ? READING_TYPES.estimate
        : reason === 'EB' || reason === 'ZM'
          ? READING_TYPES.fitter
          : reason === 'NW'
            ? unit.index % 2 === 0
              ? READING_TYPES.fitter
              : READING_TYPES.customer
            : property.radio
              ? READING_TYPES.radio
              : reason === 'AB'
                ? READING_TYPES.fitter
                : READING_TYPES.customer
      readings.push({ day, reason, reading, readingType })
      previousDay = day
    }
    // No faker draws below: the rows above stay what they were before the monthly values existed.
    if (property.radio) {
      const seasonal = typeClass === 'HV' || typeClass === 'HZ'
      for (const monthly of monthlyRadioReadings(readings, this.today, end, daily, seasonal)) {
        readings.push({ ...monthly, reason: 'ZO', readingType: READING_TYPES.radio })
      }
      readings.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    }
    let previousReading: number | null = null
    for (const { day, reason, reading: value, readingType } of readings) {
      this.rows.measurements.push({
        companyCode: property.companyCode,
        propertyConnection: property.connection.id,
        device,
        pointOfDelivery: unit.pod,
        readingDate: day,
        reading: decimal3(value),
        difference: previousReading === null ? null : decimal3(value - previousReading),
        readingType,
        readingReason: reason,
      })
      previousReading = value
    }
  }

  /**
   * Yearly reading orders over four years and the next planned one, reading orders at tenant
   * changes and device exchanges, and a few with reasons that section 5 drops. The order at the
   * end of the year four years ago lies before the cut-off (1 January three years ago).
   */
  private generateReadingOrders(
    property: PropertyModel,
    unit: UnitModel,
    slots: readonly { exchangeOn?: string }[],
  ): void {
    const k = unit.index
    const orders: { readingDate: string; readingReason: string }[] = []
    for (let year = this.year - 4; year <= this.year; year++) {
      orders.push({ readingDate: endOfYear(year), readingReason: 'AB' })
    }
    const window = startOfYear(this.year - 4)
    for (const contract of unit.contracts.slice(1)) {
      if (contract.from >= window && contract.from <= this.today) {
        orders.push({ readingDate: contract.from, readingReason: 'NW' })
      }
    }
    for (const slot of slots) {
      if (slot.exchangeOn && slot.exchangeOn >= window)
        orders.push({ readingDate: slot.exchangeOn, readingReason: 'EB' })
    }
    if (k % 5 === 0) orders.push({ readingDate: dateIn(this.year - 2, 6, 30), readingReason: 'ZM' })
    if (k % 5 === 1) orders.push({ readingDate: dateIn(this.year - 1, 6, 30), readingReason: 'ZO' })
    if (k % 4 === 0)
      orders.push({
        readingDate: dateIn(this.year - 1, 9, 15),
        readingReason: OTHER_READING_REASONS.control,
      })
    if (k % 6 === 2)
      orders.push({
        readingDate: dateIn(this.year - 3, 3, 10),
        readingReason: OTHER_READING_REASONS.special,
      })
    orders.sort((a, b) =>
      a.readingDate < b.readingDate ? -1 : a.readingDate > b.readingDate ? 1 : 0,
    )
    for (const order of orders) {
      this.rows.readingOrders.push({
        companyCode: property.companyCode,
        propertyConnection: property.connection.id,
        pointOfDelivery: unit.pod,
        device: null,
        ...order,
      })
    }
  }

  // -- distributions and expenses -------------------------------------------------------------

  private statusOf(step: StatusStep, year: number) {
    const cap = (day: string) => minDate(day, addDays(this.today, -1))
    switch (step) {
      case 'O':
        return { status: 'O' as const, on: cap(dateIn(year + 1, 2, 1)), billed: false }
      case 'E':
        return { status: 'E' as const, on: cap(dateIn(year + 1, 4, 10)), billed: false }
      case 'V':
        return { status: 'V' as const, on: cap(dateIn(year + 1, 6, 20)), billed: true }
      case 'G':
        return { status: 'G' as const, on: cap(dateIn(year + 1, 9, 30)), billed: true }
      case 'S':
        return { status: 'S' as const, on: cap(dateIn(year + 1, 5, 15)), billed: false }
      case 'F_OLD':
        // Released more than a year ago and never reviewed: due for the automatic approval.
        return { status: 'F' as const, on: addMonths(this.today, -13), billed: true }
      case 'F_RECENT':
        return { status: 'F' as const, on: addDays(this.today, -20), billed: true }
    }
  }

  private generateDistributions(property: PropertyModel): void {
    property.plan.statuses.forEach((step, i) => {
      const age = 5 - i
      const year = this.year - age
      const { status, on, billed } = this.statusOf(step, year)
      const distribution: DistributionModel = {
        id: `${property.connection.id}-${year}`,
        property,
        year,
        status,
        statusChangedOn: on,
        billedOn: billed ? minDate(dateIn(year + 1, 6, 20), addDays(this.today, -1)) : null,
      }
      this.rows.distributions.push({
        operatingCostsDistribution: distribution.id,
        companyCode: property.companyCode,
        propertyConnection: property.connection.id,
        connection: property.connection.id,
        businessPartner: property.owner.businessPartner,
        product: property.product,
        productVersion: property.productVersion,
        from: startOfYear(year),
        until: endOfYear(year),
        operatingCostsDistributionStatus: status,
        statusChangedAt: instant(on, '09:30'),
        version: 1,
      })
      const totals = this.generateExpenses(distribution)
      if (billed) this.generateBilling(distribution, totals, age)
      if (status === 'S' && age <= 3) this.generateCancelledVouchers(distribution)
      if (on >= addDays(this.today, -400) && status !== 'O') this.auditStatus(distribution)
      if (property.index < (PLANS[property.companyCode]?.length ?? 0)) {
        this.planDistributions.push(distribution)
      }
    })
  }

  private auditStatus(distribution: DistributionModel): void {
    const previous = { E: 'O', V: 'E', F: 'V', G: 'F', S: 'E', O: 'O' }[distribution.status]
    this.rows.auditLog.push({
      at: instant(distribution.statusChangedOn, '09:30'),
      userName: SYSTEM_USER,
      companyCode: distribution.property.companyCode,
      action: 'DISTRIBUTION_STATUS_CHANGED',
      entity: 'operatingCostsDistribution',
      entityKey: distribution.id,
      before: { operatingCostsDistributionStatus: previous },
      after: { operatingCostsDistributionStatus: distribution.status },
    })
  }

  /** Adds the expense lines; returns the apportionable totals of the listed lines in cents. */
  private generateExpenses(distribution: DistributionModel): { heating: number; working: number } {
    const { property, year } = distribution
    const from = startOfYear(year)
    const until = endOfYear(year)
    const open = distribution.status === 'O'
    const units = property.units.length
    const m2 = property.totalArea / 100
    const priceFactor = 1 + 0.05 * (year - (this.year - 5))
    const cost = (eurosPerUnit: number, spread = 0.15) =>
      Math.round(
        eurosPerUnit *
          100 *
          priceFactor *
          (1 - spread + this.faker.number.float({ min: 0, max: 2 * spread })),
      )
    const entryDay = minDate(dateIn(year + 1, 2, 20), addDays(this.today, -1))
    const systemDay = minDate(dateIn(year + 1, 1, 15), addDays(this.today, -1))
    const totals = { heating: 0, working: 0 }
    const propertyId = property.connection.id
    const firstUnit = at(property.units, 0)
    const lastUnit = at(property.units, property.units.length - 1)

    const line = (
      code: string,
      gross: number,
      options: {
        vat?: number
        apportionable?: number
        deductible?: number
        key?: string
        object?: string
        /** The key of the related record, of the one kind its object type names (decision 012). */
        allocationObject?: string
        quantity?: number
        unit?: string
        energyCarrier?: EnergyCarrierCode
        note?: string
        from?: string
        until?: string
        system?: boolean
      } = {},
    ) => {
      const type: CostType = costType(code)
      const net = Math.round(gross / (1 + (options.vat ?? 19) / 100))
      const share = options.apportionable ?? 1
      const apportionable = Math.round(gross * share)
      if (!type.excluded) totals[type.kind] += apportionable
      this.rows.expenses.push({
        guid: counterUuid(UUID_KIND.expense, this.next('expense')),
        companyCode: property.companyCode,
        propertyConnection: propertyId,
        operatingCostsDistribution: distribution.id,
        kind: type.kind,
        tariffComponent: code,
        supplyArea: type.supplyArea,
        object: options.object ?? 'ANSCHLUSS',
        key: options.key ?? at(type.keys, 0),
        allocationObject: options.allocationObject ?? propertyId,
        allocationRef: options.allocationObject ?? propertyId,
        from: options.from ?? from,
        until: options.until ?? until,
        quantity: options.quantity === undefined ? null : decimal3(options.quantity),
        unit: options.unit ?? null,
        energyCarrier: options.energyCarrier ?? null,
        amountTransactionCurrency: money(gross),
        amountNet: money(net),
        apportionableAmount: money(apportionable),
        deductibleAmount: money(Math.round(gross * (options.deductible ?? 0))),
        amountNetApportionable: money(Math.round(net * share)),
        note: options.note ?? null,
        createdBy: options.system || type.excluded ? SYSTEM_USER : property.author,
        version: 1,
        createdAt: instant(options.system || type.excluded ? systemDay : entryDay, '10:00'),
      })
    }

    // Heating list
    const kwh = Math.round(m2 * this.int(115, 165))
    const pricePerKwh = property.fuel === 'district' ? 0.12 : 0.095
    const fuelGross = cost(kwh * pricePerKwh, 0.05)
    const fuelNote = {
      gas: 'Erdgaslieferung Stadtwerke',
      oil: 'Heizöllieferung',
      district: 'Fernwärme Versorger',
    }[property.fuel]
    const energyCarrier = ({ gas: 'ERDGAS_H', oil: 'HEIZOEL_EL', district: 'FERNWAERME' } as const)[
      property.fuel
    ]
    const fuels: Co2FuelInput[] = []
    const fuelLine = (
      gross: number,
      quantity: number,
      unit: string,
      note: string,
      period: { from?: string; until?: string } = {},
    ) => {
      line('HK_BRENNSTOFF', gross, { quantity, unit, note, energyCarrier, ...period })
      fuels.push({
        energyCarrier,
        quantity: decimal3(quantity),
        from: period.from ?? from,
        until: period.until ?? until,
      })
    }
    if (property.index % 2 === 1) {
      const firstHalf = Math.round(fuelGross * 0.6)
      fuelLine(firstHalf, Math.round(kwh * 0.6) * 1000, 'kWh', `${fuelNote} Januar bis Juni`, {
        until: dateIn(year, 6, 30),
      })
      fuelLine(
        fuelGross - firstHalf,
        (kwh - Math.round(kwh * 0.6)) * 1000,
        'kWh',
        `${fuelNote} Juli bis Dezember`,
        { from: dateIn(year, 7, 1) },
      )
    } else {
      fuelLine(
        fuelGross,
        property.fuel === 'oil' ? Math.round(kwh / 10) * 1000 : kwh * 1000,
        property.fuel === 'oil' ? 'l' : 'kWh',
        fuelNote,
      )
    }
    line('HK_DLP', cost(45 + units * 12.8, 0), {
      key: 'NE',
      quantity: units * 1000,
      unit: 'Stück',
      note: 'Abrechnungsdienstleistung',
      system: true,
    })
    // §5: CO2 costs are entered as credits, so this line is negative. The landlord's share is the
    // split the server computes (decision 032); district heating needs the supplier's kg CO2,
    // which the demo does not have, so its line is an estimate the CO2 panel will question.
    const estimate = -Math.round(
      fuelGross * (0.04 + this.faker.number.float({ min: 0, max: 0.08 })),
    )
    const living = property.units
      .filter((unit) => unit.usage === 'W')
      .reduce((sum, unit) => sum + unit.area, 0)
    const split = co2Split({
      fuels,
      emissionsKgInvoice: null,
      co2CostInvoice: null,
      areaKind: 'WF',
      areaSquareMetres: living > 0 ? decimal2(living) : null,
      from,
      until,
      residential: property.plan.usage !== 'G',
      restriction: 'none',
    })
    const co2 =
      split.landlordAmount === null ? estimate : -Math.round(Number(split.landlordAmount) * 100)
    line('HK_CO2', co2, {
      quantity: Math.round(Number(split.emissionsKg ?? kwh * 0.201)),
      unit: 't',
      note: 'Vermieteranteil nach CO2KostAufG',
    })
    if (!open) {
      line('HK_STROM', cost(units * 160 * 0.3), {
        key: 'HF',
        quantity: units * 160_000,
        unit: 'kWh',
      })
      line('HK_WARTUNG', cost(480), { deductible: 0.5, note: 'Wartungsvertrag Heizungsbau' })
      line('HK_IMMISSION', cost(120), { key: 'NE', deductible: 0.8 })
      line('HK_GERAETEMIETE', cost(units * 34), {
        key: 'NE',
        quantity: units * 1000,
        unit: 'Stück',
      })
      line('HK_GERAETEMIETE', cost(65, 0.1), {
        key: 'DIR',
        object: 'VSTELLE',
        allocationObject: lastUnit.pod,
        note: `Nachrüstung Erfassungsgerät ${lastUnit.reference}`,
      })
    }
    const advances = property.units.reduce(
      (sum, unit) => sum + (unit.contracts.at(-1)?.heatingAdvance ?? 0),
      0,
    )
    line('HKVOR', advances * 12, { key: 'DIR', note: 'Summe Vorauszahlungen' })
    const baseShare = at([30, 40, 50], property.index)
    line('HKA_H1', Math.round((fuelGross * baseShare) / 100), {
      quantity: baseShare * 1000,
      unit: '%',
    })
    line('HKA_H2', fuelGross - Math.round((fuelGross * baseShare) / 100), {
      quantity: (100 - baseShare) * 1000,
      unit: '%',
    })
    line('HKA_W1', Math.round(fuelGross * 0.3 * 0.18), { quantity: 30_000, unit: '%' })
    line('HKA_W2', Math.round(fuelGross * 0.7 * 0.18), { quantity: 70_000, unit: '%' })
    line('HKA_KW', cost(units * 40 * 2.1), { quantity: units * 40_000, unit: 'm³' })
    line('HKA_WW', cost(units * 15 * 2.1), { quantity: units * 15_000, unit: 'm³' })

    // Working list
    const water = units * this.int(38, 46)
    line('NK_WASSER', cost(water * 2.1 + 120), {
      vat: 7,
      key: 'VERB',
      quantity: water * 1000,
      unit: 'm³',
    })
    if (!open)
      line('NK_ABWASSER', cost(water * 2.6), {
        vat: 0,
        key: 'VERB',
        quantity: water * 1000,
        unit: 'm³',
      })
    if (property.productKind === 'HBK') {
      line('NK_GRUNDSTEUER', cost(m2 * 2.2), { vat: 0, note: `Grundsteuerbescheid ${year}` })
      line('NK_VERSICHERUNG', cost(m2 * 2.1), {
        vat: 0,
        from: dateIn(year, 4, 1),
        note: 'Wohngebäudeversicherung ab April',
      })
      line('NK_VERSICHERUNG', cost(m2 * 0.7), {
        vat: 0,
        until: dateIn(year, 3, 31),
        note: 'Wohngebäudeversicherung Januar bis März',
      })
      line(
        'BKVOR',
        property.units.reduce((sum, unit) => sum + (unit.contracts.at(-1)?.otherAdvance ?? 0), 0) *
          6,
        { key: 'DIR', note: 'Summe Vorauszahlungen Betriebskosten' },
      )
      if (!open) {
        line('NK_STRASSENREINIGUNG', cost(m2 * 0.35), { vat: 0 })
        line('NK_MUELL', cost(units * 180), { vat: 0, key: 'NE' })
        line('NK_ALLGSTROM', cost(units * 110 * 0.32), {
          key: 'NE',
          quantity: units * 110_000,
          unit: 'kWh',
        })
        line('BK_HAUSMEISTER', cost(m2 * 3.4), {
          apportionable: 0.85,
          deductible: 0.9,
          note: 'Hauswart inkl. Verwaltungsanteil (nicht umlagefähig)',
        })
        line('BK_GARTEN', cost(900, 0.4), { deductible: 0.8 })
        line('BK_WINTERDIENST', cost(380, 0.4), { deductible: 0.9 })
        line('SK_RWM', cost(property.rwmCount * 4.9), {
          key: 'NE',
          quantity: property.rwmCount * 1000,
          unit: 'Stück',
          deductible: 0.4,
        })
        line('SK_RWM', cost(39, 0), {
          key: 'DIR',
          object: 'NUTZUNGSEINHEIT',
          allocationObject: firstUnit.pod,
          note: `Austausch defekter Rauchwarnmelder ${firstUnit.reference}`,
          deductible: 0.4,
        })
        if (year % 3 === 0) line('SK_LEGIONELLEN', cost(340), { key: 'NE' })
        const cleaningTargets =
          property.buildings.length > 0
            ? [property.connection, ...property.buildings]
            : [property.connection]
        for (const target of cleaningTargets) {
          line('BK_REINIGUNG', cost((m2 * 1.6) / cleaningTargets.length), {
            deductible: 0.9,
            allocationObject: target.id,
            note:
              target === property.connection
                ? 'Treppenhausreinigung'
                : `Treppenhausreinigung ${target.name2}`,
          })
        }
        if (property.plan.units >= 12 || property.buildings.length > 0) {
          line('BK_AUFZUG', cost(2_400, 0.25), {
            key: 'NE',
            object: 'NUTZERGRUPPE',
            allocationObject: `${propertyId}-NUG1`,
            deductible: 0.3,
            note: 'Wartung und Notruf Aufzug',
          })
        }
        if (property.units.some((unit) => unit.usage === 'G')) {
          line('NK_MUELL', cost(420, 0.3), {
            vat: 0,
            key: 'NF',
            object: 'NUTZGRUPPE',
            allocationObject: `${propertyId}-NG2`,
            note: 'Gewerbemüll',
          })
        }
        const contract = lastUnit.contracts.find((c) => overlaps(c.from, c.until, from, until))
        if (contract) {
          line('NK_MUELL', cost(85, 0.2), {
            vat: 0,
            key: 'DIR',
            object: 'VERTRAG',
            allocationObject: contract.key,
            note: 'Sperrmüllabholung auf Veranlassung des Mieters',
          })
        }
      }
    }
    line(
      'NKVOR',
      property.units.reduce((sum, unit) => sum + (unit.contracts.at(-1)?.otherAdvance ?? 0), 0) *
        (property.productKind === 'HBK' ? 6 : 12),
      { key: 'DIR', note: 'Summe Vorauszahlungen Nebenkosten' },
    )
    return totals
  }

  // -- invoices, vouchers, correspondences, files ---------------------------------------------

  private addAttachment(
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

  private letterhead(property: PropertyModel): PdfLine[] {
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

  /**
   * A distribution the provider has distributed: the overall statement for the owner and, for
   * the last three years, per contract a billing voucher, an invoice (AR…) with its PDF, the
   * correspondence HVWZ_HV that lists it and the voucher positions (heating, other costs).
   */
  private generateBilling(
    distribution: DistributionModel,
    totals: { heating: number; working: number },
    age: number,
  ): void {
    const { property, year } = distribution
    const cc = property.companyCode
    const propertyConnection = property.connection.id
    const from = startOfYear(year)
    const until = endOfYear(year)
    const documentDate = distribution.billedOn ?? this.today
    const dueDate = addDays(documentDate, 30)
    const period = `${germanDate(from)} bis ${germanDate(until)}`
    this.addAttachment(
      property,
      'KORRESPONDENZ',
      distribution.id,
      `Gesamtabrechnung_${distribution.id}.pdf`,
      [
        ...this.letterhead(property),
        { text: `Gesamtabrechnung ${year}`, size: 16, gap: 18 },
        { text: `Kostenverteilung ${distribution.id}, Zeitraum ${period}` },
        { text: `Heizkosten (umlagefähig): ${germanMoney(totals.heating)}`, gap: 12 },
        { text: `Betriebs- und Nebenkosten (umlagefähig): ${germanMoney(totals.working)}` },
        {
          text: `Eigentümer: ${property.owner.name1} ${property.owner.name2 ?? ''}`.trim(),
          gap: 12,
        },
        { text: 'Demodaten - kein echtes Dokument.', size: 8, gap: 24 },
      ],
      documentDate,
      { note: `Gesamtabrechnung ${year}` },
    )
    if (age > 3) return

    const periodDays = daysBetween(from, until) + 1
    let first = true
    for (const unit of property.units) {
      const share = unit.area / property.totalArea
      for (const contract of unit.contracts) {
        if (!overlaps(contract.from, contract.until, from, until)) continue
        const billedFrom = maxDate(contract.from, from)
        const billedUntil = contract.until === null ? until : minDate(contract.until, until)
        const fraction = (daysBetween(billedFrom, billedUntil) + 1) / periodDays
        const months = Math.round(fraction * 12)
        const heating =
          Math.round(totals.heating * share * fraction) - contract.heatingAdvance * months
        const other = Math.round(totals.working * share * fraction) - contract.otherAdvance * months
        const billingVoucher = this.nextId('AB', cc)
        const invoice = this.nextId('AR', cc)
        const name = `${contract.partner.name1} ${contract.partner.name2 ?? ''}`.trim()
        const attachment = this.addAttachment(
          property,
          'RECHNUNG',
          distribution.id,
          `Abrechnung_${invoice}.pdf`,
          [
            ...this.letterhead(property),
            { text: `Heiz- und Betriebskostenabrechnung ${year}`, size: 16, gap: 18 },
            { text: `Rechnung Nr. ${invoice}`, size: 12 },
            { text: `Belegdatum ${germanDate(documentDate)}, fällig am ${germanDate(dueDate)}` },
            {
              text: `Abrechnungszeitraum ${germanDate(billedFrom)} bis ${germanDate(billedUntil)}`,
            },
            {
              text: `Nutzeinheit ${unit.reference} (${unit.locationAddendum}), Vertrag ${contract.key}`,
              gap: 12,
            },
            { text: `Rechnungsempfänger: ${name}` },
            { text: `Heizkosten abzüglich Vorauszahlungen: ${germanMoney(heating)}`, gap: 12 },
            { text: `Betriebskosten abzüglich Vorauszahlungen: ${germanMoney(other)}` },
            {
              text: `${heating + other >= 0 ? 'Nachzahlung' : 'Guthaben'}: ${germanMoney(Math.abs(heating + other))}`,
              size: 12,
            },
            { text: 'Demodaten - keine echte Rechnung.', size: 8, gap: 24 },
          ],
          documentDate,
          { note: `Einzelabrechnung ${unit.reference} ${name}` },
        )
        this.rows.billingVouchers.push({
          billingVoucher,
          invoiceVoucher: invoice,
          companyCode: cc,
          propertyConnection,
          operatingCostsDistribution: distribution.id,
          contract: contract.key,
          contractAccount: contract.account,
          businessPartner: contract.partner.businessPartner,
          pointOfDelivery: unit.pod,
          from: billedFrom,
          until: billedUntil,
          documentDate,
          dueDate,
          amount: money(heating + other),
          attachment,
        })
        for (const tariff of contract.tariffs) tariff.billingVoucher = billingVoucher
        this.rows.correspondences.push({
          id: this.nextId('KR', cc),
          companyCode: cc,
          propertyConnection,
          form: 'HVWZ_HV',
          key: distribution.id,
          voucherNumber: invoice,
          contract: contract.key,
          businessPartner: contract.partner.businessPartner,
          pointOfDelivery: unit.pod,
          from: billedFrom,
          until: billedUntil,
          documentDate,
          dueDate,
          attachment,
        })
        ;[heating, other].forEach((amount, index) => {
          this.rows.vouchers.push({
            voucherNr: invoice,
            position: index + 1,
            companyCode: cc,
            propertyConnection,
            voucherDate: documentDate,
            dueDate,
            contract: contract.key,
            contractAccount: contract.account,
            pointsOfDeliveryReference: unit.reference,
            locationAddendum: unit.locationAddendum,
            utilisationUnit: unit.position,
            contractExternalNumber: contract.externalNumber,
            name1: contract.partner.name1,
            name2: contract.partner.name2 ?? '',
            amount: money(amount),
          })
        })
        if (first && contract.until === null) {
          // The new advance payment plan: a billing voucher that is no invoice (not AR…).
          first = false
          this.rows.billingVouchers.push({
            billingVoucher: this.nextId('AB', cc),
            invoiceVoucher: this.nextId('AP', cc),
            companyCode: cc,
            propertyConnection,
            operatingCostsDistribution: distribution.id,
            contract: contract.key,
            contractAccount: contract.account,
            businessPartner: contract.partner.businessPartner,
            pointOfDelivery: unit.pod,
            from: startOfMonth(addMonths(documentDate, 1)),
            until: endOfMonth(addMonths(documentDate, 12)),
            documentDate,
            dueDate,
            amount: money((contract.heatingAdvance + contract.otherAdvance) * 12),
            attachment: null,
          })
        }
      }
    }
  }

  /** A cancelled distribution keeps the reversal documents (ST…) of its first contracts. */
  private generateCancelledVouchers(distribution: DistributionModel): void {
    const { property, year } = distribution
    const from = startOfYear(year)
    const until = endOfYear(year)
    for (const unit of property.units.slice(0, 3)) {
      const contract = unit.contracts.find((c) => overlaps(c.from, c.until, from, until))
      if (!contract) continue
      this.rows.billingVouchers.push({
        billingVoucher: this.nextId('AB', property.companyCode),
        invoiceVoucher: this.nextId('ST', property.companyCode),
        companyCode: property.companyCode,
        propertyConnection: property.connection.id,
        operatingCostsDistribution: distribution.id,
        contract: contract.key,
        contractAccount: contract.account,
        businessPartner: contract.partner.businessPartner,
        pointOfDelivery: unit.pod,
        from,
        until,
        documentDate: distribution.statusChangedOn,
        dueDate: null,
        amount: '0.00',
        attachment: null,
      })
    }
  }

  /** The concrete objects of a property that expenses can be allocated to. */
  private generateRelationValueList(property: PropertyModel): void {
    const propertyId = property.connection.id
    const relations: { object: string; key: string; name: string }[] = []
    for (const model of [property.connection, ...property.buildings]) {
      relations.push({
        object: 'ANSCHLUSS',
        key: model.id,
        name: `${model.name1} ${model.name2}`.trim(),
      })
    }
    for (const unit of property.units) {
      const name = [unit.reference, unit.locationAddendum].filter(Boolean).join(' · ')
      relations.push({ object: 'VSTELLE', key: unit.pod, name })
      relations.push({ object: 'NUTZUNGSEINHEIT', key: unit.pod, name })
      for (const contract of unit.contracts) {
        relations.push({
          object: 'VERTRAG',
          key: contract.key,
          name: `${contractName(contract.partner)} · ${unit.reference}`,
        })
      }
    }
    relations.push(
      { object: 'NUTZGRUPPE', key: `${propertyId}-NG1`, name: 'Wohnen' },
      { object: 'NUTZGRUPPE', key: `${propertyId}-NG2`, name: 'Gewerbe' },
      { object: 'NUTZERGRUPPE', key: `${propertyId}-NUG1`, name: 'Aufzugsnutzer (ab 1. OG)' },
    )
    for (const tableName of [HEATING_VALUE_LIST, OPERATING_VALUE_LIST]) {
      for (const relation of relations) {
        this.rows.valueListEntries.push({
          companyCode: property.companyCode,
          tableName,
          fieldName: VALUE_LIST_FIELD,
          product: property.product,
          productVersion: property.productVersion,
          validFrom: startOfYear(this.year - 6),
          validUntil: OPEN_END,
          tariffComponent: null,
          object: relation.object,
          key: relation.key,
          obj: relation.object,
          name: relation.name,
        })
      }
    }
  }

  // -- users and what they did ----------------------------------------------------------------

  private generateUsers(): void {
    for (const user of DEMO_USERS) {
      this.rows.users.push({
        userName: user.userName,
        companyCode: user.companyCode,
        businessPartner: user.businessPartner,
        name: user.name,
        mail: user.mail,
        passwordHash: this.passwordHash,
        createdAt: instant(startOfYear(this.year - 1)),
      })
    }
  }

  private openDistribution(property: PropertyModel | undefined): DistributionModel | undefined {
    return this.planDistributions.find((d) => d.property === property && d.status === 'O')
  }

  /**
   * Cost documents uploaded by the users, two tenant changes waiting for the provider, and a
   * declined distribution, all in the last days before `today`.
   */
  private generateActivities(): void {
    const ownerProperty = this.planProperties.get('1000/0')
    const managedProperty = this.planProperties.get('1000/3')
    const foreignProperty = this.planProperties.get('2000/0')

    const uploads: [PropertyModel | undefined, string, string, string][] = [
      [ownerProperty, 'eigentuemer', 'Gasrechnung', 'Jahresrechnung Erdgas'],
      [ownerProperty, 'eigentuemer', 'Hausmeisterrechnung', 'Rechnung Hausmeisterdienst'],
      [managedProperty, 'verwalter', 'Grundsteuerbescheid', 'Grundsteuerbescheid der Stadt'],
      [foreignProperty, 'fremd', 'Wasserrechnung', 'Abrechnung Wasserversorger'],
    ]
    uploads.forEach(([property, userName, title, note], i) => {
      const distribution = this.openDistribution(property)
      if (!property || !distribution) return
      const day = addDays(this.today, -(3 + i))
      this.addAttachment(
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
      this.reseed(`${property.connection.id}/tenant-change/${userName}`)
      const sex = this.pick(['female', 'male'] as const)
      const firstName = this.faker.person.firstName(sex)
      const lastName = this.faker.person.lastName()
      const name1 = company ? `${this.pick(BUSINESS_TENANT_WORDS)} ${lastName}` : firstName
      this.rows.activities.push({
        id: counterUuid(UUID_KIND.activity, this.next('activity')),
        companyCode: property.companyCode,
        propertyConnection: property.connection.id,
        activityType: 'MIETERWECHSEL',
        objectType: 'VSTELLE',
        objectKey: unit.pod,
        status,
        payload: {
          customerType: company ? 'company' : 'private',
          salutation: company ? 'UN' : sex === 'female' ? 'FR' : 'HR',
          title: !company && this.chance(0.3) ? 'DR' : '',
          NAME1: name1,
          NAME2: company ? this.pick(LEGAL_FORMS) : lastName,
          AUSZUG: endOfMonth(addMonths(this.today, 1)),
          PLZ: unit.connection.postalCode,
          ORT: unit.connection.city,
          STRASSE: unit.connection.street,
          HAUSNR: unit.connection.houseNumber,
          ZUSATZ: unit.locationAddendum,
          POSTFACH: '',
          EMAIL: company
            ? `kontakt@${slug(name1)}.example.com`
            : `${slug(firstName)}.${slug(lastName)}@example.org`,
          TEL: this.faker.phone.number(),
          information: `Einzug zum ${germanDate(addDays(endOfMonth(addMonths(this.today, 1)), 1))}, Schlüsselübergabe über die Hausverwaltung.`,
        },
        attachment: null,
        createdBy: userName,
        createdAt: instant(addDays(this.today, -daysAgo), '15:20'),
      })
    }
    tenantChange(ownerProperty, 'eigentuemer', 'EINGEGANGEN', 2, false)
    tenantChange(managedProperty, 'verwalter', 'IN_BEARBEITUNG', 9, true)
    tenantChange(foreignProperty, 'fremd', 'EINGEGANGEN', 4, false)

    const declined = this.planDistributions.find(
      (d) =>
        d.property.plan.demoOwner &&
        d.status === 'F' &&
        d.statusChangedOn >= addYears(this.today, -1),
    )
    if (declined) {
      this.rows.activities.push({
        id: counterUuid(UUID_KIND.activity, this.next('activity')),
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
}

/**
 * Months of month-end values a radio system delivers: the monthly consumption information owed to
 * users of remotely readable devices since 2022 (§6a HKVO) covers the last twelve months, each
 * compared with its previous month and with the same month a year before: 25 month ends.
 */
const RADIO_MONTHS = 25
/** Share of a year's heat used per calendar month (January first): heating follows the season. */
const HEATING_SEASON = [16, 14, 12, 8, 4, 2, 1, 1, 3, 8, 13, 18]

/**
 * The month-end values a radio device sends for the last `RADIO_MONTHS` months (reason ZO): every
 * month end of its life that has no reading yet. Between two readings the value follows the
 * consumption actually read, spread over the days (water) or over the heating season (heat meters
 * and allocators); after the last reading it goes on at the device's daily use.
 * Values only ever rise, and no faker draw is made, so the other rows stay as they were.
 */
function monthlyRadioReadings(
  readings: readonly { day: string; reading: number }[],
  today: string,
  end: string,
  daily: number,
  seasonal: boolean,
): { day: string; reading: number }[] {
  const first = readings[0]
  if (!first) return []
  const taken = new Set(readings.map((r) => r.day))
  const weight = (day: string) =>
    seasonal ? at(HEATING_SEASON, Number(day.slice(5, 7)) - 1) / (100 / 12) : 1
  /** Weighted days from `from` to `until`, counted per month end: enough for a monthly profile. */
  const weightedDays = (from: string, until: string) => {
    let total = 0
    let day = from
    while (day < until) {
      const next = minDate(endOfMonth(addDays(day, 1)), until)
      total += daysBetween(day, next) * weight(next)
      day = next
    }
    return total
  }
  const result: { day: string; reading: number }[] = []
  const last = minDate(end, today)
  let month = endOfMonth(addMonths(startOfMonth(today), -RADIO_MONTHS))
  for (; month <= last; month = endOfMonth(addMonths(startOfMonth(month), 1))) {
    if (month <= first.day || taken.has(month)) continue
    const nextIndex = readings.findIndex((r) => r.day > month)
    const before = at(readings, (nextIndex === -1 ? readings.length : nextIndex) - 1)
    const after = nextIndex === -1 ? undefined : readings[nextIndex]
    const value = after
      ? before.reading +
        Math.floor(
          ((after.reading - before.reading) * weightedDays(before.day, month)) /
            Math.max(weightedDays(before.day, after.day), 1),
        )
      : before.reading + Math.round(daily * weightedDays(before.day, month))
    result.push({ day: month, reading: value })
  }
  return result
}
