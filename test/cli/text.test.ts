import { describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'

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

  it('prints NFKC text and, with --raw, MuPDF text with its ligatures', () => {
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
