import Pagination from '@mui/material/Pagination'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'

/** The address's search parameter that holds the page of a paged list. */
const PAGE_PARAMETER = 'seite'

/**
 * One page of `items` (a large customer has thousands: the screen renders a page, never all),
 * the page kept in the address so that the back button and links keep it.
 */
export function useItemPage<T>(items: readonly T[], perPage: number) {
  const [params, setParams] = useSearchParams()
  const pages = Math.max(1, Math.ceil(items.length / perPage))
  const requested = Number(params.get(PAGE_PARAMETER))
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, pages) : 1
  const setPage = (next: number) =>
    setParams((current) => {
      current.set(PAGE_PARAMETER, String(next))
      return current
    })
  return { page, pages, setPage, shown: items.slice((page - 1) * perPage, page * perPage) }
}

/** The page buttons of a paged list, named in German for screen readers; none for one page. */
export function ItemPages({
  label,
  page,
  pages,
  setPage,
}: {
  label: string
  page: number
  pages: number
  setPage: (page: number) => void
}) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  const itemLabel = (type: string, item: number | null) => {
    if (type === 'first') return t('dataTable.firstPage')
    if (type === 'last') return t('dataTable.lastPage')
    if (type === 'next') return t('dataTable.nextPage')
    if (type === 'previous') return t('dataTable.previousPage')
    return t('dataTable.page', { page: item })
  }
  return (
    <Pagination
      count={pages}
      page={page}
      color="primary"
      showFirstButton
      showLastButton
      aria-label={label}
      getItemAriaLabel={itemLabel}
      onChange={(_event, next) => setPage(next)}
    />
  )
}
