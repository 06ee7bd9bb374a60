import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the users' file dialog loads when it opens, and its texts with it (decision 063)
addLazyTexts(de, en)
