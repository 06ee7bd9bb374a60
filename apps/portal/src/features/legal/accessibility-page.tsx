import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { CONFORMANCE_LEVELS, formatDate } from '@portal/domain'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/kit/page-title'
import { useCustomer } from '../../lib/customer'
import './locales'

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {heading}
      </Typography>
      {children}
    </Box>
  )
}

/**
 * The accessibility statement of the customer's portal (BFSG, EN 301 549), built from
 * the customer configuration along the EU model statement: conformance, what does not conform and
 * what to use instead, how and when it was checked, feedback, and the authority to turn to.
 * Readable signed out and linked from every footer.
 */
export function Component() {
  const { t } = useTranslation()
  const { config } = useCustomer()
  const statement = config.accessibility
  const title = t('legal.accessibility.title')
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Typography sx={{ mb: 2 }}>
        {t('legal.accessibility.scope', { application: config.applicationTitle })}
      </Typography>
      <Section heading={t('legal.accessibility.conformanceHeading')}>
        <Typography sx={{ mb: 2 }}>
          {t(`legal.accessibility.conformance.${statement.conformance}`, {
            level: CONFORMANCE_LEVELS[statement.conformance],
          })}
        </Typography>
      </Section>
      {statement.knownIssues.length > 0 && (
        <Section heading={t('legal.accessibility.knownIssuesHeading')}>
          <Box component="ul" sx={{ pl: 3, mt: 0 }}>
            {statement.knownIssues.map((issue) => (
              <li key={issue.heading}>
                <Typography sx={{ mb: 2 }}>
                  <strong>{issue.heading}:</strong> {issue.text}
                  {issue.alternative && ` ${issue.alternative}`}
                </Typography>
              </li>
            ))}
          </Box>
        </Section>
      )}
      <Section heading={t('legal.accessibility.preparationHeading')}>
        <Typography sx={{ mb: 2 }}>
          {t('legal.accessibility.lastChecked', { date: formatDate(statement.lastChecked) })}{' '}
          {statement.method}
        </Typography>
      </Section>
      <Section heading={t('legal.accessibility.feedbackHeading')}>
        <Typography sx={{ mb: 2 }}>{t('legal.accessibility.feedback')}</Typography>
        <Typography sx={{ mb: 2 }}>
          {t('legal.accessibility.mail')}:{' '}
          <Link href={`mailto:${statement.feedback.mail}`}>{statement.feedback.mail}</Link>
          {statement.feedback.phone && (
            <>
              <br />
              {t('legal.accessibility.phone')}: {statement.feedback.phone}
            </>
          )}
        </Typography>
      </Section>
      <Section heading={t('legal.accessibility.authorityHeading')}>
        <Typography sx={{ mb: 2 }}>
          {t('legal.accessibility.authority')}{' '}
          <Link href={statement.authority.url}>{statement.authority.name}</Link>
        </Typography>
      </Section>
    </Box>
  )
}
