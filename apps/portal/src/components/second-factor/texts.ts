import { addLazyTexts } from '../../lib/lazy-texts'
import de from './second-factor.de.json'
import en from './second-factor.en.json'

// one catalogue for the sign-in's code step, both set-ups and the account's section; it loads with
// the first of them, never with the sign-in's entry (its budget)
addLazyTexts(de, en)
