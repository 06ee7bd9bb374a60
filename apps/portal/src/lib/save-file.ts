/** Hands `blob` to the browser as a download named `fileName` (the browser's save dialog or folder). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // the download has read the blob long before; revoking at once can cancel it in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
