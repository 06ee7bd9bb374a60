import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { onSessionEnd } from './session'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // a 4xx will not get better by asking again
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
})

// the answers are this tab's only copy of personal data: the next user of the tab starts empty
onSessionEnd(() => queryClient.clear())
