import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the readings panels load with the unit page, and their texts with them
addLazyTexts(de, en)
