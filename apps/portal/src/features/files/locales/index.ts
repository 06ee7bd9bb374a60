import { addLazyTexts } from '../../../lib/lazy-texts'
import de from './de.json'
import en from './en.json'

// the files panel and upload load with the cost allocation, and their texts with them
addLazyTexts(de, en)
