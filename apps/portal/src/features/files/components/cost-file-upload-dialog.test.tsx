import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { renderWithQueries } from '../../../testing/render'
import { CostFileUploadDialog } from './cost-file-upload-dialog'

const fetchMock = vi.fn<typeof fetch>()

describe('the upload of a cost document', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says a chosen file of 0 bytes is empty, not that none was chosen, and sends nothing', async () => {
    const { container } = renderWithQueries(
      <CostFileUploadDialog distribution="1000000001-2025" onClose={vi.fn()} />,
    )
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File([], 'rechnung.pdf', { type: 'application/pdf' }))
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Die Datei ist leer.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks for a file when none is chosen', async () => {
    renderWithQueries(<CostFileUploadDialog distribution="1000000001-2025" onClose={vi.fn()} />)
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Datei aus.')
  })
})
