import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { LIST_SEARCH_PREFIX as STORAGE_PREFIX } from '../../lib/session'

/**
 * Keeps the search string of a list page (its tables' page, sort and search) for the tab's
 * session, so that a link back to the list from a detail page returns to what the user left.
 */
export function useRememberSearch(path: string) {
  const { search } = useLocation()
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_PREFIX + path, search)
    } catch {
      // storage unavailable (private mode, quota): the link back then starts the list afresh
    }
  }, [path, search])
}

/** The address of a list page with the search string it was last left with. */
export function rememberedLocation(path: string): { pathname: string; search: string } {
  let search = ''
  try {
    search = sessionStorage.getItem(STORAGE_PREFIX + path) ?? ''
  } catch {
    // as above: without storage the list starts afresh
  }
  return { pathname: path, search: search.startsWith('?') ? search : '' }
}
