import { lazy, Suspense, useEffect } from 'react'
import { useBlocker } from 'react-router'
import { useHasChanges } from './leave-guard'

// the question and its texts load once a form has changes, not with the app shell; imported by
// the shell alone, so that the question's chunk counts only what the shell does not load
const loadQuestion = () => import('./leave-question')
const LeaveQuestion = lazy(loadQuestion)

/** The question before leaving a page with unsaved changes: rendered once, by the app shell. */
export function LeaveGuard() {
  const changed = useHasChanges()
  // another page only: a new search parameter (a table's page) keeps the form where it is
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!changed) return
    void loadQuestion()
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // older browsers ask only with a return value
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [changed])
  return (
    blocker.state === 'blocked' && (
      <Suspense fallback={null}>
        <LeaveQuestion onDiscard={blocker.proceed} onKeepEditing={blocker.reset} />
      </Suspense>
    )
  )
}
