import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { ConfirmDialog } from './confirm-dialog'

// How many forms of the page hold changes not saved yet. One router supports one blocker, so the
// forms report here and one `LeaveGuard` in the app shell asks.
let changedForms = 0
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
const report = (change: number) => {
  changedForms += change
  listeners.forEach((listener) => listener())
}
const hasChanges = () => changedForms > 0

/**
 * Decision 045: while `changed` (a form's `isDirty`), leaving the page asks first: a link or back
 * to another page through the app shell's `LeaveGuard`, a reload or closing the tab through the
 * browser's own question. A form that saved or was closed stops reporting by unmounting or with
 * `changed` false.
 */
export function useLeaveGuard(changed: boolean) {
  useEffect(() => {
    if (!changed) return
    report(1)
    return () => report(-1)
  }, [changed])
}

/** The question before leaving a page with unsaved changes: rendered once, by the app shell. */
export function LeaveGuard() {
  const { t } = useTranslation()
  const changed = useSyncExternalStore(subscribe, hasChanges)
  // another page only: a new search parameter (a table's page) keeps the form where it is
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!changed) return
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // older browsers ask only with a return value
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [changed])
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leaveGuard.title')}
      text={t('leaveGuard.text')}
      confirmLabel={t('leaveGuard.discard')}
      cancelLabel={t('leaveGuard.keepEditing')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  )
}
