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
import { contractName, startOfYear } from '@portal/domain'
import { addDays, addMonths, endOfYear, instant, minDate } from './calendar'
import {
  COMPANIES,
  COST_TYPES,
  LEGAL_FORMS,
  OWNER_COMPANY_WORDS,
  PRODUCTS,
  type CompanySpec,
  type ProductKind,
} from './catalogue'
import { DEMO_USERS } from './demo-users'
import { at, decimal2, money, pad } from './format'
import { propertyReferences, unitReferences } from './references'
import { DEMO_OWNER, PLANS, type PropertyPlan } from './plan'
import { type PartnerRow } from './rows'
import { DemoContext } from './generator-context'
import {
  OPEN_END,
  type ConnectionModel,
  type ContractModel,
  type UnitModel,
  type PropertyModel,
} from './generator-models'
import { generateValueListCatalogue, generateRelationValueList } from './generate-value-lists'
import { generateContracts } from './generate-contracts'
import { generateDegreeDays } from './generate-degree-days'
import { generateDevices } from './generate-devices'
import { generateDeviceFaults } from './generate-device-faults'
import { generateDistributions } from './generate-distributions'
import { generateActivities } from './generate-activities'
import { generateServiceOrders, noteOrderDevices } from './generate-service-orders'

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

export class DemoDataGenerator extends DemoContext {
  constructor(
    today: string,
    private readonly scale: number,
    private readonly passwordHash: string,
  ) {
    super(today, new Faker({ locale: [de, en, base] }))
  }

  /** Fills `rows` step by step; the caller may insert and clear them after every step. */
  *generate(): Generator<void, void, void> {
    for (const company of COMPANIES) yield* this.generateCompany(company)
    this.generateUsers()
    generateActivities(this)
    generateServiceOrders(this)
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
      generateValueListCatalogue(this, cc, id, version, kind)
    }
    return result
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

    const references = propertyReferences(index)
    for (const model of [connection, ...buildings]) {
      const isProperty = model === connection
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
        bvedPropertyNumber: isProperty ? references.bvedPropertyNumber : null,
        erpReference: isProperty ? references.erpReference : null,
      })
    }

    this.generateUnits(property, company)
    const since = property.units
      .flatMap((unit) => unit.contracts.map((contract) => contract.from))
      .reduce(minDate, startOfYear(this.year - 6))
    this.generateFeatures(property, since)
    this.generateConnectionAttributes(property)
    this.generateContacts(property, company, since)
    for (const unit of property.units) generateDevices(this, property, unit)
    generateDeviceFaults(this, property)
    noteOrderDevices(this, property)
    generateDegreeDays(this, property)
    generateDistributions(this, property)
    generateRelationValueList(this, property)
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
        generateContracts(this, property, unit, company)
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
      ...unitReferences(propertyReferences(property.index), unit.index),
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

  // -- users and what they did ----------------------------------------------------------------

  private generateUsers(): void {
    for (const user of DEMO_USERS) {
      const resident = user.resident ? demoResidentContract(this) : null
      this.rows.users.push({
        userName: user.userName,
        companyCode: user.companyCode,
        businessPartner: user.businessPartner,
        name: resident ? contractName(resident.partner) : user.name,
        mail: user.mail,
        passwordHash: this.passwordHash,
        residentContract: resident?.key ?? null,
        noticeChannel: resident ? 'mail' : null,
        createdAt: instant(resident ? resident.from : startOfYear(this.year - 1)),
      })
    }
  }
}

/**
 * The demo resident's contract (decision 065): in the first radio-read property of company code
 * 1000 that has one, a tenant's current contract that began two to eleven months ago, right after
 * a tenant (not a vacancy) moved out; so his predecessor's months exist and must stay hidden.
 */
export function demoResidentContract(g: DemoContext): ContractModel {
  const earliest = addMonths(g.today, -11)
  const latest = addMonths(g.today, -2)
  for (const [key, property] of g.planProperties) {
    if (!key.startsWith('1000/') || !property.radio) continue
    for (const unit of property.units) {
      const current = unit.contracts.at(-1)
      const previous = unit.contracts.at(-2)
      if (!current || !previous || current.status !== 'A' || current.accountType !== 'VKW') continue
      if (current.from < earliest || current.from > latest) continue
      if (previous.accountType === 'VKT' || previous.until !== addDays(current.from, -1)) continue
      return current
    }
  }
  throw new Error('no unit for the demo resident: no tenant change in the last twelve months')
}
