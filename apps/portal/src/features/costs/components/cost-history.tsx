import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import Typography from '@mui/material/Typography'
import { formatAmount, formatDate, type HistoryEntry } from '@portal/domain'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PanelState } from '../../../components/panel-state'
import { downloadReceipt, useHistory } from '../api/operating-costs'
import { AmountRows } from './column-heads'
import { CostsSection } from './costs-section'
import '../locales'

const time = (at: string) =>
  new Intl.DateTimeFormat('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(new Date(at))

type Receipt = NonNullable<HistoryEntry['receipt']>

/**
 * What a decision was about (decision 034): its totals and the hash of the stored state, the lines on
 * request, and the PDF receipt.
 */
function DecisionReceipt({
  id,
  entry,
  receipt,
}: {
  id: string
  entry: HistoryEntry
  receipt: Receipt
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [failed, setFailed] = useState(false)
  const linesId = useId()
  const { snapshot, snapshotHash } = receipt
  const when = `${formatDate(entry.at)} ${time(entry.at)}`
  return (
    <Box sx={{ width: '100%', pb: 1 }}>
      {snapshot.totals.map((total) => (
        <Typography key={total.label} variant="body2">
          {total.label}: {formatAmount(total.amount)}
        </Typography>
      ))}
      <Typography
        variant="body2"
        sx={{
          color: 'text.secondary',
          overflowWrap: 'anywhere',
        }}
      >
        {t('costs.history.receipt.hash')}{' '}
        <Box component="code" sx={{ fontSize: '0.8125rem' }}>
          {snapshotHash}
        </Box>
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {snapshot.lines.length > 0 && (
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={open ? linesId : undefined}
            onClick={() => setOpen(!open)}
          >
            {t(open ? 'costs.history.receipt.hideLines' : 'costs.history.receipt.showLines', {
              count: snapshot.lines.length,
            })}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          aria-label={t('costs.history.receipt.downloadLabel', { when })}
          onClick={() => {
            setFailed(false)
            downloadReceipt(id, entry.sequence!).catch(() => setFailed(true))
          }}
        >
          {t('costs.history.receipt.download')}
        </Button>
      </Stack>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('costs.history.receipt.failed')}
        </Alert>
      )}
      {open && (
        // on a phone the lines may scroll sideways in here: the region takes the focus for the keyboard
        <Box
          tabIndex={0}
          role="region"
          aria-label={t('costs.history.receipt.caption', { when })}
          sx={{
            overflowX: 'auto',
            mt: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <Table size="small" id={linesId}>
            <caption>{t('costs.history.receipt.caption', { when })}</caption>
            <AmountRows
              labels={[
                t('costs.history.receipt.costType'),
                t('costs.history.receipt.amount'),
                t('costs.history.receipt.apportionable'),
              ]}
              rows={snapshot.lines.map((line) => [
                line.costType ?? line.tariffComponent,
                line.amount,
                line.apportionableAmount,
              ])}
            />
          </Table>
        </Box>
      )}
    </Box>
  )
}

/** Who changed what and when (the audit log), including decline reasons and decision receipts. */
export function CostHistory({ id }: { id: string }) {
  const { t } = useTranslation()
  const history = useHistory(id)
  return (
    <CostsSection id="cost-history-title" title={t('costs.history.title')} gutterBottom={false}>
      <PanelState loading={history.isPending} error={history.error} empty={!history.data?.length}>
        <List dense>
          {history.data?.map((entry, index) => (
            <ListItem
              key={`${entry.at}-${index}`}
              disableGutters
              sx={{ flexDirection: 'column', alignItems: 'flex-start' }}
            >
              <ListItemText
                // the server words every change it knows; an unknown one is not shown by its code
                primary={entry.detail ?? t('costs.history.change')}
                secondary={`${formatDate(entry.at)} ${time(entry.at)} · ${entry.name}`}
              />
              {entry.receipt && entry.sequence !== null && (
                <DecisionReceipt id={id} entry={entry} receipt={entry.receipt} />
              )}
            </ListItem>
          ))}
        </List>
      </PanelState>
    </CostsSection>
  )
}
