import { useTranslation } from 'react-i18next'
import { addLazyTexts } from '../lib/lazy-texts'
import { ConfirmDialog } from './confirm-dialog'
import de from './leave-question.de.json'
import en from './leave-question.en.json'

// loaded once a form has changes, with its texts: not part of every page's shell
addLazyTexts(de, en)

/**
 * Decision 045: "Änderungen verwerfen?" before leaving a page with unsaved changes. "Weiter
 * bearbeiten" and Escape stay; "Verwerfen" goes on.
 */
export default function LeaveQuestion({
  onDiscard,
  onKeepEditing,
}: {
  onDiscard: () => void
  onKeepEditing: () => void
}) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      open
      title={t('leaveGuard.title')}
      text={t('leaveGuard.text')}
      confirmLabel={t('leaveGuard.discard')}
      cancelLabel={t('leaveGuard.keepEditing')}
      onConfirm={onDiscard}
      onClose={onKeepEditing}
    />
  )
}
