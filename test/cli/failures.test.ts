import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recto, type CliResult } from '../helpers/cli.js'
import { corpusPdf, REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { modelFile } from '../../src-main/ocr/models.js'

const BROKEN_FONT = corpusPdf('pdfminer__issue-791-non-unicode-cmap.pdf')
const SCAN = corpusPdf('ocrmypdf__c02-22.pdf')
const ENCRYPTED = corpusPdf('pdfplumber__password-example.pdf')
const DMCA = corpusPdf('pdfminer__dmca.pdf')

/** Root may write anywhere: a read-only case runs as nobody then, through util-linux's setpriv. */
const asRoot = process.getuid?.() === 0
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups']
/**
 * Whether nobody can run recto from this checkout at all: not where setpriv is missing, nor in a
 * clone inside a folder only root may enter (.ci/readme-check.mjs clones into one).
 */
const nobodyRuns =
  asRoot &&
  spawnSync('setpriv', [...NOBODY, process.execPath, 'bin/recto.js', '--version'], {
    cwd: REPO_ROOT
  }).status === 0
const canDropWrite = !asRoot || nobodyRuns
const CANNOT_DROP =
  'running as root, and nobody cannot run recto here (no setpriv, or a private folder)'

/** `recto` as a user who may not write what is read-only, whoever runs the tests. */
function rectoUnprivileged(...args: string[]): CliResult {
  if (!asRoot) return recto(...args)
  const child = spawnSync('setpriv', [...NOBODY, process.execPath, 'bin/recto.js', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024
  })
  return { status: child.status, stdout: child.stdout, stderr: child.stderr }
}

/**
 * Welsh: a language Recto neither ships a model for nor knows the script of, so no model stands
 * in for it; a machine may have added one (npm or Debian).
 */
const MISSING = 'cym'
const missingInstalled = modelFile(MISSING) !== undefined

/** Every file and folder under `dir` with its size: what a failed run must leave as it was. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return `${path.slice(dir.length)} ${entry.isDirectory() ? 'dir' : statSync(path).size}`
    })
    .sort()
}

type Case = Readonly<{
  name: string
  args: () => string[]
  /** What the one line names, and the reason after it. */
  path: () => string
  reason: RegExp
  status: number
  unprivileged?: boolean
  skip?: string | false
}>

