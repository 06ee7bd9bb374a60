import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './second-factor.de.json'
import en from './second-factor.en.json'

// the second factor's section loads on demand, and its texts with it (the account page's budget)
addLazyTexts(de, en)
