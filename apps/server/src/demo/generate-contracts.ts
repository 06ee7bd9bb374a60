/** The contracts of a unit: tenants and vacancy, with their accounts, tariffs and features. */
import { addDays, addMonths, endOfMonth, startOfMonth, yearOf } from './calendar'
import { BUSINESS_TENANT_WORDS, type CompanySpec } from './catalogue'
import { type PartnerRow, type TariffRow } from './rows'
import type { DemoContext } from './generator-context'
import { type ContractModel, type UnitModel, type PropertyModel } from './generator-models'

/**
 * 1-3 contracts per unit, newest first while planning: the current one (active, terminated or
 * vacant), before it ended tenancies and sometimes a vacancy. The unit index decides the kinds,
 * so every status and account type occurs in every property with eight or more units.
 */
export function generateContracts(
  g: DemoContext,
  property: PropertyModel,
  unit: UnitModel,
  company: CompanySpec,
): void {
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
  let from = startOfMonth(addMonths(g.today, -g.int(2, 54)))
  planned.push({
    kind: current,
    from,
    until: current.status === 'K' ? endOfMonth(addMonths(g.today, g.int(1, 4))) : null,
  })
  for (let i = 1; i < count; i++) {
    const after = planned[planned.length - 1]
    const vacancy = i === 1 && k % 4 === 1 && after !== undefined && !after.kind.vacancy
    const until = addDays(from, -1)
    from = addMonths(from, vacancy ? -g.int(2, 6) : -g.int(14, 96))
    planned.push({ kind: { status: vacancy ? 'L' : 'B', vacancy }, from, until })
  }
  for (const entry of planned.reverse()) {
    unit.contracts.push(
      addContract(
        g,
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
  g.rows.objectRelations.push({
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

export function addContract(
  g: DemoContext,
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
  const current = until === null || until >= g.today
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
      property.vacancyAccount = g.nextId('VK', cc)
      g.rows.contractAccounts.push({
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
      ? g.companyPartner(cc, company.cities, g.pick(BUSINESS_TENANT_WORDS))
      : g.personPartner(cc, current ? unitAddress : g.address(company.cities))
    if (commercial && current) Object.assign(partner, unitAddress)
    // decision 065: a private tenant in three is known without an e-mail address, so that an
    // invitation of residents has letters to print (decided by the id: no random draw is added)
    if (!commercial && Number(partner.businessPartner.slice(-4)) % 3 === 0) partner.mail = null
    accountType = commercial ? 'VKG' : 'VKW'
    account = g.nextId('VK', cc)
    g.rows.contractAccounts.push({
      contractAccount: account,
      companyCode: cc,
      propertyConnection,
      businessPartner: partner.businessPartner,
      reference: `M${cc}-${account.slice(-6)}`,
      contractAccountType: accountType,
    })
  }
  const key = g.nextId('VT', cc)
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
    heatingAdvance: Math.round(areaM2 * g.int(110, 160)),
    otherAdvance:
      property.productKind === 'HBK'
        ? Math.round(areaM2 * g.int(180, 260))
        : Math.round(areaM2 * g.int(40, 70)),
    tariffs: [],
  }
  g.rows.contracts.push({
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
    g.rows.contractTariffs.push(tariff)
  }
  g.rows.contractFeatures.push(
    { contract: key, contractAttribute: 'NUTZEINH', value: unit.reference, from, until },
    {
      contract: key,
      contractAttribute: 'EXT_RG',
      value: accountType === 'VKG' && unit.index % 2 === 0 ? '1' : '0',
      from,
      until,
    },
  )
  g.rows.objectRelations.push({
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
