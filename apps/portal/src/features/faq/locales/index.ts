import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the FAQ loads on demand, and its title with it
addLazyTexts(de, en)
