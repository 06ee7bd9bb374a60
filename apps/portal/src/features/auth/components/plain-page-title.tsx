import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLocation } from 'react-router'
import { CustomerContext } from '../../../lib/customer'

type Announcer = { firstPath: string; announce: (title: string) => void }

const AnnouncerContext = createContext<Announcer | null>(null)

/**
 * For the root of the router, beside the signed-in screens' PageAnnouncer (which comes with MUI):
 * a polite live region for the signed-out screens' titles, and the page the visit started on. A
 * signed-out screen reached from another page of this visit (the sign-in from a legal notice) is
 * announced and its h1 focused, as PageTitle does for the signed-in screens (decision 021).
 */
export function SignedOutAnnouncer({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const [firstPath] = useState(pathname)
  const [announcement, setAnnouncement] = useState('')
  const announcer = useMemo(() => ({ firstPath, announce: setAnnouncement }), [firstPath])
  return (
    <AnnouncerContext.Provider value={announcer}>
      <span className="auth-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
      {children}
    </AnnouncerContext.Provider>
  )
}

/**
 * The signed-out screen's one h1, as PageTitle is for the signed-in ones: it names the browser
 * tab ("<title> – <application title>"), and on a page reached from another page of this visit it
 * takes the focus and has the title announced. A page is its path: the views of /authenticate
 * (sign-in, reset, the mailed links) are one page.
 */
export function PlainPageTitle({ children: title }: { children: string }) {
  const applicationTitle = useContext(CustomerContext)?.config.applicationTitle
  const announcer = useContext(AnnouncerContext)
  const { pathname } = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  const announcedPath = useRef<string | null>(null)
  useEffect(() => {
    const before = document.title
    document.title = applicationTitle ? `${title} – ${applicationTitle}` : title
    return () => {
      document.title = applicationTitle ?? before
    }
  }, [title, applicationTitle])
  useEffect(() => {
    if (!announcer || pathname === announcer.firstPath || announcedPath.current === pathname) return
    announcedPath.current = pathname
    heading.current?.focus({ preventScroll: true })
    announcer.announce(title)
  }, [announcer, pathname, title])
  return (
    <h1 ref={heading} className="auth-title" tabIndex={-1}>
      {title}
    </h1>
  )
}
