import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './consumption.de.json'
import en from './consumption.en.json'

// the consumption screens load on demand, and their texts with them
addLazyTexts(de, en)
