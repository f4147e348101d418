import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { normalizeText } from '../../src-main/layout/normalize.js'
import { pageText } from '../../src-main/layout/page-text.js'
import { analyzePage } from '../../src-main/analysis/analyze-page.js'
import { documentStats } from '../../src-main/analysis/document-stats.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import { EXCLUDED_ROLES, drawnText, type PageLayout } from '../../src-main/shared/layout.js'
import { layoutArbitrary } from '../helpers/layout-arbitrary.js'
import { propertyRuns } from '../helpers/property-runs.js'
import { syntheticLayout } from '../helpers/store-pages.js'

function analysed(layout: PageLayout) {
  return analyzePage(layout, documentStats([pageDigest(layout)]))
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w !== '')
}

describe('the page text over generated layouts', () => {
  test.prop([layoutArbitrary()], propertyRuns(80))(
    'holds every word of every block exactly once, unless a named role leaves the block out',
    (layout) => {
      const { order, roles, text } = analysed(layout)
      const counts = new Map<string, number>()
      for (const w of words(text)) counts.set(w, (counts.get(w) ?? 0) + 1)
      for (const block of layout.blocks) {
        const role = roles[block.id] ?? 'body'
        const expected = EXCLUDED_ROLES.has(role) ? 0 : 1
        for (const w of words(drawnText(block))) {
          expect({ word: w, role, times: counts.get(w) ?? 0 }).toEqual({
            word: w,
            role,
            times: expected
          })
        }
      }
      expect(order).toHaveLength(layout.blocks.length)
    }
  )

  test.prop([fc.string({ unit: 'grapheme', maxLength: 60 })], propertyRuns(400))(
    'normalises text once and for all: normalising it again changes nothing',
    (text) => {
      const once = normalizeText(text)
      expect(normalizeText(once)).toBe(once)
    }
  )

  test.prop([layoutArbitrary()], propertyRuns(60))(
    'reads its own text back: the page text set as a page of its paragraphs is that text',
    (layout) => {
      const { text } = analysed(layout)
      const paragraphs = text.split('\n\n').filter((p) => p !== '')
      const again = syntheticLayout(1, paragraphs)
      const reread = analysed(again)
      expect(pageText(again, reread.order, reread.roles)).toBe(paragraphs.join('\n\n'))
    }
  )
})
