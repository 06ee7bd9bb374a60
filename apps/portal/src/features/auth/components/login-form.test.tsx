import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { LoginForm } from './login-form'

function showLoginForm() {
  const router = createMemoryRouter([{ path: '/authenticate', element: <LoginForm /> }], {
    initialEntries: ['/authenticate'],
  })
  render(<RouterProvider router={router} />)
}

const userName = () => screen.getByLabelText(/^Benutzername/)
const password = () => screen.getByLabelText(/^Passwort/, { selector: 'input' })

describe('the login form', () => {
  beforeAll(() => initI18n())

  it('names each empty field and puts the focus on the first of them', async () => {
    showLoginForm()
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(userName()).toHaveFocus()
    expect(userName()).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(password()).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')

    await userEvent.type(userName(), 'verwalter')
    expect(userName()).not.toHaveAccessibleDescription()
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(password()).toHaveFocus()
    expect(password()).toBeInvalid()
  })
})
