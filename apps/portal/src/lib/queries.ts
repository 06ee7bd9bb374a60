import type { ObjectRelations, Partner } from '@portal/domain'
import { ERROR } from '@portal/domain'
import { apiRequest, SEARCH_ALL } from './api-client'

export type Items<T> = { items: T[] }

export const eq = (property: string, value: string | null) => ({ property, type: 'eq', value })

/** §7 `POST …-search?limit=9999` with filters. */
export function searchAll<T>(entity: string, filters: object[], errorCode: number): Promise<T[]> {
  return apiRequest<Items<T>>(`/api/persistence/${entity}-search${SEARCH_ALL}`, {
    body: { filters },
    errorCode,
  }).then((answer) => answer.items)
}

export function getRecord<T>(path: string, errorCode: number): Promise<T> {
  return apiRequest<T>(`/api/persistence/${path}`, { errorCode })
}

export const getPartner = (id: string, errorCode: number) =>
  getRecord<Partner>(`partners/${encodeURIComponent(id)}`, errorCode)

export const getRelations = (path: string) =>
  getRecord<ObjectRelations>(path, ERROR.unitDetails).then((answer) => answer.items)
