import type { Connection } from '@portal/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../lib/i18n'
import { storeSession, type SessionUser } from '../../lib/session'
import { renderRoutes } from '../../testing/render'
import { Component as PropertiesPage } from './properties-page'

const property = (connection: string, postalCode: string, city: string) =>
  ({
    connection,
    name1: `Objekt ${connection}`,
    street: 'Hauptstraße',
    houseNumber: '1',
    postalCode,
    city,
  }) as Connection

describe('the properties table', () => {
  beforeAll(() => initI18n())

  it('sorts the "Ort" column by what its cells start with: the postcode, then the place', async () => {
    storeSession({ name: 'Thomas Brandt' } as SessionUser, [
      property('1000000001', '60311', 'Frankfurt am Main'),
      property('1000000002', '04109', 'Leipzig'),
      property('1000000003', '10115', 'Berlin'),
      property('1000000004', '04109', 'Anger'),
    ])
    renderRoutes([{ path: '/properties', element: <PropertiesPage /> }], '/properties')
    const header = screen.getByRole('columnheader', { name: 'Ort' })
    await userEvent.click(within(header).getByRole('button', { name: 'Ort' }))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    const table = screen.getByRole('table')
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((cell) => cell === header)
    const places = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[column]?.textContent)
    expect(places).toEqual([
      '04109 Anger',
      '04109 Leipzig',
      '10115 Berlin',
      '60311 Frankfurt am Main',
    ])
  })
})
