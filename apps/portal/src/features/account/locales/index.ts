import { addLazyTexts } from '../../../lib/lazy-texts'
import accountDe from './de.json'
import accountEn from './en.json'
import de from './second-factor.de.json'
import en from './second-factor.en.json'

// the account page loads on demand, and its texts with it: the second factor's section's too, as
// every module of the page that shows a text imports this file
addLazyTexts(accountDe, accountEn)
addLazyTexts(de, en)
