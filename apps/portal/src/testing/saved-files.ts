/**
 * In place of `lib/save-file` in a test (`vi.mock('…/lib/save-file', () => import('…/testing/saved-files'))`):
 * the files the code hands to the browser as downloads, kept for the test to read.
 */
export const saved: { blob: Blob; fileName: string }[] = []

export function saveFile(blob: Blob, fileName: string): void {
  saved.push({ blob, fileName })
}

/** A saved file's text (jsdom's Blob has no `text()`). */
export const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.readAsText(blob)
  })
