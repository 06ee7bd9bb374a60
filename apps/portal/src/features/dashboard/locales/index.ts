import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the dashboard's texts load with its screen, not with every page's entry (the sign-in's budget)
addLazyTexts(de, en)
