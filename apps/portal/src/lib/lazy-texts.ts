import i18n from 'i18next'

type Catalogue = Record<string, unknown>

/** Every catalogue added so far, German and English: initI18n starts with them too. */
const added: [de: Catalogue, en: Catalogue][] = []

/**
 * Adds the texts of a feature or a screen that loads on demand to the catalogue, so that they
 * travel with the code that shows them and not with every page's entry (the sign-in's budget,
 * decision 050). Call at module load: the texts are there before the module renders.
 */
export function addLazyTexts(de: Catalogue, en: Catalogue): void {
  added.push([de, en])
  // a module may load before i18next starts (a test imports the screen it renders first);
  // initI18n adds what came before it
  if (!i18n.isInitializing && !i18n.isInitialized) return
  i18n.addResourceBundle('de', 'translation', de, true, false)
  i18n.addResourceBundle('en', 'translation', en, true, false)
}

/** The catalogues added so far, for initI18n. */
export function addedTexts(): readonly [de: Catalogue, en: Catalogue][] {
  return added
}
