import { describe, expect, it } from 'vitest'
import { composePageText } from '../../src-main/review/page-text.js'
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
    const text = composePageText(layout, analysis.roles, { order: analysis.order, excluded, blockText: {} })
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
