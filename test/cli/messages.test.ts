import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const ENCRYPTED = corpusPdf('pdfplumber__password-example.pdf')

describe('what the commands say', () => {
  const tmp = tempDir('recto-messages-')
  afterAll(() => tmp.remove())

  it('names on stderr the pages recto text printed that need OCR or review, and why; exit 0', () => {
    const unmapped = corpusPdf('pdfminer__issue-791-non-unicode-cmap.pdf')
    const glyphs = recto('text', unmapped)
    expect(glyphs.status).toBe(0)
    expect(glyphs.stdout).toBe(`${'\uFFFD'.repeat(28)}\n`)
    expect(glyphs.stderr).toBe(
      `recto: ${unmapped}: 1 page needs --ocr (p. 1: 100% of characters have no Unicode ` +
        'mapping (28 of 28)); `recto check` shows every flag\n'
    )
    const scan = corpusPdf('ocrmypdf__c02-22.pdf')
    const empty = recto('text', scan)
    expect(empty).toMatchObject({ status: 0, stdout: '\n' })
    expect(empty.stderr).toMatch(
      new RegExp(`^recto: ${scan}: 1 page needs --ocr \\(p\\. 1: no text layer\\);`, 'u')
    )
    expect(empty.stderr.split('\n')).toHaveLength(2)
  })

  it('says nothing more of a document whose pages are all ok', () => {
    const result = recto('text', corpusPdf('pdfminer__dmca.pdf'), '--pages', '1')
    expect(result).toMatchObject({ status: 0, stderr: '' })
  })

  it('opens an encrypted file with --password, and says so when it is missing or wrong', () => {
    const locked = recto('text', ENCRYPTED)
    expect(locked).toMatchObject({
      status: 1,
      stderr: `recto: ${ENCRYPTED}: encrypted with an unknown password (give it with --password)\n`
    })
    const wrong = recto('check', ENCRYPTED, '--password', 'guess')
    expect(wrong).toMatchObject({
      status: 1,
      stderr: `recto: ${ENCRYPTED}: encrypted: wrong password\n`
    })
    const opened = recto('text', ENCRYPTED, '--password', 'test')
    expect(opened.status).toBe(0)
    expect(opened.stdout.split('\f')).toHaveLength(4)
    expect(opened.stdout).toMatch(/\p{L}{4,}/u)
  })

  it('checks only the pages asked for with check --pages', () => {
    const result = recto('check', ENCRYPTED, '--password', 'test', '--pages', '2-3', '--json')
    expect(result.status).toBe(0)
    const pages = (JSON.parse(result.stdout) as { page: number }[]).map((p) => p.page)
    expect(pages).toEqual([2, 3])
    expect(recto('check', ENCRYPTED, '--pages', 'two').status).toBe(2)
  })

  it('lowers --workers to the number of cores, saying so', () => {
    const cores = availableParallelism()
    const asked = cores + 62
    const result = recto(
      'ingest',
      corpusPdf('ocrmypdf__linn.pdf'),
      '--db',
      join(tmp.dir, 'w.recto'),
      '--workers',
      String(asked)
    )
    expect(result.status).toBe(0)
    const plural = cores === 1 ? 'core' : 'cores'
    expect(result.stderr).toBe(
      `recto: --workers ${asked}: this machine has ${cores} ${plural}; using ${cores}\n`
    )
  })
})
