// `npm start`: builds the portal when it is not built, then runs the server from its source (the
// demo). With NODE_ENV=production, or when tsx is not installed (after `npm prune --omit=dev`), it
// runs the built server bundle with node alone and builds nothing: the production install may lack
// the build tools (docs/operations.md). Either reads its settings from the file ENV_FILE names.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const root = new URL('..', import.meta.url)
const portal = JSON.parse(readFileSync(new URL('apps/portal/package.json', root), 'utf8'))
const builtIndex = new URL('apps/portal/dist/index.html', root)
const builtServer = new URL('apps/server/dist/main.js', root)
/** Whether the server's tsx can be loaded (the development install has it, a pruned one not). */
function tsxInstalled() {
  try {
    createRequire(new URL('apps/server/package.json', root)).resolve('tsx/esm/api')
    return true
  } catch {
    return false
  }
}
const production = process.env.NODE_ENV === 'production' || !tsxInstalled()
// npm_execpath is the npm that runs this script; call it through node so that no shell is needed
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm']
const run = (args, options) => [
  npm[0],
  [...npm.slice(1), ...args],
  { stdio: 'inherit', ...options },
]

if (production) {
  const portalBuilt = process.env.PORTAL_DIST || existsSync(builtIndex)
  if (!existsSync(builtServer) || !portalBuilt) {
    console.error(
      process.env.NODE_ENV === 'production'
        ? 'Im Produktionsbetrieb (NODE_ENV=production) startet der gebaute Server. Bauen Sie zuerst Portal und Server: npm run build'
        : 'Ohne tsx (nach npm prune --omit=dev) startet der gebaute Server. Bauen Sie zuerst Portal und Server: npm run build',
    )
    process.exit(1)
  }
} else if (!process.env.PORTAL_DIST && !existsSync(builtIndex) && portal.scripts?.build) {
  console.log('Das Portal ist noch nicht gebaut: npm run build -w @portal/portal')
  const build = spawnSync(...run(['run', 'build', '-w', '@portal/portal'], { cwd: root }))
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// its own process group: npm runs the server through `sh`, which would not pass a signal on, so
// the signal goes to the whole group, once (a second one cuts the graceful shutdown short)
const server = spawn(
  ...run(['run', production ? 'start:built' : 'start', '-w', '@portal/server'], {
    cwd: root,
    detached: true,
  }),
)
let forwarded = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!forwarded) process.kill(-server.pid, signal)
    forwarded = true
  })
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
