import { describe, expect, it } from 'vitest'
import { DECISIONS, FLAG_CODES, SEVERITIES, type PageCheck } from '../../src-main/shared/flags.js'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'

function isPageCheck(value: unknown): value is PageCheck {
  const page = value as PageCheck
  return (
    Object.keys(page).sort().join() === 'decision,flags,page,quality' &&
    Number.isInteger(page.page) &&
    DECISIONS.includes(page.decision) &&
    page.quality >= 0 &&
    page.quality <= 1 &&
    page.flags.every(
      (f) =>
        Object.keys(f).sort().join() === 'code,evidence,message,severity' &&
        FLAG_CODES.includes(f.code) &&
        SEVERITIES.includes(f.severity) &&
        f.message.length > 0 &&
        typeof f.evidence === 'object'
    )
  )
}

describe('recto check', () => {
  it('prints one JSON element per page in the DESIGN.md schema', () => {
    const result = recto('check', corpusPdf('pymupdf__test_2791_content.pdf'), '--json')
    expect(result.status).toBe(0)
    const pages = JSON.parse(result.stdout) as unknown[]
    expect(pages).toHaveLength(6)
    expect(pages.every(isPageCheck)).toBe(true)
    const first = pages[0] as PageCheck
    expect(first.page).toBe(1)
    expect(first.decision).toBe('ocr')
    expect(first.flags.map((f) => f.code)).toContain('unmapped_glyphs')
  })

  it('prints a table with the messages of flags that need a person', () => {
    const result = recto('check', corpusPdf('olmocr__lincoln_letter.pdf'))
    expect(result.stdout).toBe(
      [
        'page  decision  quality  flags',
        '   1  ocr          0.00  needs_ocr',
        '      error: no text layer: the page is an image (covering 100% of it)',
        ''
      ].join('\n')
    )
  })
})
