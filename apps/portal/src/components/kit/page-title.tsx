import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { useLocation } from 'react-router'
import { CustomerContext } from '../../lib/customer'
import { VisuallyHidden } from './visually-hidden'

/**
 * What the screens' titles tell about page changes: the page whose title was shown last (null
 * before the first) and the title to announce. A page is its path: a new search parameter (the
 * page of a tile list, the chosen distribution) changes what a page shows, not the page.
 */
function createPageChanges() {
  let shownPath: string | null = null
  let announced: { path: string; title: string } | null = null
  const listeners = new Set<() => void>()
  const announce = (path: string, title: string) => {
    announced = { path, title }
    listeners.forEach((listener) => listener())
  }
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    announcement: () => announced?.title ?? '',
    /** The title of the page at `path` is shown; true if the page is new (not the first load). */
    titleShown: (path: string, title: string): boolean => {
      if (shownPath === null) {
        shownPath = path
        return false
      }
      if (shownPath !== path) {
        shownPath = path
        announce(path, title)
        return true
      }
      // a title that was still loading when the page was announced: announce the loaded one
      if (announced?.path === path && announced.title !== title) announce(path, title)
      return false
    },
  }
}

const PageChangesContext = createContext<ReturnType<typeof createPageChanges> | null>(null)

/**
 * For the root of the router, signed-out and signed-in screens alike: announces every new page's
 * title in a polite live region, and lets the new page's h1 take the focus. The first page of a
 * visit does neither: the browser has just read its title and the focus starts at the top. The
 * sign-in opens the next page as a page load (decision 027), which is the first of its visit.
 */
export function PageAnnouncer({ children }: { children: ReactNode }) {
  const [changes] = useState(createPageChanges)
  const announcement = useSyncExternalStore(changes.subscribe, changes.announcement)
  return (
    <PageChangesContext.Provider value={changes}>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {children}
    </PageChangesContext.Provider>
  )
}

/**
 * The screen's one h1, the one place that marks a page: it names the browser tab
 * ("<title> – <application title>"), and on a new page it takes the focus and has the title
 * announced, so that keyboard and screen-reader users start reading where the page starts.
 */
export function PageTitle({
  children,
  documentTitle,
}: {
  children: ReactNode
  documentTitle: string
}) {
  const applicationTitle = useContext(CustomerContext)?.config.applicationTitle
  const changes = useContext(PageChangesContext)
  const { pathname } = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const before = document.title
    document.title = applicationTitle ? `${documentTitle} – ${applicationTitle}` : documentTitle
    return () => {
      document.title = applicationTitle ?? before
    }
  }, [documentTitle, applicationTitle])
  useEffect(() => {
    // the scroll position is the router's: restored on back and forward, the top otherwise
    if (changes?.titleShown(pathname, documentTitle))
      heading.current?.focus({ preventScroll: true })
  }, [changes, pathname, documentTitle])
  return (
    <h1 ref={heading} className="kit-title" tabIndex={-1}>
      {children}
    </h1>
  )
}
