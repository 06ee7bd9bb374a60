import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the notification bell loads with the app shell, and its texts with it: not with the sign-in
addLazyTexts(de, en)
