/** What other modules may use of modules/files/ (the import rules allow nothing else). */
export { ACTIVITY_CREATED } from './activities'
export { ATTACHMENT_DELETED, ATTACHMENT_UPLOADED } from './files'
