import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { formatDate } from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PanelState } from '../../../components/panel-state'
import {
  billingInformationQuery,
  residentBillingInformationQuery,
  useResidentBillingPeriods,
} from '../api/billing-information'
import { BillingInformationView } from './billing-information-view'
import '../locales'

const TITLE_ID = 'billing-information-title'

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Paper component="section" aria-labelledby={TITLE_ID} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id={TITLE_ID} gutterBottom>
        {t('billingInformation.title')}
      </Typography>
      {children}
    </Paper>
  )
}

/**
 * Decision 067 on the cost allocation page: the billing information of the distribution, for the
 * unit the manager chooses (the first one until he does).
 */
export default function BillingInformationPanel({ distribution }: { distribution: string }) {
  const { t } = useTranslation()
  const [unit, setUnit] = useState<string | undefined>(undefined)
  const info = useQuery(billingInformationQuery(distribution, unit))
  const units = info.data?.units ?? []
  return (
    <Frame>
      {units.length > 1 && (
        <TextField
          select
          label={t('billingInformation.unit')}
          value={unit ?? info.data?.user?.pointOfDelivery ?? units[0]!.pointOfDelivery}
          onChange={(event) => setUnit(event.target.value)}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 240 }, mb: 2 }}
        >
          {units.map((u) => (
            <MenuItem key={u.pointOfDelivery} value={u.pointOfDelivery}>
              {u.reference}
            </MenuItem>
          ))}
        </TextField>
      )}
      <PanelState loading={info.isPending} error={info.error} empty={false}>
        {info.data && <BillingInformationView info={info.data} />}
      </PanelState>
    </Frame>
  )
}

/**
 * Decision 067 on a resident's start page: his billed periods, newest first, each with his own
 * figures; before his first bill a sentence says when it comes.
 */
export function ResidentBillingInformationPanel() {
  const { t } = useTranslation()
  const periods = useResidentBillingPeriods()
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const items = periods.data?.items ?? []
  const selected = chosen ?? items[0]?.operatingCostsDistribution
  return (
    <Frame>
      <PanelState loading={periods.isPending} error={periods.error} empty={false}>
        {items.length === 0 ? (
          <Typography>{t('billingInformation.residentNone')}</Typography>
        ) : (
          <>
            <TextField
              select
              label={t('billingInformation.periodSelect')}
              value={selected}
              onChange={(event) => setChosen(event.target.value)}
              sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 240 }, mb: 2 }}
            >
              {items.map((item) => (
                <MenuItem
                  key={item.operatingCostsDistribution}
                  value={item.operatingCostsDistribution}
                >
                  {`${formatDate(item.from)} – ${formatDate(item.until)}`}
                </MenuItem>
              ))}
            </TextField>
            {selected && <ResidentPeriod id={selected} />}
          </>
        )}
      </PanelState>
    </Frame>
  )
}

function ResidentPeriod({ id }: { id: string }) {
  const info = useQuery(residentBillingInformationQuery(id))
  return (
    <PanelState loading={info.isPending} error={info.error} empty={false}>
      {info.data && <BillingInformationView info={info.data} />}
    </PanelState>
  )
}
