import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { exportGold } from '../../src-main/export/gold-export.js'
import { loadPageView } from '../../src-main/export/page-view.js'
import { composePageText, followsBlocks } from '../../src-main/review/page-text.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { elementsPdf, LISTING } from '../helpers/elements-pdf.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { ingestPdf, review } from '../export/project.js'
import { EXCLUDED_ROLES } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf } from '../helpers/pages.js'

describe('composePageText', () => {
  // The page opens its first paragraph with a drop cap "O" set apart from "ver the past…".
  const [page] = analysisOf(corpusPdf('olmocr__multi_column_miss.pdf')).pages
  if (!page) throw new Error('no page')
  const { layout, analysis } = page
  const excluded = analysis.order.filter((id) => EXCLUDED_ROLES.has(analysis.roles[id] ?? 'body'))

  it('gives the engine’s own text for the automatic order and exclusions, drop cap joined', () => {
    const text = composePageText(layout, analysis.roles, {
      order: analysis.order,
      excluded,
      blockText: {}
    })
    expect(text).toContain('Over the past three decades')
    expect(text).toBe(analysis.text)
  })

  it('puts a corrected block in its place, normalised like the extraction', () => {
    const last = analysis.order.filter((id) => !excluded.includes(id)).at(-1)
    if (last === undefined) throw new Error('no kept block')
    const text = composePageText(layout, analysis.roles, {
      order: analysis.order,
      excluded,
      blockText: { [last]: 'ﬁnal words' }
    })
    expect(text.endsWith('\n\nfinal words')).toBe(true)
  })
})

describe('a revision saved before listings kept their lines', () => {
  const tmp = tempDir('recto-legacy-text-')
  const file = join(tmp.dir, 'listing.pdf')
  writeFileSync(file, elementsPdf([LISTING]))
  const { layout, analysis } = analysisOfBytes(readFileSync(file)).pages[0]!
  const state = { order: analysis.order, excluded: [], blockText: {} }
  // The text revisions.save composed for this page when every block was one paragraph.
  const saved = [
    'A paragraph before the code, which says what it does.',
    'function add(a, b) { return a + b; } console.log(add(3, 5));',
    'A paragraph after the code, which goes on for a while.'
  ].join('\n\n')
  afterAll(() => tmp.remove())

  it('composes the listing a line each, and takes the text saved then as following the blocks', () => {
    expect(composePageText(layout, analysis.roles, state)).toContain(
      'function add(a, b) {\n  return a + b;\n}\nconsole.log(add(3, 5));'
    )
    expect(followsBlocks(layout, analysis.roles, { ...state, text: saved })).toBe(true)
    const typed = saved.replace('add(3, 5)', 'add(3, 4)')
    expect(followsBlocks(layout, analysis.roles, { ...state, text: typed })).toBe(false)
  })

  it('keeps that text as saved in the gold .txt, not taken for a page text typed by hand', async () => {
    const db = openDatabase(join(tmp.dir, 'project.recto'))
    try {
      const doc = ingestPdf(db, file)
      review(db, doc, 1, { status: 'approved', text: saved })
      expect(loadPageView(db, doc, 1).pageText).toBeNull()
      await exportGold(db, join(tmp.dir, 'gold'))
      expect(readFileSync(join(tmp.dir, 'gold', 'listing-p001.txt'), 'utf8').trimEnd()).toBe(saved)
    } finally {
      db.close()
    }
  })
})
