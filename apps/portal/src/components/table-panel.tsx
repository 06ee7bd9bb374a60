import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { UseQueryResult } from '@tanstack/react-query'
import type { RowData } from '@tanstack/react-table'
import { DataTable, type DataTableProps } from './data-table/data-table'
import { ErrorNotice } from './error-notice'

/**
 * A headed section with one query's rows in the data table, exported under its heading (decision
 * 030); §4: loading while fetching, the error with its code instead of the rows on failure.
 */
export function TablePanel<Row extends RowData>({
  id,
  title,
  query,
  ...table
}: { id: string; title: string; query: UseQueryResult<Row[]> } & Omit<
  DataTableProps<Row>,
  'rows' | 'loading' | 'caption' | 'exportName'
>) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography variant="h5" component="h2" id={id} gutterBottom>
        {title}
      </Typography>
      {query.isError ? (
        <ErrorNotice error={query.error} />
      ) : (
        <DataTable
          caption={title}
          exportName={title}
          rows={query.data ?? []}
          loading={query.isPending}
          size="small"
          {...table}
        />
      )}
    </Box>
  )
}
