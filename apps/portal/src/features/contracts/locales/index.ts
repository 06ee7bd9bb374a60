import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the contracts panel loads with the unit page, and its texts with it
addLazyTexts(de, en)
