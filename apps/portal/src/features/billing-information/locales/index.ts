import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the billing information loads with its panel, and its texts with it
addLazyTexts(de, en)
