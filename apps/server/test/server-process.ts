/**
 * `main.ts` as the operator starts it, in a child process: its address from the "listening" log
 * line, its output, and a stop that waits for its end.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const MAIN = path.join(ROOT, 'apps/server/src/demo/main.ts')

export interface ServerProcess {
  base: string
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}

export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: randomBytes(32).toString('hex'),
      INIT_CWD: ROOT,
      // a single process behind no load balancer: SIGTERM closes at once (decision 038)
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const ended = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await ended
  }
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) resolve({ base: match[1]!, child, output: () => output, stop })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code, signal) =>
      reject(new Error(`server ended (${code ?? signal}) before listening:\n${output}`)),
    )
  })
}
