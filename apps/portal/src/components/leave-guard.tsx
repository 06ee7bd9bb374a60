import { useEffect, useSyncExternalStore } from 'react'

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

/** Whether a form of the page holds changes not saved yet. */
export const useHasChanges = () => useSyncExternalStore(subscribe, hasChanges)

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
