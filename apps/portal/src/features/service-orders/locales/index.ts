import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the orders' dialog, lists and page load on demand, and their texts with them
addLazyTexts(de, en)
