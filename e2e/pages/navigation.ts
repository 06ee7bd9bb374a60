import type { Page } from '@playwright/test'

/** The main navigation: beside the page from lg on, a drawer below. */
export const mainNavigation = (page: Page) =>
  page.getByRole('navigation', { name: 'Hauptnavigation' })

/** A link of the main navigation by its text ('Liegenschaften', 'Konto', …). */
export const mainNavigationLink = (page: Page, name: string) =>
  mainNavigation(page).getByRole('link', { name })

/** The dashboard's tiles ('Ihre Liegenschaften'), each a link to its property. */
export const propertyTiles = (page: Page) =>
  page.getByRole('list', { name: 'Ihre Liegenschaften' }).getByRole('link')

/** The table of a property's usage units. */
export const unitsTable = (page: Page) =>
  page.getByRole('table', { name: 'Nutzeinheiten der Liegenschaft' })

/** The link of the first usage unit in the property's table of units. */
export const firstUnitLink = (page: Page) =>
  unitsTable(page).locator('tbody tr').first().getByRole('link')
