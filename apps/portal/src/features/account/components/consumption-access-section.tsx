import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { formatDate } from '@portal/domain'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { DescriptionList } from '../../../components/description-list'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { PanelState } from '../../../components/panel-state'
import {
  CONSUMPTION_DATA_PATH,
  useConsumptionCredentials,
  useRevokeConsumptionCredential,
  type ConsumptionCredential,
} from '../api/consumption-credentials'
import { AccountSection } from './account-section'
import { ConsumptionCredentialDialog } from './consumption-credential-dialog'
import { CopyField } from './copy-field'
import '../locales'

const time = (at: string) =>
  new Intl.DateTimeFormat('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(new Date(at))

/** What the section moves the focus to once the revoke dialog has closed. */
type After = { revoked: boolean; next: string | null }

/**
 * "Zugang für Ihre Software (Verbrauchsdaten)" (decision 062): the credentials with which the
 * manager's software fetches the monthly consumption per unit from the bved consumption-data
 * service, seeing what this user sees. Created against the current password, the password shown
 * once; revoked after a question. Once revoked, the focus goes to the next credential's button, or
 * to the section's heading when there is none.
 */
export function ConsumptionAccessSection() {
  const { t } = useTranslation()
  const credentials = useConsumptionCredentials()
  const [creating, setCreating] = useState(false)
  // the credential asked about stays after the question closes, so that the dialog can fade out
  const [asked, setAsked] = useState<ConsumptionCredential | null>(null)
  const [asking, setAsking] = useState(false)
  const [revoked, setRevoked] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const after = useRef<After>({ revoked: false, next: null })
  const heading = useRef<HTMLHeadingElement>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const address = `${window.location.origin}${CONSUMPTION_DATA_PATH}`
  const items = credentials.data ?? []

  const ask = (credential: ConsumptionCredential) => {
    const index = items.findIndex((item) => item.id === credential.id)
    after.current = { revoked: false, next: items[index + 1]?.id ?? null }
    setAsked(credential)
    setAsking(true)
  }
  const focusAfterQuestion = () => {
    const { revoked: gone, next } = after.current
    // kept: back to its own button; gone (here, or elsewhere meanwhile: 404): the next one's
    const own = gone || !asked ? undefined : buttons.current.get(asked.id)
    const following = next === null ? undefined : buttons.current.get(next)
    const target: HTMLElement | null = own ?? following ?? heading.current
    target?.focus()
  }

  return (
    <AccountSection
      id="consumption-access-title"
      title={t('account.consumptionAccess.title')}
      intro={t('account.consumptionAccess.intro')}
      headingRef={heading}
    >
      <CopyField label={t('account.consumptionAccess.address')} value={address} />
      <MutationOutcome
        success={revoked && t('account.consumptionAccess.revoked', { name: revoked })}
        error={failure}
      />
      <PanelState loading={credentials.isPending} error={credentials.error} empty={false}>
        {items.length === 0 ? (
          <Typography>{t('account.consumptionAccess.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('account.consumptionAccess.list')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
          >
            {items.map((credential) => (
              <CredentialItem
                key={credential.id}
                credential={credential}
                buttonRef={(button) => {
                  if (button) buttons.current.set(credential.id, button)
                  else buttons.current.delete(credential.id)
                }}
                onRevoke={() => ask(credential)}
              />
            ))}
          </Box>
        )}
      </PanelState>
      <Button
        variant="contained"
        onClick={() => {
          setRevoked(null)
          setFailure(null)
          setCreating(true)
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('account.consumptionAccess.create')}
      </Button>
      <ConsumptionCredentialDialog
        open={creating}
        address={address}
        onClose={() => setCreating(false)}
      />
      {asked && (
        <RevokeQuestion
          // a question of its own per credential: its own Idempotency-Key, even after a failure
          key={asked.id}
          credential={asked}
          open={asking}
          onRevoked={() => {
            after.current = { ...after.current, revoked: true }
            setFailure(null)
            setRevoked(asked.name)
            setAsking(false)
          }}
          onFailed={(error) => {
            setRevoked(null)
            setFailure(error)
            setAsking(false)
          }}
          onClose={() => setAsking(false)}
          onExited={focusAfterQuestion}
        />
      )}
    </AccountSection>
  )
}

function CredentialItem({
  credential,
  buttonRef,
  onRevoke,
}: {
  credential: ConsumptionCredential
  buttonRef: (button: HTMLButtonElement | null) => void
  onRevoke: () => void
}) {
  const { t } = useTranslation()
  const { name, userName, createdAt, lastUsedAt } = credential
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <DescriptionList
        items={[
          {
            term: t('account.consumptionAccess.userName'),
            description: <Box component="code">{userName}</Box>,
          },
          { term: t('account.consumptionAccess.createdAt'), description: formatDate(createdAt) },
          {
            term: t('account.consumptionAccess.lastUsedAt'),
            description: lastUsedAt
              ? t('account.consumptionAccess.dateTime', {
                  date: formatDate(lastUsedAt),
                  time: time(lastUsedAt),
                })
              : t('account.consumptionAccess.neverUsed'),
          },
        ]}
      />
      <Button
        ref={buttonRef}
        variant="outlined"
        color="error"
        aria-label={t('account.consumptionAccess.revokeLabel', { name })}
        onClick={onRevoke}
        sx={{ justifySelf: 'start' }}
      >
        {t('account.consumptionAccess.revoke')}
      </Button>
    </Box>
  )
}

/** The question before revoking; the section shows how it came out and moves the focus. */
function RevokeQuestion({
  credential,
  open,
  onRevoked,
  onFailed,
  onClose,
  onExited,
}: {
  credential: ConsumptionCredential
  open: boolean
  onRevoked: () => void
  onFailed: (error: unknown) => void
  onClose: () => void
  onExited: () => void
}) {
  const { t } = useTranslation()
  const revoke = useRevokeConsumptionCredential()
  return (
    <ConfirmDialog
      open={open}
      title={t('account.consumptionAccess.revokeTitle', { name: credential.name })}
      text={t('account.consumptionAccess.revokeText')}
      confirmLabel={t('account.consumptionAccess.revoke')}
      pending={revoke.isPending}
      onConfirm={() => revoke.mutateAsync(credential.id).then(onRevoked, onFailed)}
      onClose={onClose}
      onExited={onExited}
    />
  )
}
