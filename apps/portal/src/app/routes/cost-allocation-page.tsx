import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import {
  DISTRIBUTION_STATUS,
  formatAmount,
  formatDate,
  isOpenForEntry,
  label,
  SERVICE_FLAT_FEE,
  type Expense,
} from '@portal/domain'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { rememberedLocation } from '../../components/data-table/remembered-search'
import { focusTargetAfterRemoval, moveFocus } from '../../components/data-table/row-focus'
import { ErrorNotice } from '../../components/error-notice'
import { isNotAssigned, NotAssignedNotice } from '../../components/not-assigned-notice'
import { MutationOutcome } from '../../components/mutation-outcome'
import { PageTitle } from '../../components/kit/page-title'
import { PanelState } from '../../components/panel-state'
import {
  useDeleteExpense,
  useDistributions,
  useExpenseList,
  useOperatingCosts,
  useValueList,
  valueListRequest,
  type ExpenseKind,
} from '../../features/costs/api/operating-costs'
import { linesOf, usePreviousYear } from '../../features/costs/api/previous-year'
import { useRelationNames } from '../../features/costs/api/relation-names'
import { CostFileUploadDialog } from '../../features/files/components/cost-file-upload-dialog'
import { MyFilesPanel } from '../../features/files/components/my-files-panel'
import { InvoicesPanel } from '../../features/invoices/components/invoices-panel'
import { useConnection, useUsageUnits } from '../../features/properties/api/property'
import { TenantChangeDialog } from '../../features/tenant-change/components/tenant-change-dialog'
import { CostAllocationHeader } from '../../features/costs/components/cost-allocation-header'
import { CostEntryDialog } from '../../features/costs/components/cost-entry-dialog'
import { CostHistory } from '../../features/costs/components/cost-history'
import { CostsTable } from '../../features/costs/components/costs-table'
import {
  PlausibilityWarnings,
  PreviousYearComparison,
} from '../../features/costs/components/previous-year-comparison'
import { TakeOverDialog } from '../../features/costs/components/take-over-dialog'
import { BvedDownloadButton } from '../../features/costs/components/bved-download-button'
import { WorkflowActions } from '../../features/costs/components/workflow-actions'
import '../../features/costs/locales'
import '../../features/properties/locales'

// below the lists, for distributions with fuel costs; loaded with a heating list (it holds the
// domain's CO2 rules, which would otherwise join this screen's chunk)
const Co2SplitPanel = lazy(() => import('../../features/costs/components/co2-split-panel'))
// the annual billing information of § 6a Abs. 3 HeizkostenV (decision 067), below the CO2 split
const BillingInformationPanel = lazy(
  () => import('../../features/billing-information/components/billing-information-panel'),
)
// the bved file's dialog and its preview load once someone opens it (decision 061)
const BvedCostsDialog = lazy(async () => ({
  default: (await import('../../features/costs/components/bved-costs-dialog')).BvedCostsDialog,
}))

const TABS = ['invoices', 'heating', 'working', 'files'] as const
type TabName = (typeof TABS)[number]

