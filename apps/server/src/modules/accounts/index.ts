/** What other modules may use of modules/accounts/ (the import rules allow nothing else). */
export {
  AccountSchema,
  NewUserSchema,
  UserListFilterSchema,
  UserRefSchema,
  USER_CHANGES,
  addUser,
  listUsers,
  resetUser,
} from './accounts'
export { ACCOUNT_USAGE, runAccountCommand } from './commands'
export type { AccountCommandContext } from './commands'
export {
  CONSUMPTION_ACCESS_USAGE,
  runConsumptionAccessCommand,
} from './consumption-credential-commands'
export { deleteUser } from './delete-user'
export { companyCodeEntity } from './repositories/users'
