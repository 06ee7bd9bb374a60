/**
 * The BFSG conformance levels of an accessibility statement (EU model statement, 2018/1523). A
 * module of its own, so that the statement page does not load the configuration's schemas.
 */
export const CONFORMANCE_LEVELS = {
  full: 'vollständig vereinbar',
  partial: 'teilweise vereinbar',
  none: 'nicht vereinbar',
} as const