/** §2 CostAllocation of a property: select, header, tabs, actions, workflow. */
export function Component() {
  const { t } = useTranslation()
  const connection = useParams().connection ?? ''
  // the property itself: for one not assigned to the user, the distribution search finds none
  const property = useConnection(connection)
  const [params, setParams] = useSearchParams()
  const distributions = useDistributions(connection)
  const selected = params.get('distribution') ?? distributions.data?.[0]?.operatingCostsDistribution
  const costs = useOperatingCosts(selected)
  const [tab, setTab] = useState<TabName>('heating')
  const [entry, setEntry] = useState<{ kind: ExpenseKind; expense?: Expense } | null>(null)
  const [dialog, setDialog] = useState<'upload' | 'tenantChange' | 'takeOver' | 'bved' | null>(null)
  const units = useUsageUnits(connection)
  const [deleting, setDeleting] = useState<{ kind: ExpenseKind; expense: Expense } | null>(null)
  const remove = useDeleteExpense(selected ?? '')
  // decision 045: where the focus goes when the delete dialog closes: back to the button that opened
  // it, or after a delete to the same button of the next (or previous) line, or to the table
  const focusAfterDelete = useRef<Element | null>(null)
  // what the last change of a line came to, announced to screen readers
  const [announcement, setAnnouncement] = useState<string | null>(null)
  const heatingTypes = useValueList(costs.data ? valueListRequest(costs.data, 'heating', {}) : null)
  const workingTypes = useValueList(costs.data ? valueListRequest(costs.data, 'working', {}) : null)
  const lists = {
    heating: useExpenseList(costs.data?.operatingCostsDistribution, 'heating'),
    working: useExpenseList(costs.data?.operatingCostsDistribution, 'working'),
  }
  const costTypeNames = new Map(
    [...(heatingTypes.data ?? []), ...(workingTypes.data ?? [])].map((e) => [e.key, e.name]),
  )
  const relationNames = useRelationNames(costs.data)
  const previousYear = usePreviousYear(costs.data, distributions.data)
  const costTypeName = (type: string) =>
    costTypeNames.get(type) ?? (type === SERVICE_FLAT_FEE ? t('costs.serviceFee.name') : type)
  const editable = costs.data ? isOpenForEntry(costs.data.operatingCostsDistributionStatus) : false
  const title = t('costs.title')

  const table = (kind: ExpenseKind) => (
    <PanelState loading={lists[kind].isPending} error={lists[kind].error} empty={false}>
      <CostsTable
        caption={t(`costs.${kind}Caption`)}
        expenses={lists[kind].data ?? []}
        costTypeNames={costTypeNames}
        relationNames={relationNames}
        editable={editable}
        stateKey={kind}
        onEdit={(expense) => setEntry({ kind, expense })}
        onDelete={(expense) => {
          remove.reset()
          focusAfterDelete.current = document.activeElement
          setDeleting({ kind, expense })
        }}
      />
    </PanelState>
  )

  if (isNotAssigned(property.error)) {
    const heading = t('properties.notAssigned.propertyTitle')
    return (
      <>
        <PageTitle documentTitle={heading}>{heading}</PageTitle>
        <NotAssignedNotice record="property" />
      </>
    )
  }
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Link
        component={RouterLink}
        to={rememberedLocation(`/properties/${encodeURIComponent(connection)}`)}
        sx={{ display: 'block', mb: 2 }}
      >
        {t('units.backToProperty')}
      </Link>
      <PanelState
        loading={distributions.isPending || property.isPending}
        error={property.error ?? distributions.error}
        empty={!distributions.data?.length}
      >
        <TextField
          select
          label={t('costs.select')}
          value={selected ?? ''}
          onChange={(event) => setParams({ distribution: event.target.value }, { replace: true })}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 320 }, mb: 2 }}
        >
          {distributions.data?.map((d) => (
            <MenuItem key={d.operatingCostsDistribution} value={d.operatingCostsDistribution}>
              {t('costs.option', {
                from: formatDate(d.from),
                until: formatDate(d.until),
                status: label(DISTRIBUTION_STATUS, d.operatingCostsDistributionStatus),
              })}
            </MenuItem>
          ))}
        </TextField>
      </PanelState>
      {property.isSuccess &&
        costs.isError &&
        (isNotAssigned(costs.error) ? (
          <NotAssignedNotice record="distribution" />
        ) : (
          <ErrorNotice error={costs.error} />
        ))}
      {property.isSuccess && costs.data && (
        <Stack spacing={2}>
          <CostAllocationHeader costs={costs.data} />
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            component="section"
            aria-label={t('costs.actions.label')}
            sx={{
              flexWrap: 'wrap',
            }}
          >
            <Button variant="outlined" onClick={() => setDialog('upload')}>
              {t('costs.actions.upload')}
            </Button>
            {editable && (
              <Button
                variant="contained"
                onClick={() => {
                  setAnnouncement(null)
                  setEntry({ kind: tab === 'working' ? 'working' : 'heating' })
                }}
              >
                {t('costs.actions.add')}
              </Button>
            )}
            {editable && previousYear.previous && (
              <Button
                variant="outlined"
                onClick={() => {
                  setAnnouncement(null)
                  setDialog('takeOver')
                }}
              >
                {t('costs.actions.takeOver')}
              </Button>
            )}
            {editable && (
              <Button
                variant="outlined"
                onClick={() => {
                  setAnnouncement(null)
                  setDialog('bved')
                }}
              >
                {t('costs.actions.bvedImport')}
              </Button>
            )}
            <BvedDownloadButton distribution={costs.data.operatingCostsDistribution} />
            <Button variant="outlined" onClick={() => setDialog('tenantChange')}>
              {t('costs.actions.tenantChange')}
            </Button>
            <WorkflowActions
              costs={costs.data}
              confirmationNotes={
                previousYear.report && (
                  <PlausibilityWarnings report={previousYear.report} nameOf={costTypeName} />
                )
              }
            />
          </Stack>
          {!editable && <Alert severity="info">{t('costs.readOnly')}</Alert>}
          <Box role="status">
            {announcement && (
              <Alert severity="success" onClose={() => setAnnouncement(null)}>
                {announcement}
              </Alert>
            )}
          </Box>
          <Box>
            <Tabs
              value={tab}
              onChange={(_, value: TabName) => setTab(value)}
              aria-label={t('costs.tabs.label')}
              variant="scrollable"
              // on a phone the arrows show that more tabs lie beside the visible ones
              scrollButtons="auto"
              allowScrollButtonsMobile
            >
              {TABS.map((name) => (
                <Tab
                  key={name}
                  value={name}
                  label={t(`costs.tabs.${name}`)}
                  id={`costs-tab-${name}`}
                  aria-controls={`costs-panel-${name}`}
                />
              ))}
            </Tabs>
            <Box
              role="tabpanel"
              id={`costs-panel-${tab}`}
              aria-labelledby={`costs-tab-${tab}`}
              sx={{ pt: 2 }}
            >
              {tab === 'invoices' && (
                <InvoicesPanel
                  distribution={costs.data.operatingCostsDistribution}
                  distributionStatus={costs.data.operatingCostsDistributionStatus}
                />
              )}
              {tab === 'heating' && table('heating')}
              {tab === 'working' && table('working')}
              {tab === 'files' && (
                <MyFilesPanel distribution={costs.data.operatingCostsDistribution} />
              )}
            </Box>
          </Box>
          {previousYear.report && !previousYear.loading && (
            <PreviousYearComparison
              report={previousYear.report}
              previous={previousYear.previous}
              nameOf={costTypeName}
            />
          )}
          {costs.data.operatingCostsHeatingExpense.length > 0 && (
            <Suspense fallback={null}>
              <Co2SplitPanel costs={costs.data} connection={connection} />
            </Suspense>
          )}
          {costs.data.operatingCostsHeatingExpense.length > 0 && (
            <Suspense fallback={null}>
              <BillingInformationPanel distribution={costs.data.operatingCostsDistribution} />
            </Suspense>
          )}
          <CostHistory id={costs.data.operatingCostsDistribution} />
        </Stack>
      )}
      {entry && costs.data && (
        <CostEntryDialog
          costs={costs.data}
          kind={entry.kind}
          expense={entry.expense}
          previousYear={previousYear.previous ? previousYear.report : undefined}
          onSaved={(message) => {
            setEntry(null)
            setAnnouncement(message)
          }}
          onClose={() => setEntry(null)}
        />
      )}
      {dialog === 'upload' && costs.data && (
        <CostFileUploadDialog
          distribution={costs.data.operatingCostsDistribution}
          onClose={() => {
            setDialog(null)
            setTab('files')
          }}
        />
      )}
      {dialog === 'takeOver' && costs.data && previousYear.previous && (
        <TakeOverDialog
          costs={costs.data}
          previous={previousYear.previous}
          nameOf={costTypeName}
          onSaved={(message) => {
            setDialog(null)
            setAnnouncement(message)
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'bved' && costs.data && (
        <Suspense fallback={null}>
          <BvedCostsDialog
            distribution={costs.data.operatingCostsDistribution}
            plausibility={
              previousYear.previous && previousYear.report
                ? {
                    current: linesOf(costs.data),
                    previous: linesOf(previousYear.previous),
                    thresholdPercent: previousYear.report.thresholdPercent,
                    nameOf: costTypeName,
                  }
                : undefined
            }
            onTakenOver={(message) => {
              setDialog(null)
              setAnnouncement(message)
            }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog === 'tenantChange' && (
        <TenantChangeDialog
          units={(units.data ?? []).map((u) => ({
            pointOfDelivery: u.pointOfDelivery,
            label: [u.reference, u.position, u.locationAddendum].filter(Boolean).join(' · '),
          }))}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('costs.delete.title')}
        text={
          deleting
            ? t('costs.delete.text', {
                name:
                  costTypeNames.get(deleting.expense.tariffComponent) ??
                  deleting.expense.tariffComponent,
                amount: formatAmount(deleting.expense.amountTransactionCurrency),
              })
            : ''
        }
        confirmLabel={t('costs.delete.confirm')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return
          const next = focusTargetAfterRemoval(focusAfterDelete.current)
          remove.mutate(
            { kind: deleting.kind, guid: deleting.expense.guid },
            {
              onSuccess: () => {
                focusAfterDelete.current = next
                setDeleting(null)
                setAnnouncement(t('costs.delete.done'))
              },
            },
          )
        }}
        onClose={() => setDeleting(null)}
        onExited={() => {
          const target = focusAfterDelete.current
          moveFocus(target instanceof HTMLElement ? target : null)
        }}
      >
        <MutationOutcome error={remove.error} />
      </ConfirmDialog>
    </>
  )
}
