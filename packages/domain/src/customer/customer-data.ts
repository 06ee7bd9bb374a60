/**
 * §1: the id of the JSON data block in which the server hands the portal its customer
 * configuration and FAQ with the page, so that the portal has them before it renders. A module
 * of its own, without schemas: the portal's entry imports it and must not pull in zod.
 */
export const CUSTOMER_DATA_ELEMENT_ID = 'customer-data'
