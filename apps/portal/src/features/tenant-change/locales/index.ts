import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the tenant change dialog loads with the unit and the cost pages, and its texts with it
addLazyTexts(de, en)
