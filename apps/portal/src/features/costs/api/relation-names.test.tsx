import type { Expense, ValueListRequest } from '@portal/domain'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { distributionWith } from '../../../testing/fixtures'
import { renderWithQueries } from '../../../testing/render'
import { useRelationNames } from './relation-names'

const line = (object: string, allocationRef: string) =>
  ({
    guid: `${object}-${allocationRef}`,
    tariffComponent: 'NK_MUELL',
    object,
    allocationRef,
  }) as Expense

const costs = distributionWith([
  line('VERTRAG', 'VT1000000007'),
  line('VERTRAG', 'VT1000000099'),
  line('ANSCHLUSS', '1000000001'),
])

const NAMES: Record<string, { key: string; name: string }[]> = {
  VERTRAG: [{ key: 'VT1000000007', name: 'Erika Mustermann · WE 03' }],
  ANSCHLUSS: [{ key: '1000000001', name: 'WEG Lindenstraße 12' }],
}

/** The name of each line as the hook gives it, '(lädt)' for null. */
function Names() {
  const names = useRelationNames(costs)
  return (
    <ul>
      {costs.operatingCostsWorkingExpense.map((e) => (
        <li key={e.guid}>{names.nameOf(e.object!, e.allocationRef!) ?? '(lädt)'}</li>
      ))}
    </ul>
  )
}

/** Answers the value list of each object type once `release(object)` is called. */
let release: Record<string, () => void>

beforeEach(() => {
  release = {}
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const object = (JSON.parse(init.body as string) as ValueListRequest).line_data.OBJECT ?? ''
      await new Promise<void>((resolve) => (release[object] = resolve))
      const data = (NAMES[object] ?? []).map((entry) => ({ ...entry, obj: object }))
      return Response.json({ data: { data } })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent)

describe('the names of the cost lines’ relations', () => {
  it('are null while their list loads, never the key; the key only when the list has no name', async () => {
    renderWithQueries(<Names />)
    expect(shown()).toEqual(['(lädt)', '(lädt)', '(lädt)'])
    await vi.waitFor(() => expect(Object.keys(release).sort()).toEqual(['ANSCHLUSS', 'VERTRAG']))
    release.ANSCHLUSS!()
    expect(await screen.findByText('WEG Lindenstraße 12')).toBeInTheDocument()
    expect(shown()).toEqual(['(lädt)', '(lädt)', 'WEG Lindenstraße 12'])
    release.VERTRAG!()
    expect(await screen.findByText('Erika Mustermann · WE 03')).toBeInTheDocument()
    expect(shown()).toEqual(['Erika Mustermann · WE 03', 'VT1000000099', 'WEG Lindenstraße 12'])
  })
})
