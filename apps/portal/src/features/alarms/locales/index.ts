import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the alarms page loads on demand, and its texts with it
addLazyTexts(de, en)
