import { saveFile } from './save-file'

/**
 * Hands the second factor's recovery codes to the browser as a text file: the caller's heading
 * (whose codes, when made, what they are for), then one code a line. Made in the browser from
 * the answer on screen: the server answers the codes only once.
 */
export function saveRecoveryCodes(codes: readonly string[], heading: string, fileName: string) {
  const text = `${heading}\n\n${codes.join('\n')}\n`
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName)
}
