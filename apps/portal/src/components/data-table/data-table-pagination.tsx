import FirstPageIcon from '@mui/icons-material/FirstPage'
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft'
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight'
import LastPageIcon from '@mui/icons-material/LastPage'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import InputBase from '@mui/material/InputBase'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Typography from '@mui/material/Typography'
import { ALL_ROWS, pageCount } from '@portal/domain'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

function pageSizeChoices(options: readonly number[], current: number): number[] {
  const sizes = new Set([...options, current])
  const all = sizes.delete(ALL_ROWS)
  return [...[...sizes].sort((a, b) => a - b), ...(all ? [ALL_ROWS] : [])]
}

function PagerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <IconButton aria-label={label} disabled={disabled} onClick={onClick} color="inherit">
      {children}
    </IconButton>
  )
}

/**
 * The table's pager: the page, the page size and where the shown rows stand in the list. Drawn
 * from MUI's parts as its TablePagination draws them, without the tooltips its pager buttons carry
 * since MUI 9 (Tooltip and Popper.js, about 12 kB gzip on every table screen; the buttons are named
 * by their labels). §9 reflow: it wraps onto a second line on a phone instead of hiding its buttons.
 */
export function DataTablePagination({
  total,
  page,
  itemsPerPage,
  itemsPerPageOptions,
  onPageChange,
  onItemsPerPageChange,
}: {
  total: number
  /** The page, counted from 1. */
  page: number
  itemsPerPage: number
  itemsPerPageOptions: readonly number[]
  /** The page chosen, counted from 1. */
  onPageChange: (page: number) => void
  onItemsPerPageChange: (itemsPerPage: number) => void
}) {
  const { t } = useTranslation()
  const labelId = useId()
  const last = pageCount(total, itemsPerPage)
  const from = total === 0 ? 0 : (page - 1) * itemsPerPage + 1
  const to = itemsPerPage === ALL_ROWS ? total : Math.min(total, page * itemsPerPage)
  const choices = pageSizeChoices(itemsPerPageOptions, itemsPerPage)
  return (
    <Box
      className="data-table-pager"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 1,
        rowGap: 0.5,
        minHeight: 52,
        px: { xs: 0, sm: 2 },
        color: 'text.primary',
      }}
    >
      {choices.length > 1 && (
        <>
          <Typography id={labelId} variant="body2" component="p">
            {t('dataTable.rowsPerPage', 'Zeilen pro Seite')}
          </Typography>
          <Select
            variant="standard"
            input={<InputBase sx={{ fontSize: 'body2.fontSize' }} />}
            labelId={labelId}
            value={itemsPerPage}
            onChange={(event) => onItemsPerPageChange(Number(event.target.value))}
            sx={{ ml: 1, mr: { xs: 0, sm: 4 } }}
          >
            {choices.map((value) => (
              <MenuItem key={value} value={value}>
                {value === ALL_ROWS ? t('dataTable.all', 'Alle') : value}
              </MenuItem>
            ))}
          </Select>
        </>
      )}
      <Typography variant="body2" component="p">
        {t('dataTable.displayedRows', '{{from}}–{{to}} von {{count}}', { from, to, count: total })}
      </Typography>
      <Box sx={{ flexShrink: 0, ml: { xs: 0, sm: 2.5 } }}>
        <PagerButton
          label={t('dataTable.firstPage', 'Zur ersten Seite')}
          disabled={page <= 1}
          onClick={() => onPageChange(1)}
        >
          <FirstPageIcon />
        </PagerButton>
        <PagerButton
          label={t('dataTable.previousPage', 'Zur vorherigen Seite')}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <KeyboardArrowLeft />
        </PagerButton>
        <PagerButton
          label={t('dataTable.nextPage', 'Zur nächsten Seite')}
          disabled={page >= last}
          onClick={() => onPageChange(page + 1)}
        >
          <KeyboardArrowRight />
        </PagerButton>
        <PagerButton
          label={t('dataTable.lastPage', 'Zur letzten Seite')}
          disabled={page >= last}
          onClick={() => onPageChange(last)}
        >
          <LastPageIcon />
        </PagerButton>
      </Box>
    </Box>
  )
}
