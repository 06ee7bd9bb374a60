import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { seedDataFolder, TEMPLATE_SCALES, templateFolder, TEMPLATES_ENV } from './server'

const CHROMIUM = '/usr/bin/chromium'
const INSTALL = 'apt-get update && apt-get install -y chromium'

/**
 * The e2e suite needs Debian's Chromium, the built portal and the template data folders: one per
 * seed scale, migrated and seeded once, which every server of the run starts on a copy of. The
 * workers find them through an environment variable; the teardown removes them.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    if (process.getuid?.() !== 0) {
      throw new Error(`Chromium fehlt unter ${CHROMIUM}. Bitte als root installieren: ${INSTALL}`)
    }
    console.log(`Chromium fehlt: ${INSTALL}`)
    execFileSync('sh', ['-c', INSTALL], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  const root = path.resolve(import.meta.dirname, '..')
  if (!existsSync(path.join(root, 'apps/portal/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@portal/portal'], { cwd: root, stdio: 'inherit' })
  }
  const started = performance.now()
  const templates = await mkdtemp(path.join(tmpdir(), 'portal-e2e-templates-'))
  await Promise.all(
    TEMPLATE_SCALES.map((scale) => seedDataFolder(templateFolder(templates, scale), scale)),
  )
  process.env[TEMPLATES_ENV] = templates
  console.log(
    `Vorlagen der Datenordner (Skalierung ${TEMPLATE_SCALES.join(', ')}) in ${Math.round(performance.now() - started)} ms angelegt`,
  )
  return () => rm(templates, { recursive: true, force: true })
}
