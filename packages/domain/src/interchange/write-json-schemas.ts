/**
 * `npm run interchange:schemas`: writes the JSON Schema files of the interchange format to
 * docs/interchange/schemas/, formatted by Prettier (and removes those of entities that no longer
 * exist).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { interchangeJsonSchemaFiles, JSON_SCHEMA_FOLDER } from './json-schemas'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const folder = path.join(root, JSON_SCHEMA_FOLDER)
const files = interchangeJsonSchemaFiles()
mkdirSync(folder, { recursive: true })
for (const name of readdirSync(folder)) {
  if (name.endsWith('.schema.json') && !files.has(name)) rmSync(path.join(folder, name))
}
for (const [name, text] of files) {
  const file = path.join(folder, name)
  // formatted as `npm run format` would, so that the format check passes on them
  const options = await resolveConfig(file)
  writeFileSync(file, await format(text, { ...options, filepath: file }))
}
console.log(`${files.size} JSON-Schema-Dateien nach ${JSON_SCHEMA_FOLDER}/ geschrieben.`)
