import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import de from '../locales/de.json'
import en from '../locales/en.json'
import { addedTexts } from './lazy-texts'

/**
 * §1, §9: German UI with English as fallback. The entry holds only the texts of the shell, the
 * shared components and the sign-in (decision 050); each feature adds its own when its code loads
 * (lib/lazy-texts.ts).
 */
export function initI18n() {
  const ready = i18n.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: 'en',
    resources: { de: { translation: de }, en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  // init starts a new store: the texts of modules loaded before it go into it as well
  for (const [german, english] of addedTexts()) {
    i18n.addResourceBundle('de', 'translation', german, true, false)
    i18n.addResourceBundle('en', 'translation', english, true, false)
  }
  return ready
}

export default i18n
