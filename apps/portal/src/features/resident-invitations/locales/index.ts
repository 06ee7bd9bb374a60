import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the invitations dialog loads when it opens, and its texts with it (decision 050)
addLazyTexts(de, en)
