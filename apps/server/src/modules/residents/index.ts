/** What other modules may use of modules/residents/ (decisions 065, 066). */
export {
  providerInvite,
  providerLetters,
  providerProperty,
  RESIDENTS_USAGE,
  runResidentCommand,
  type ResidentCommandContext,
} from './commands'
export { startMonthlyNoticeJob } from './notices'
export { RESIDENT_ACTIONS } from './registration'
