import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the proof of delivery loads with its panel on the property page, and its texts with it (decision 050)
addLazyTexts(de, en)
