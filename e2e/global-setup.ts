import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

const CHROMIUM = '/usr/bin/chromium'
const INSTALL = 'apt-get update && apt-get install -y chromium'

/** The e2e suite needs Debian's Chromium and the built portal. */
export default function globalSetup() {
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
}
