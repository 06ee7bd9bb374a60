import i18n from '../../lib/i18n'
import { addLazyTexts } from '../../lib/lazy-texts'
import de from './second-factor.de.json'

// One catalogue for the sign-in's code step, both set-ups and the account's section; it loads with
// the first of them, never with the sign-in's entry (its budget). The portal speaks German (§1):
// the English fallback, with the same keys (locales.test.ts), comes only where English is asked
// for, which keeps each of the three chunks within its budget (decision 049).
addLazyTexts(de, {})
if (!i18n.language.startsWith('de')) {
  void import('./second-factor.en.json').then(({ default: en }) => addLazyTexts({}, en))
}
