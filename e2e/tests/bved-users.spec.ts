import { formatDate } from '../../packages/domain/src/format/date.ts'
import { writeBvedFile, writeRecord, readBvedFile } from '../../packages/domain/src/bved/index.ts'
import { demoBvedUserFile } from '../../apps/server/src/demo/bved-files.ts'
import { expect, signIn, test } from '../fixtures'

/**
 * Decision 063: the demo's bved users' file (DTM) for demo property 1000000002 previewed, taken
 * over (exactly one tenant change report, shown in the notifications), taken over again (nothing
 * new); a file with one bad line shows the error at that line and cannot be taken over.
 */
test.use({ serverGroup: 'bved-users' })

/** The server's demo data is relative to today in Germany; the file is written for the same day. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())

test('a bved users file is previewed, reported once, and a bad line is shown at its line', async ({
  page,
  checkScreen,
}) => {
  const demo = demoBvedUserFile(today)
  await signIn(page, 'verwalter')
  const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
  const reports = async () => {
    const response = await page.request.get('/api/persistence/notifications', {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.status()).toBe(200)
    const { items } = (await response.json()) as { items: { kind: string; text: string }[] }
    return items.filter((item) => item.kind === 'TENANT_CHANGE')
  }
  const before = (await reports()).length

  await page.goto('/properties/1000000002')
  const openDialog = async () => {
    await page.getByRole('button', { name: 'Mieterwechsel aus Datei übernehmen' }).click()
    return page.getByRole('dialog', { name: 'Mieterwechsel aus Datei übernehmen' })
  }
  const choose = (dialog: ReturnType<typeof page.getByRole>, bytes: Uint8Array) =>
    dialog.locator('input[type="file"]').setInputFiles({
      name: demo.fileName,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(bytes),
    })
  const records = readBvedFile(demo.bytes).records
  const users = records.length - 1

  let dialog = await openDialog()
  await checkScreen('bved-users-dialog')
  await choose(dialog, demo.bytes)
  await expect(dialog.getByRole('status').filter({ hasText: 'kann übernommen werden' })).toHaveText(
    `Die Datei kann übernommen werden: ${users} Nutzersätze, ${users - 2} unverändert, 1 Mieterwechsel, 0 Fehler.`,
  )
  const preview = dialog.getByRole('table', { name: /Vorschau/ })
  await expect(preview.getByRole('row')).toHaveCount(users + 1)
  const change = preview.getByRole('row', { name: /Brandt, Johanna/ })
  await expect(change).toContainText(demo.change.reference)
  await expect(change).toContainText(
    `Mieterwechsel: Auszug des Vormieters am ${formatDate(demo.change.moveOut)}`,
  )
  await expect(change).toContainText('Neuer Mieter: Johanna Brandt')
  await expect(preview).toContainText('Auszug, gemeldet mit dem Nachfolger')
  await expect(preview.getByText('unverändert', { exact: true })).toHaveCount(users - 2)
  await checkScreen('bved-users-preview')
  expect((await reports()).length, 'the preview reports nothing').toBe(before)

  await dialog.getByRole('button', { name: 'Übernehmen' }).click()
  // like the form, the dialog says what it reported until it is closed
  await expect(dialog.getByRole('status').filter({ hasText: 'aus der Datei gemeldet' })).toHaveText(
    '1 Mieterwechsel aus der Datei gemeldet. Vielen Dank. Die Meldung wird intern geprüft; bis die Änderung im Portal erscheint, kann es einige Tage dauern.',
  )
  await expect(dialog.getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
  await checkScreen('bved-users-reported')
  await dialog.getByRole('button', { name: 'Schließen' }).click()
  await expect(dialog).toBeHidden()
  expect((await reports()).length).toBe(before + 1)

  // the report is where the portal shows reports: the notifications
  await page.getByRole('link', { name: /^Benachrichtigungen/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible()
  const item = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Johanna Brandt' })
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(`Auszug am ${formatDate(demo.change.moveOut)}`)
  await expect(item).toContainText(`Nutzeinheit: ${demo.change.reference}`)

  // the same file a second time: nothing to report
  await page.goto('/properties/1000000002')
  dialog = await openDialog()
  await choose(dialog, demo.bytes)
  await expect(dialog.getByRole('status').filter({ hasText: 'bereits' })).toHaveText(
    'Diese Datei wurde bereits für diese Liegenschaft übernommen; ein zweites Mal meldet sie nichts.',
  )
  await expect(dialog.getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Schließen' }).click()
  expect((await reports()).length).toBe(before + 1)

  // one bad line: its error at its line, nothing can be taken over
  const first = records.find((record) => record.type === 'M')!
  const bad = writeRecord('M', { ...first.values, unitNumber: '0999' })
  const withBadLine = new Uint8Array([...demo.bytes, ...writeBvedFile([bad])])
  dialog = await openDialog()
  await choose(dialog, withBadLine)
  await expect(dialog.getByRole('alert')).toContainText('Die Datei enthält Fehler')
  await expect(dialog.getByRole('table', { name: /Vorschau/ })).toContainText(
    `Zeile ${records.length + 1}, Feld Wohnungsnummer (Stellen 28–31): Die Liegenschaft hat keine Nutzeinheit mit der Wohnungsnummer 0999.`,
  )
  await expect(dialog.getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
  await checkScreen('bved-users-preview-with-error')
  await page.setViewportSize({ width: 320, height: 720 })
  await checkScreen('bved-users-preview-with-error at 320 px')
  expect((await reports()).length).toBe(before + 1)
})
