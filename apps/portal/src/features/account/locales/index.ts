import { addLazyTexts } from '../../../lib/lazy-texts'
import accountDe from './de.json'
import accountEn from './en.json'

// the account page loads on demand, and its texts with it, as every module of the page that shows a
// text imports this file
addLazyTexts(accountDe, accountEn)
