/** The value list entries: cost types, allocation keys and object types, and a property's relations. */
import { contractName, EXPENSE_TYPES, startOfYear, VALUE_LIST_TABLES } from '@portal/domain'
import { VALUE_LIST_FIELD, VALUE_LIST_TABLE_OF } from '../modules/costs/value-list'
import { endOfYear } from './calendar'
import { ALLOCATION_KEYS, COST_TYPES, EXPENSE_OBJECTS, type ProductKind } from './catalogue'
import { type ValueListRow } from './rows'
import type { DemoContext } from './generator-context'
import { OPEN_END, type PropertyModel } from './generator-models'

/** Cost types, allocation keys and object types; the old period still has retired ones. */
export function generateValueListCatalogue(
  g: DemoContext,
  cc: string,
  product: string,
  version: string,
  kind: ProductKind,
) {
  const periods = [
    { from: startOfYear(g.year - 6), until: endOfYear(g.year - 3), old: true },
    { from: startOfYear(g.year - 2), until: OPEN_END, old: false },
  ]
  for (const period of periods) {
    for (const expenseKind of EXPENSE_TYPES) {
      const tableName = VALUE_LIST_TABLE_OF[expenseKind]
      const entry = (
        fields: Pick<ValueListRow, 'tariffComponent' | 'object' | 'key' | 'obj' | 'name'> &
          Partial<Pick<ValueListRow, 'bvedCode'>>,
      ) =>
        g.rows.valueListEntries.push({
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
          bvedCode: type.bvedCode ?? null,
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

/** The concrete objects of a property that expenses can be allocated to. */
export function generateRelationValueList(g: DemoContext, property: PropertyModel): void {
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
  for (const tableName of VALUE_LIST_TABLES) {
    for (const relation of relations) {
      g.rows.valueListEntries.push({
        companyCode: property.companyCode,
        tableName,
        fieldName: VALUE_LIST_FIELD,
        product: property.product,
        productVersion: property.productVersion,
        validFrom: startOfYear(g.year - 6),
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
