import i18n from './i18n'

type Catalogue = Record<string, unknown>

/**
 * Adds the texts of a screen that loads on demand to the catalogue, so that they travel with the
 * screen's code and not with every page's entry (the sign-in's budget). Call at module load.
 */
export function addLazyTexts(de: Catalogue, en: Catalogue): void {
  i18n.addResourceBundle('de', 'translation', de, true, false)
  i18n.addResourceBundle('en', 'translation', en, true, false)
}
