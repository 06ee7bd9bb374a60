/** A uuid as the database (`gen_random_uuid()`) and `randomUUID` write it: lower-case hex digits. */
export const LOWER_CASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A uuid in either case, as a uuid column takes it. */
export const UUID = new RegExp(LOWER_CASE_UUID.source, 'i')
