import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Link, Outlet } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../lib/i18n'
import { renderRoutes } from '../testing/render'
import { useLeaveGuard } from './leave-guard'
import { LeaveGuard } from './leave-guard-outlet'

/** A form that reports a change while its field holds text. */
function Form() {
  const [value, setValue] = useState('')
  useLeaveGuard(value !== '')
  return (
    <label>
      Bemerkung
      <input value={value} onChange={(event) => setValue(event.target.value)} />
    </label>
  )
}

function show() {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Link to="/other">Liegenschaften</Link>
            <Link to="/form?page=2">Seite 2</Link>
            <Outlet />
            <LeaveGuard />
          </>
        ),
        children: [
          { path: '/form', element: <Form /> },
          { path: '/other', element: <h1>Liegenschaften</h1> },
        ],
      },
    ],
    '/form',
  )
}

/** Whether the browser would ask before unloading the page. */
const asksBeforeUnload = () => !fireEvent(window, new Event('beforeunload', { cancelable: true }))

describe('leaving a changed form', () => {
  beforeAll(() => initI18n())

  it('asks before another page; "Weiter bearbeiten" keeps the input, "Verwerfen" leaves', async () => {
    const router = show()
    await userEvent.type(screen.getByLabelText('Bemerkung'), 'Heizöl')
    await userEvent.click(screen.getByRole('link', { name: 'Liegenschaften' }))
    const dialog = await screen.findByRole('dialog', { name: 'Änderungen verwerfen?' })
    expect(dialog).toHaveAccessibleDescription(
      'Ihre Eingaben sind noch nicht gespeichert. Wenn Sie diese Seite verlassen, gehen sie verloren.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Weiter bearbeiten' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/form')
    expect(screen.getByLabelText('Bemerkung')).toHaveValue('Heizöl')

    await userEvent.click(screen.getByRole('link', { name: 'Liegenschaften' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Verwerfen' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'))
    expect(await screen.findByRole('heading', { name: 'Liegenschaften' })).toBeInTheDocument()
    // the form is gone: nothing is asked any more
    expect(asksBeforeUnload()).toBe(false)
  })

  it('asks before a reload or closing the tab only while the form holds changes', async () => {
    show()
    expect(asksBeforeUnload()).toBe(false)
    await userEvent.type(screen.getByLabelText('Bemerkung'), 'x')
    expect(asksBeforeUnload()).toBe(true)
    await userEvent.clear(screen.getByLabelText('Bemerkung'))
    expect(asksBeforeUnload()).toBe(false)
  })

  it('leaves an unchanged form at once, and keeps a changed one on a new search parameter', async () => {
    const router = show()
    await userEvent.type(screen.getByLabelText('Bemerkung'), 'x')
    await userEvent.click(screen.getByRole('link', { name: 'Seite 2' }))
    expect(router.state.location.search).toBe('?page=2')
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.clear(screen.getByLabelText('Bemerkung'))
    await userEvent.click(screen.getByRole('link', { name: 'Liegenschaften' }))
    expect(router.state.location.pathname).toBe('/other')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
