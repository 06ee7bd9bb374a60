import TablePagination from '@mui/material/TablePagination'
import type { SxProps, Theme } from '@mui/material/styles'
import { useTranslation } from 'react-i18next'
import { ALL_ROWS } from '@portal/domain'

/** §9 reflow: the pager wraps onto a second line on a phone instead of hiding its buttons. */
const paginationSx: SxProps<Theme> = {
  overflow: 'visible',
  '& .MuiTablePagination-toolbar': {
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    columnGap: 1,
    rowGap: 0.5,
    px: { xs: 0, sm: 2 },
  },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { ml: 1, mr: { xs: 0, sm: 4 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0, sm: 2.5 } },
}

function pageSizeChoices(options: readonly number[], current: number): number[] {
  const sizes = new Set([...options, current])
  const all = sizes.delete(ALL_ROWS)
  return [...[...sizes].sort((a, b) => a - b), ...(all ? [ALL_ROWS] : [])]
}

/** The table's pager: the page, the page size and where the shown rows stand in the list. */
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
  const allLabel = t('dataTable.all', 'Alle')
  return (
    <TablePagination
      component="div"
      sx={paginationSx}
      count={total}
      page={page - 1}
      rowsPerPage={itemsPerPage}
      rowsPerPageOptions={pageSizeChoices(itemsPerPageOptions, itemsPerPage).map((value) =>
        value === ALL_ROWS ? { label: allLabel, value } : value,
      )}
      onPageChange={(_event, page) => onPageChange(page + 1)}
      onRowsPerPageChange={(event) => onItemsPerPageChange(Number(event.target.value))}
      labelRowsPerPage={t('dataTable.rowsPerPage', 'Zeilen pro Seite')}
      labelDisplayedRows={({ from, to, count }) =>
        t('dataTable.displayedRows', '{{from}}–{{to}} von {{count}}', {
          from,
          to,
          count,
        })
      }
      getItemAriaLabel={(type) => {
        switch (type) {
          case 'first':
            return t('dataTable.firstPage', 'Zur ersten Seite')
          case 'previous':
            return t('dataTable.previousPage', 'Zur vorherigen Seite')
          case 'next':
            return t('dataTable.nextPage', 'Zur nächsten Seite')
          case 'last':
            return t('dataTable.lastPage', 'Zur letzten Seite')
        }
      }}
      showFirstButton
      showLastButton
    />
  )
}
