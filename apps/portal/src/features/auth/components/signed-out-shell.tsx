import { BREAKPOINTS } from '@portal/domain'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SessionMessage } from '../../../components/page-notices'
import { useCustomer } from '../../../lib/customer'
import { LEGAL_PAGES } from '../../../lib/legal-pages'

/**
 * The frame of the signed-out screens, drawn as the public shell draws it with MUI (app bar with
 * the customer's logo and title, the page, customer service and the legal notices in the footer).
 * The legal notices are MUI screens: their links load them as pages of their own, so that a
 * screen never changes between the two kinds of code under the user's focus (decision 027).
 */
export function SignedOutShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { config } = useCustomer()
  return (
    <div className="auth-shell kit-page">
      <header className="auth-header">
        <div className="auth-toolbar">
          {/* on a phone the wide logo (it spells the company's name) gives way to the favicon's
              mark; the mark is square, so its room is kept before it has loaded */}
          <Link to="/authenticate" className="auth-brand">
            <picture>
              <source media={`(min-width: ${BREAKPOINTS.sm}px)`} srcSet={config.logoUrl} />
              <img src={config.faviconUrl} alt="" width="32" height="32" />
            </picture>
            <span className="auth-brand__title">{config.applicationTitle}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="auth-main">
        <SessionMessage />
        {children}
      </main>
      <footer className="auth-footer">
        <div className="auth-footer__row">
          <p className="auth-footer__service">
            {t('legal.customerService')}: {config.customerService.phone} ·{' '}
            <a className="auth-link" href={`mailto:${config.customerService.mail}`}>
              {config.customerService.mail}
            </a>
          </p>
          <nav className="auth-footer__nav" aria-label={t('layout.footer.label')}>
            {LEGAL_PAGES.map((page) => (
              <a key={page} className="auth-link" href={`/${page}`}>
                {t(`layout.footer.${page}`)}
              </a>
            ))}
          </nav>
        </div>
      </footer>
    </div>
  )
}
