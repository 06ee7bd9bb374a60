import { useQuery } from '@tanstack/react-query'
import { legacyTransaction } from './legacy-client'

/** A query answered by one legacy transaction (§7), e.g. a unit's measurements or master data. */
export function useLegacyQuery<T>(
  queryKey: readonly unknown[],
  request: Parameters<typeof legacyTransaction>[0],
  errorCode: number,
  enabled = true,
) {
  return useQuery({
    queryKey,
    enabled,
    queryFn: () => legacyTransaction<T>(request, errorCode),
  })
}
