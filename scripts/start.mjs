// `npm start`: builds the portal when it is not built, then runs the server.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url)
const portal = JSON.parse(readFileSync(new URL('apps/portal/package.json', root), 'utf8'))
const builtIndex = new URL('apps/portal/dist/index.html', root)
// npm_execpath is the npm that runs this script; call it through node so that no shell is needed
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm']
const run = (args, options) => [
  npm[0],
  [...npm.slice(1), ...args],
  { stdio: 'inherit', ...options },
]

if (!process.env.PORTAL_DIST && !existsSync(builtIndex) && portal.scripts?.build) {
  console.log('Das Portal ist noch nicht gebaut: npm run build -w @portal/portal')
  const build = spawnSync(...run(['run', 'build', '-w', '@portal/portal'], { cwd: root }))
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// its own process group: npm runs the server through `sh`, which would not pass a signal on, so
// the signal goes to the whole group, once (a second one cuts the graceful shutdown short)
const server = spawn(
  ...run(['run', 'start', '-w', '@portal/server'], { cwd: root, detached: true }),
)
let forwarded = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!forwarded) process.kill(-server.pid, signal)
    forwarded = true
  })
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
