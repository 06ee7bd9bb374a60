import type { ObjectRelations, Partner } from '@portal/domain'
import { ERROR } from '@portal/domain'
import { apiRequest, SEARCH_ALL } from './api-client'

export type Items<T> = { items: T[] }

export const eq = (property: string, value: string | null) => ({ property, type: 'eq', value })

/**
 * Every page of a paged list (ARCHITECTURE 3.1): `path?limit=9999`, then `&next=` from each answer
 * until it answers `next: null`; `itemsOf` picks the page's rows from the answer.
 */
export async function followPages<A extends { next?: string | null }, T>(
  path: string,
  body: object,
  errorCode: number,
  itemsOf: (answer: A) => T[],
): Promise<T[]> {
  const rows: T[] = []
  let next: string | null | undefined = null
  do {
    const page = next ? `&next=${encodeURIComponent(next)}` : ''
    const answer: A = await apiRequest<A>(`${path}${SEARCH_ALL}${page}`, { body, errorCode })
    rows.push(...itemsOf(answer))
    next = answer.next
  } while (next)
  return rows
}

/** §7 `POST …-search?limit=9999` with filters, every page. */
export function searchAll<T>(entity: string, filters: object[], errorCode: number): Promise<T[]> {
  return followPages<Items<T> & { next?: string | null }, T>(
    `/api/persistence/${entity}-search`,
    { filters },
    errorCode,
    (answer) => answer.items,
  )
}

/** Every record of `entity` whose `property` is `value`. */
export function searchWhere<T>(
  entity: string,
  property: string,
  value: string | null,
  errorCode: number,
): Promise<T[]> {
  return searchAll<T>(entity, [eq(property, value)], errorCode)
}

export function getRecord<T>(path: string, errorCode: number): Promise<T> {
  return apiRequest<T>(`/api/persistence/${path}`, { errorCode })
}

export const getPartner = (id: string, errorCode: number) =>
  getRecord<Partner>(`partners/${encodeURIComponent(id)}`, errorCode)

export const getRelations = (path: string) =>
  getRecord<ObjectRelations>(path, ERROR.unitDetails).then((answer) => answer.items)
