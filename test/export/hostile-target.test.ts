import { spawnSync } from 'node:child_process'
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AtomicFolder, PARTIAL_DIR } from '../../src-main/export/atomic-write.js'
import { exportGold } from '../../src-main/export/gold-export.js'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import { exportPageXml } from '../../src-main/export/page-xml-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { SAMPLES_DIR } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'

/** Every file and link under `dir`, as paths relative to it. */
function tree(dir: string): string[] {
  const found: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      found.push(relative(dir, path))
      if (entry.isDirectory()) walk(path)
    }
  }
  walk(dir)
  return found.sort()
}

/** Documents named to climb out of the export folder, pose as devices, or overflow a name. */
const HOSTILE_NAMES = [
  '../../../../../../tmp/recto-escape.pdf',
  '/etc/passwd',
  '..\\..\\..\\windows-escape.pdf',
  'CON.pdf',
  `${'𠀀'.repeat(100)}.pdf`
]

describe('exports under hostile document names', () => {
  const tmp = tempDir('recto-hostile-export-')
  let db: WritableDB
  const out = join(tmp.dir, 'out')

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.sqlite'))
    const files = [
      join(SAMPLES_DIR, 'two-column-article.pdf'),
      join(SAMPLES_DIR, 'running-headers.pdf'),
      join(SAMPLES_DIR, 'broken-font-map.pdf'),
      join(SAMPLES_DIR, 'scanned-page.pdf'),
      corpusPdf('ocrmypdf__truetype_font_nomapping.pdf')
    ]
    files.forEach((file, i) => {
      const id = ingestPdf(db, file, HOSTILE_NAMES[i])
      review(db, id, 1, { status: 'approved' })
    })
  })

  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('writes every format inside its own folder, with plain names short enough for any disk', async () => {
    await exportGold(db, join(out, 'gold'))
    await exportGold(db, join(out, 'gold-doc'), { perDocument: true })
    await exportMarkdown(db, join(out, 'md'))
    await exportPageXml(db, join(out, 'page'))
    await exportJsonl(db, join(out, 'corpus.jsonl'))
    const written = tree(out)
    for (const path of written) {
      const [folder, name, ...deeper] = path.split('/')
      expect(deeper, path).toEqual([])
      expect(['gold', 'gold-doc', 'md', 'page', 'corpus.jsonl'], path).toContain(folder)
      if (name === undefined) continue
      expect(name, path).not.toMatch(/^\.|^(con|prn|aux|nul)\./i)
      expect(Buffer.byteLength(name), path).toBeLessThan(200)
    }
    expect(written.filter((p) => p.startsWith('md/')).sort()).toEqual(
      [
        'md/_CON.md',
        `md/${'𠀀'.repeat(30)}.md`,
        'md/passwd.md',
        'md/recto-escape.md',
        'md/windows-escape.md'
      ].sort()
    )
    expect(tree(tmp.dir).filter((p) => !p.startsWith('out'))).toEqual([
      'project.sqlite',
      'project.sqlite-shm',
      'project.sqlite-wal'
    ])
    expect(readdirSync('/tmp').filter((name) => /escape/.test(name))).toEqual([])
  })
})

describe('exports into a folder with planted links', () => {
  const tmp = tempDir('recto-planted-')
  let db: WritableDB
  const elsewhere = join(tmp.dir, 'elsewhere')
  const gold = join(tmp.dir, 'gold')
  const victim = join(elsewhere, 'victim.txt')

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.sqlite'))
    const id = ingestPdf(db, join(SAMPLES_DIR, 'two-column-article.pdf'), 'article.pdf')
    review(db, id, 1, { status: 'approved' })
    mkdirSync(elsewhere)
    writeFileSync(victim, 'not yours\n')
  })

  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('never writes through a link: temp folder, entries and manifest become real files in place', async () => {
    mkdirSync(gold)
    symlinkSync(elsewhere, join(gold, PARTIAL_DIR))
    symlinkSync(victim, join(gold, 'article-p001.txt'))
    symlinkSync(victim, join(gold, 'manifest.jsonl'))
    // A leftover temp file of a dead export, as the clean-up would find through the link.
    writeFileSync(join(elsewhere, 'keep.pdf.999999999-0123abcd'), 'outside')
    const before = tree(elsewhere)

    const report = await exportGold(db, gold)
    expect(report.entries).toBe(1)
    expect(tree(elsewhere)).toEqual(before)
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n')
    for (const name of ['article-p001.txt', 'article-p001.pdf', 'manifest.jsonl']) {
      expect(lstatSync(join(gold, name)).isFile(), name).toBe(true)
    }
    expect(readFileSync(join(gold, 'article-p001.txt'), 'utf8')).not.toBe('not yours\n')
  })

  it('replaces a link whose target already holds the very bytes the entry would have', async () => {
    const text = readFileSync(join(gold, 'article-p001.txt'))
    writeFileSync(victim, text)
    const entry = join(gold, 'article-p001.txt')
    spawnSync('rm', [entry])
    symlinkSync(victim, entry)
    await exportGold(db, gold)
    expect(lstatSync(entry).isFile()).toBe(true)
    expect(readFileSync(victim).equals(text)).toBe(true)
  })

  it('does not block on a FIFO planted as the manifest', async () => {
    const manifest = join(gold, 'manifest.jsonl')
    spawnSync('rm', [manifest])
    expect(spawnSync('mkfifo', [manifest]).status).toBe(0)
    const report = await exportGold(db, gold)
    expect(report.entries).toBe(1)
    expect(lstatSync(manifest).isFile()).toBe(true)
  })

  it('replaces a JSONL target that is a link, leaving the file it pointed at alone', async () => {
    const target = join(tmp.dir, 'corpus.jsonl')
    symlinkSync(victim, target)
    const before = readFileSync(victim)
    await exportJsonl(db, target)
    expect(lstatSync(target).isFile()).toBe(true)
    expect(readFileSync(victim).equals(before)).toBe(true)
  })

  it('refuses any name that is not a plain file name inside the folder', () => {
    const folder = new AtomicFolder(gold)
    for (const name of ['../x.txt', '..', '.', '', 'a/b.txt', '/etc/passwd', `${gold}/../x`]) {
      expect(() => folder.path(name), name).toThrow(/not a plain file name/)
    }
  })
})
