// A newcomer's first ten minutes, as CI: clones the committed HEAD of this repository into a
// temporary folder (beside a link to the shared/ folder this repository sits beside, as the
// README asks) and runs there, as written, the commands of the README's set-up block, then the
// command line's --help and a sample through `text` and `check`. Nothing is installed but what
// those commands install. `npm start` serves the UI where Electron's binary is missing: the
// check waits for the one line that says so and for the address it serves, asks that address
// for the page, and stops it. Only `.ci/run` runs this file, so the inner `npm test` never
// clones again.
//   node .ci/readme-check.mjs
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SHARED = resolve(REPO, '..', 'shared')
const START_TIMEOUT_MS = 10 * 60 * 1000
const SAMPLE = 'resources/samples/two-column-article.pdf'

/** Process groups started here, ended with the check whatever way it ends. */
const groups = new Set()

function fail(message) {
  process.stderr.write(`readme-check: ${message}\n`)
  process.exit(1)
}

/** The commands of the first sh block after `heading`, comments dropped. */
function readmeCommands(readme, heading) {
  const section = readme.split(`\n${heading}\n`)[1]
  const block = section && /```sh\n([\s\S]*?)```/u.exec(section)
  if (!block) fail(`README.md has no sh block under '${heading}'`)
  return block[1]
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/u, '').trim())
    .filter((line) => line !== '')
}

/** What a fresh shell has: no variables of an npm, vitest or CI run this check is part of. */
function cleanEnv() {
  const env = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|NODE_OPTIONS$|INIT_CWD$)/iu.test(key)) continue
    env[key] = value
  }
  return env
}

function run(command, cwd, env) {
  process.stdout.write(`readme-check: $ ${command}\n`)
  const started = Date.now()
  const child = spawn(command, { cwd, env, shell: true, stdio: 'inherit', detached: true })
  groups.add(child.pid)
  return new Promise((done) => {
    child.on('exit', (code, signal) => {
      groups.delete(child.pid)
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      if (code !== 0) fail(`'${command}' failed (${signal ?? `exit ${code}`}) after ${seconds} s`)
      process.stdout.write(`readme-check: '${command}' passed in ${seconds} s\n`)
      done()
    })
  })
}

/** Reads a command's output as it comes, to the console and into `seen`. */
function capture(stream, seen, onLine) {
  let buffer = ''
  stream.on('data', (chunk) => {
    process.stdout.write(chunk)
    buffer += chunk
    const lines = buffer.split('\n')
    buffer = lines.pop()
    for (const line of lines) {
      seen.push(line)
      onLine(line)
    }
  })
}

/**
 * `npm start` without Electron's binary: one line on stderr says so, then the UI is served.
 * Resolves once the served address answers with the app's page.
 */
function start(command, cwd, env) {
  process.stdout.write(`readme-check: $ ${command}\n`)
  const child = spawn(command, { cwd, env, shell: true, detached: true })
  groups.add(child.pid)
  const out = []
  const err = []
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGINT')
    } catch {
      // Already gone.
    }
  }
  return new Promise((done) => {
    const timer = setTimeout(() => {
      stop()
      fail(`'${command}' served nothing within ${START_TIMEOUT_MS / 60000} minutes`)
    }, START_TIMEOUT_MS)
    capture(child.stderr, err, () => {})
    capture(child.stdout, out, (line) => {
      const url = /^Recto is serving (http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)$/u.exec(line)?.[1]
      if (!url) return
      void fetch(url)
        .then(async (response) => {
          const page = await response.text()
          if (response.status !== 200 || !page.includes('<html')) {
            fail(`${url} answered ${response.status} without the app's page`)
          }
          const missing = err.filter((l) => l.startsWith("recto: Electron's binary is not"))
          if (missing.length !== 1) fail(`'${command}' did not say once that Electron is missing`)
          clearTimeout(timer)
          child.once('exit', () => {
            process.stdout.write(`readme-check: '${command}' served ${url.split('?')[0]}\n`)
            done()
          })
          stop()
        })
        .catch((error) => fail(`${url}: ${error.message}`))
    })
    child.on('exit', (code, signal) => {
      groups.delete(child.pid)
      if (out.some((l) => l.startsWith('Recto is serving'))) return
      clearTimeout(timer)
      fail(`'${command}' ended (${signal ?? `exit ${code}`}) before it served the UI`)
    })
  })
}

if (!existsSync(SHARED)) fail(`${SHARED} is missing: the repository sits beside shared/`)
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim()
const tmp = mkdtempSync(join(tmpdir(), 'recto-readme-'))
const clone = join(tmp, 'recto')
process.on('exit', () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  rmSync(tmp, { recursive: true, force: true })
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1))

execFileSync('git', ['clone', '--quiet', '--no-checkout', REPO, clone], { stdio: 'inherit' })
execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone, stdio: 'inherit' })
symlinkSync(SHARED, join(tmp, 'shared'))
process.stdout.write(`readme-check: ${head.slice(0, 12)} cloned into ${clone}\n`)

const readme = readFileSync(join(clone, 'README.md'), 'utf8')
const setup = readmeCommands(readme, '## Set-up')
const cli = readmeCommands(readme, '## Command line')
for (const expected of ['npm install', 'npm start', 'npm test']) {
  if (!setup.includes(expected)) fail(`the README's set-up does not run '${expected}'`)
}
const env = cleanEnv()
for (const command of setup) {
  if (command === 'npm start') await start(command, clone, env)
  else await run(command, clone, env)
}
// The command line as written, on a sample for the README's paper.pdf.
const examples = cli.filter((c) => / --help$| text paper\.pdf$| check paper\.pdf --json$/u.test(c))
if (examples.length !== 3) fail("the README's command line lost its --help, text or check line")
for (const command of examples) await run(command.replace('paper.pdf', SAMPLE), clone, env)
process.stdout.write(`readme-check: the README's set-up works as written on a fresh clone\n`)
