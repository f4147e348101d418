import { describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'

describe('recto text', () => {
  it('prints every page, separated by form feeds, identically on every run', () => {
    const file = corpusPdf('pdfbox__eu-001.pdf')
    const first = recto('text', file)
    const second = recto('text', file)
    expect(first.status).toBe(0)
    expect(first.stderr).toBe('')
    expect(first.stdout.split('\f')).toHaveLength(3)
    expect(second.stdout).toBe(first.stdout)
  })

  it('prints the chosen pages only, as they read in the whole document', () => {
    const file = corpusPdf('pdfminer__dmca.pdf')
    const all = recto('text', file).stdout.replace(/\n$/, '').split('\f')
    const some = recto('text', file, '--pages', '2-3').stdout.replace(/\n$/, '').split('\f')
    expect(some).toEqual(all.slice(1, 3))
  })

  it('prints text with its ligatures split and, with --raw, MuPDF text with its ligatures', () => {
    const file = corpusPdf('pdfjs__tracemonkey.pdf')
    const clean = recto('text', file, '--pages', '1').stdout
    const raw = recto('text', file, '--pages', '1', '--raw').stdout
    expect(clean).toContain('JavaScript are more difficult to com')
    expect(clean).not.toMatch(/[\uFB00-\uFB06]/)
    expect(raw).toContain('JavaScript are more difﬁcult to com-\n')
  })

  it('rejects a bad page list as a usage error', () => {
    const result = recto('text', corpusPdf('pdfminer__dmca.pdf'), '--pages', 'x')
    expect(result.status).toBe(2)
    expect(result.stderr).toBe("recto: --pages: 'x' is not a page list like 1-3 or 2,5\n")
  })
})

describe('recto text with a damaged page', () => {
  it('prints the other pages, the damaged one empty, says why on stderr, and exits 0', () => {
    const file = fixture('pdfs/damaged-page.pdf')
    const result = recto('text', file)
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(
      'Page one of the damaged page test\f\fPage three of the damaged page test\n'
    )
    expect(result.stderr).toBe(
      `recto: ${file}: page 2 is damaged (object is not a stream); its text is missing\n`
    )
  })

  it('gives the page decision ocr and the damaged_page flag in recto check --json', () => {
    const result = recto('check', fixture('pdfs/damaged-page.pdf'), '--json')
    expect(result.status).toBe(0)
    const pages = JSON.parse(result.stdout) as { decision: string; flags: { code: string }[] }[]
    expect(pages.map((p) => [p.decision, p.flags.map((f) => f.code)])).toEqual([
      ['ok', []],
      ['ocr', ['damaged_page']],
      ['ok', []]
    ])
  })

  it('fails a file none of whose pages can be read with one line and exit 1', () => {
    const file = fixture('bad/all-pages-damaged.pdf')
    const result = recto('text', file)
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `recto: ${file}: all 3 pages are damaged (page 1: object is not a stream)\n`
    )
  })
})
