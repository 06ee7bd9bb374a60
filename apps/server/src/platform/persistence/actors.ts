/**
 * The user names the audit log records for what no portal user did: the provider's steps, imports
 * and account commands (`provider`), and the portal's own jobs such as the automatic approval
 * (`system`). No portal account can carry either name: user names are the provider's, who never
 * hands these out.
 */
export const PROVIDER_USER = 'provider'
export const SYSTEM_USER = 'system'
