/** The legal notices (§6): each a page of its own at `/<name>`, reachable signed in or out. */
export const LEGAL_PAGES = ['imprint', 'privacy', 'terms', 'accessibility'] as const
