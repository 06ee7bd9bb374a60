import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the registration loads on demand, and its texts with it: the sign-in's entry does not carry them
addLazyTexts(de, en)
