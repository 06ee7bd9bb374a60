import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the device compliance loads with its panels, and its texts with them
addLazyTexts(de, en)
