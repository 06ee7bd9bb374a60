/**
 * ARCHITECTURE 3.5: every creating or changing call carries an `Idempotency-Key`, one per user
 * action. The key is made when the action first sends and kept until it succeeds, so that a double
 * click, a retry after a lost answer or a second Enter reaches the server with the same key and has
 * one effect; the next action after a success gets a new key.
 */
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { useRef } from 'react'
import { newActionKey } from './action-key'

type IdempotentMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
> & {
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>
}

export function useIdempotentMutation<TData, TVariables = void>(
  options: IdempotentMutationOptions<TData, TVariables>,
) {
  const key = useRef<string | null>(null)
  const { mutationFn, onSuccess, ...rest } = options
  return useMutation<TData, Error, TVariables>({
    ...rest,
    mutationFn: (variables) => {
      key.current ??= newActionKey()
      return mutationFn(variables, key.current)
    },
    onSuccess: (...args) => {
      key.current = null
      return onSuccess?.(...args)
    },
  })
}
