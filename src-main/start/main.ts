import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { main as cli } from '../cli/main.js'
import { downloadElectron, electronBinary } from './electron-binary.js'

/**
 * `npm start`: the desktop app; where Electron's binary cannot be had (a machine that cannot
 * download it), the same review UI served to the browser on the bundled samples, so that the
 * command a newcomer is told to run always opens Recto.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const pkg = join(REPO, 'node_modules', 'electron')

const binary = electronBinary(pkg) ?? downloadElectron(pkg)
if (binary) {
  const app = spawn(binary, [REPO], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => app.kill(signal))
  }
  app.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0)
  })
} else {
  const db = 'samples.sqlite'
  process.stderr.write(
    `recto: Electron's binary is not installed and cannot be downloaded here; serving the same UI to your browser instead (node bin/recto.js serve --db ${db}), Ctrl+C stops it\n`
  )
  const ingested = await cli(['ingest', join(REPO, 'resources', 'samples'), '--db', join(REPO, db)])
  process.exitCode = ingested !== 0 ? ingested : await cli(['serve', '--db', join(REPO, db)])
}
