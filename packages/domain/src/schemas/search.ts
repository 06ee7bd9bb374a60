import { z } from 'zod'
import { SEARCH_LIMIT } from '../constants/limits'

/** ARCHITECTURE 3.1: the filter types of the generic search. */
export const FILTER_TYPES = [
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'in',
  'startsWith',
  'contains',
] as const
export type FilterType = (typeof FILTER_TYPES)[number]

const FilterValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const SearchFilterSchema = z.strictObject({
  property: z.string().min(1).max(100),
  type: z.string().min(1).max(20),
  value: z.union([FilterValueSchema, z.array(FilterValueSchema).max(1000)]),
})
export type SearchFilter = z.infer<typeof SearchFilterSchema>

export const SearchSortSchema = z.strictObject({
  property: z.string().min(1).max(100),
  order: z.enum(['asc', 'desc']).default('asc'),
})
export type SearchSort = z.infer<typeof SearchSortSchema>

export const SearchRequestSchema = z.strictObject({
  filters: z.array(SearchFilterSchema).max(50).default([]),
  sort: z.array(SearchSortSchema).max(10).default([]),
})
export type SearchRequest = z.infer<typeof SearchRequestSchema>

/** ARCHITECTURE 3.1: the limit when a search names none; the maximum is §9's SEARCH_LIMIT. */
export const SEARCH_LIMIT_DEFAULT = 100

export const SearchQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT).default(SEARCH_LIMIT_DEFAULT),
  next: z.string().max(200).optional(),
})

/** The answer of every `*-search` route. */
export function searchResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next: z.string().nullable() })
}
