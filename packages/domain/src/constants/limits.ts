/** §9: the limit sent with every search and value-list call. */
export const SEARCH_LIMIT = 9999
/** §2, §9: rows per page of the contracts table. */
export const CONTRACTS_PAGE_SIZE = 5
/** §2, §9: default rows per page of a data table. */
export const DEFAULT_PAGE_SIZE = 10
/** §2, §9: page size choices; -1 means all rows. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, -1] as const
/** §9: display breakpoints in pixels; below lg counts as mobile. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const
/** §9: scroll-to animation duration in milliseconds. */
export const SCROLL_DURATION_MS = 300
/** §9: maximum height of a select menu in pixels. */
export const SELECT_MENU_MAX_HEIGHT = 310
