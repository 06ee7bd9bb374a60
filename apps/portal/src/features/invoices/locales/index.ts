import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the invoices panel loads with the cost allocation, and its texts with it
addLazyTexts(de, en)
