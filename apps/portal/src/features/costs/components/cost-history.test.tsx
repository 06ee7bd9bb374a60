import type { HistoryEntry } from '@portal/domain'
import { screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { jsonAnswer } from '../../../testing/answers'
import { renderWithQueries } from '../../../testing/render'
import { CostHistory } from './cost-history'

const entry = (userName: string, name: string, detail: string): HistoryEntry => ({
  at: '2026-03-12T09:15:00.000Z',
  userName,
  name,
  action: 'DISTRIBUTION_DECLINED',
  entity: 'operatingCostsDistribution',
  entityKey: '1000000001-2025',
  detail,
  sequence: null,
  receipt: null,
})

describe('the history of a distribution', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonAnswer(200, {
            items: [
              entry('verwalter', 'Thomas Brandt', 'Abgelehnt: Die Wartung ist doppelt erfasst.'),
              entry('gelöscht-0a1b2c3d', 'gelöscht-0a1b2c3d', 'Abgelehnt: Zu hoch.'),
            ],
          }),
        ),
      ),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('names who decided by the person’s name; a deleted user’s pseudonym as it is', async () => {
    renderWithQueries(<CostHistory id="1000000001-2025" />)
    expect(await screen.findByText('12.03.2026 10:15 · Thomas Brandt')).toBeInTheDocument()
    expect(screen.getByText('12.03.2026 10:15 · gelöscht-0a1b2c3d')).toBeInTheDocument()
    expect(screen.queryByText(/verwalter/)).toBeNull()
  })
})