describe('failures: one `recto:` line, an exit code a script can test, nothing half-written', () => {
  const tmp = tempDir('recto-failures-')
  const at = (name: string) => join(tmp.dir, name)
  const db = at('project.recto')
  const readOnly = at('read-only')
  const sharedDb = join(readOnly, 'project.recto')
  const openFolder = at('open-folder')
  const lockedDb = join(openFolder, 'project.recto')

  beforeAll(() => {
    // Read and entered by nobody in the cases that run as nobody.
    chmodSync(tmp.dir, 0o755)
    expect(recto('ingest', DMCA, '--db', db).status).toBe(0)
    writeFileSync(at('a-file'), 'not a folder\n')
    writeFileSync(at('empty-file'), '')
    mkdirSync(at('a-folder'))
    mkdirSync(at('empty'))
    mkdirSync(readOnly)
    // The same project twice more: copies of the one ingested, not the same ingest run again.
    copyFileSync(db, sharedDb)
    chmodSync(sharedDb, 0o444)
    chmodSync(readOnly, 0o555)
    mkdirSync(openFolder)
    copyFileSync(db, lockedDb)
    chmodSync(lockedDb, 0o444)
    chmodSync(openFolder, 0o777)
  })
  afterAll(() => {
    chmodSync(readOnly, 0o755)
    tmp.remove()
  })

  const cases: Case[] = [
    ...['--gold', '--markdown', '--page-xml'].map((option) => ({
      name: `export ${option} into a file`,
      args: () => ['export', '--db', db, option, at('a-file')],
      path: () => at('a-file'),
      reason: /^is a file, not a folder$/u,
      status: 1
    })),
    {
      name: 'export --jsonl into a folder',
      args: () => ['export', '--db', db, '--jsonl', at('a-folder')],
      path: () => at('a-folder'),
      reason: /^is a folder, not a file$/u,
      status: 1
    },
    {
      name: 'export --markdown under a file',
      args: () => ['export', '--db', db, '--markdown', join(at('a-file'), 'md')],
      path: () => join(at('a-file'), 'md'),
      reason: /^cannot be created: .*a-file is a file, not a folder$/u,
      status: 1
    },
    {
      name: 'export --gold into a folder the user may not write',
      args: () => ['export', '--db', db, '--gold', readOnly],
      path: () => readOnly,
      reason: /^permission denied$/u,
      status: 1,
      unprivileged: true,
      skip: !canDropWrite && CANNOT_DROP
    },
    {
      name: 'export from a folder named as the project',
      args: () => ['export', '--db', at('a-folder'), '--markdown', at('md')],
      path: () => at('a-folder'),
      reason: /^is a folder, not a database file$/u,
      status: 1
    },
    {
      name: 'export from a file that is no project',
      args: () => ['export', '--db', at('a-file'), '--markdown', at('md')],
      path: () => at('a-file'),
      reason: /^not a Recto project \(not an SQLite database\)$/u,
      status: 1
    },
    {
      name: 'export from an empty file',
      args: () => ['export', '--db', at('empty-file'), '--markdown', at('md')],
      path: () => at('empty-file'),
      reason: /^not a Recto project$/u,
      status: 1
    },
    {
      name: 'repair --out into a folder',
      args: () => ['repair', BROKEN_FONT, '--out', at('a-folder')],
      path: () => at('a-folder'),
      reason: /^is a folder, not a file$/u,
      status: 1
    },
    {
      name: 'repair --out in a missing folder',
      args: () => ['repair', BROKEN_FONT, '--out', join(at('missing'), 'x.pdf')],
      path: () => join(at('missing'), 'x.pdf'),
      reason: /^no such folder .*missing$/u,
      status: 1
    },
    {
      name: 'repair --cmap into a file',
      args: () => ['repair', BROKEN_FONT, '--cmap', at('a-file')],
      path: () => at('a-file'),
      reason: /^is a file, not a folder$/u,
      status: 1
    },
    {
      name: 'repair --lang without its model',
      args: () => ['repair', BROKEN_FONT, '--lang', MISSING, '--out', at('repaired.pdf')],
      path: () => `--lang ${MISSING}`,
      reason:
        /^no OCR model for cym \(cym\): npm install @tesseract.js-data\/cym, or apt-get install tesseract-ocr-cym$/u,
      status: 1,
      skip: missingInstalled && `a model for ${MISSING} is installed here`
    },
    {
      name: 'text --ocr --ocr-lang without its model',
      args: () => ['text', SCAN, '--ocr', '--ocr-lang', MISSING],
      path: () => `--ocr-lang ${MISSING}`,
      reason:
        /^no OCR model for cym \(cym\): npm install @tesseract.js-data\/cym, or apt-get install tesseract-ocr-cym$/u,
      status: 1,
      skip: missingInstalled && `a model for ${MISSING} is installed here`
    },
    {
      name: 'ingest of a file that does not exist',
      args: () => ['ingest', at('nonexistent.pdf'), '--db', at('created.recto')],
      path: () => at('nonexistent.pdf'),
      reason: /^file not found$/u,
      status: 1
    },
    {
      name: 'ingest in which every file failed',
      args: () => ['ingest', ENCRYPTED, '--db', at('all-failed.recto')],
      path: () => ENCRYPTED,
      reason: /^encrypted with an unknown password \(give it with --password\)$/u,
      status: 1
    },
    {
      name: 'ingest creating a project in a read-only folder',
      args: () => ['ingest', DMCA, '--db', join(readOnly, 'new.recto')],
      path: () => join(readOnly, 'new.recto'),
      reason: /^permission denied: the folder .*read-only is read-only/u,
      status: 1,
      unprivileged: true,
      skip: !canDropWrite && CANNOT_DROP
    },
    {
      name: 'ingest into a project in a read-only folder',
      args: () => ['ingest', BROKEN_FONT, '--db', sharedDb],
      path: () => sharedDb,
      reason: /^permission denied/u,
      status: 1,
      unprivileged: true,
      skip: !canDropWrite && CANNOT_DROP
    },
    {
      name: 'ingest into a read-only file in a folder the user may write',
      args: () => ['ingest', BROKEN_FONT, '--db', lockedDb],
      path: () => lockedDb,
      reason: /^permission denied: the file is read-only$/u,
      status: 1,
      unprivileged: true,
      skip: !canDropWrite && CANNOT_DROP
    }
  ]

  it.each(cases)('$name', ({ args, path, reason, status, unprivileged, skip }) => {
    if (skip) {
      console.log(`skipped: ${skip}`)
      return
    }
    // The project of the run in which every file failed keeps that failure (the next test).
    const unrelated = (entry: string) => !entry.startsWith('/all-failed.recto')
    const before = listing(tmp.dir).filter(unrelated)
    const result = unprivileged ? rectoUnprivileged(...args()) : recto(...args())
    expect(result.status).toBe(status)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    const prefix = `recto: ${path()}: `
    expect(lines[0]!.startsWith(prefix), result.stderr).toBe(true)
    expect(lines[0]!.slice(prefix.length)).toMatch(reason)
    expect(result.stderr).not.toMatch(/^\s+at |Error:|node:internal/mu)
    // Nothing written, not even a project: the run stopped before any work.
    expect(listing(tmp.dir).filter(unrelated)).toEqual(before)
  })

  it('records a failed file in its project, so that the next run can skip or retry it', () => {
    expect(existsSync(at('all-failed.recto'))).toBe(true)
    const again = recto('ingest', ENCRYPTED, '--db', at('all-failed.recto'))
    expect(again.status).toBe(1)
    expect(again.stdout).toContain('skipped (failed before; --retry-errors tries it again)')
  })

  it('exits 0 for an ingest that finds nothing to do, which is no failure', () => {
    const result = recto('ingest', at('empty'), '--db', at('empty.recto'))
    expect(result).toMatchObject({ status: 0, stderr: '' })
    expect(result.stdout).toMatch(/^0 files: 0 ingested, 0 skipped, 0 errors; 0 pages/mu)
  })

  it.runIf(canDropWrite)(
    'exports and scores a project the user may only read, in a folder they may not write',
    () => {
      const exported = rectoUnprivileged('export', '--db', sharedDb, '--jsonl', '-')
      expect(exported.status).toBe(0)
      expect(exported.stdout.trimEnd().split('\n')).toHaveLength(18)
      expect(exported.stderr).toBe('jsonl: 18 pages to standard output\n')
      const gold = at('gold')
      expect(recto('export', '--db', db, '--gold', gold, '--status', 'unreviewed').status).toBe(0)
      const scored = rectoUnprivileged('score', '--gold', gold, '--db', sharedDb, '--json')
      expect(scored).toMatchObject({ status: 0, stderr: '' })
      expect(JSON.parse(scored.stdout)).toMatchObject({ extractors: ['recto', 'mupdf-raw'] })
      expect(readdirSync(readOnly).sort()).toEqual(['project.recto'])
    }
  )
})
