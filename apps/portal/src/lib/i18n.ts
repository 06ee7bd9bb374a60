import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import de from '../locales/de'
import en from '../locales/en'

/** §1, §9: German UI with English as fallback. */
export function initI18n() {
  return i18n.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: 'en',
    resources: { de: { translation: de }, en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
}

export default i18n
