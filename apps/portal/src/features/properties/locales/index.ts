import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the properties' screens load on demand, and their texts with them (the unit and the cost pages show the way back to the property)
addLazyTexts(de, en)
