import { CATALOGUE } from '@portal/domain'
import { eq } from 'drizzle-orm'
import { catalogueSearch } from '../../../platform/persistence/catalogue-search'
import type { SearchableEntity } from '../../../platform/persistence/search'
import { companyCodes, users } from '../../../platform/persistence/schema'

/** A user finds only their own record: other users' names and mail addresses are nobody's business. */
export const userEntity: SearchableEntity = {
  label: 'Benutzer',
  table: users,
  properties: {
    userName: users.userName,
    companyCode: users.companyCode,
    businessPartner: users.businessPartner,
    mail: users.mail,
    name: users.name,
  },
  uniqueOrder: [users.userName],
  defaultSort: [{ property: 'userName', order: 'asc' }],
  visibleTo: (user) => eq(users.userName, user.userName),
}

export const companyCodeEntity = catalogueSearch(CATALOGUE.companyCodes, companyCodes, {
  label: 'Buchungskreise',
  uniqueOrder: [companyCodes.companyCode],
  defaultSort: [{ property: 'companyCode', order: 'asc' }],
  visibleTo: (user) => eq(companyCodes.companyCode, user.companyCode),
})
