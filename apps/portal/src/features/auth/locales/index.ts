import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './second-factor.de.json'
import en from './second-factor.en.json'

// the second factor's screens load on demand, and their texts with them: the sign-in stays small
addLazyTexts(de, en)
