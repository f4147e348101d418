import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPdf } from '../../src-main/extract/open.js'
import { TesseractJsBackend } from '../../src-main/ocr/tesseract-js.js'
import { analyzeDocument, type DocumentAnalysis } from '../../src-main/analysis/analyze-document.js'
import { applyFontMaps } from '../../src-main/repair/apply.js'
import { backendLines, type LineRecognizer } from '../../src-main/repair/recognizer.js'
import {
  ocrFontMap,
  repairDocument,
  type DocumentRepair
} from '../../src-main/repair/repair-document.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { FONT_MAP_TRUTH, fontMapPdf, type ToUnicodeDamage } from '../helpers/font-map-pdf.js'

/** Every glyph's box, in drawing order: what must not move when a font's map is repaired. */
function glyphBoxes(layout: PageLayout): number[][] {
  return layout.blocks.flatMap((block) =>
    block.lines.flatMap((line) =>
      line.spans.flatMap((span) =>
        [...span.text].map((_, i) => [
          span.charX[2 * i]!,
          span.charX[2 * i + 1]!,
          span.bbox[1],
          span.bbox[3]
        ])
      )
    )
  )
}

function pageText(analysis: DocumentAnalysis, page: number): string {
  return analysis.pages[page]!.analysis.text
}

function codes(analysis: DocumentAnalysis, page: number): string[] {
  return analysis.pages[page]!.analysis.flags.map((flag) => flag.code)
}

describe('font-map repair of a generated font', () => {
  let recognizer: LineRecognizer
  const damaged = new Map<ToUnicodeDamage, Uint8Array>()
  const before = new Map<ToUnicodeDamage, DocumentAnalysis>()
  const repairs = new Map<ToUnicodeDamage, DocumentRepair>()

  beforeAll(async () => {
    recognizer = backendLines(new TesseractJsBackend())
    for (const damage of ['missing', 'shifted'] as const) {
      const bytes = fontMapPdf(damage)
      damaged.set(damage, bytes)
      const analysis = analyzeDocument(openPdf(bytes))
      before.set(damage, analysis)
      repairs.set(
        damage,
        await repairDocument(
          bytes,
          analysis.pages.map((page) => page.layout),
          recognizer
        )
      )
    }
  }, 120_000)

  afterAll(async () => {
    await recognizer.close()
  })

  it.each(['missing', 'shifted'] as const)(
    'reads the text of a font whose /ToUnicode is %s with CER under 0.02, every glyph where it was',
    (damage) => {
      const old = before.get(damage)!
      const repaired = analyzeDocument(openPdf(repairs.get(damage)!.bytes))
      FONT_MAP_TRUTH.forEach((truth, page) => {
        expect(characterErrorRate(truth, pageText(old, page)).rate).toBeGreaterThan(0.5)
        // garbled_text misses an alphabet shifted up by one (its vowel share stays 26%): the
        // repair judges each font's letters itself (targets.ts).
        if (damage === 'missing') expect(codes(old, page)).toContain('unmapped_glyphs')
        expect(characterErrorRate(truth, pageText(repaired, page)).rate).toBeLessThan(0.02)
        expect(glyphBoxes(repaired.pages[page]!.layout)).toEqual(
          glyphBoxes(old.pages[page]!.layout)
        )
        expect(codes(repaired, page)).toContain('font_repaired')
        expect(codes(repaired, page)).not.toContain('unmapped_glyphs')
        expect(codes(repaired, page)).not.toContain('garbled_text')
      })
    }
  )

  it('learns one map for the font program both pages draw with, and says it came from OCR', async () => {
    const { learned } = repairs.get('missing')!
    expect(learned).toHaveLength(1)
    expect(learned[0]!.program.name).toBe('Times-Roman')
    const repaired = analyzeDocument(openPdf(repairs.get('missing')!.bytes))
    const flag = repaired.pages[1]!.analysis.flags.find((f) => f.code === 'font_repaired')
    expect(flag?.message).toMatch(
      /^text of font F1 \(\w{6}\+Times-Roman\) was read with a repaired map, learned from OCR of its glyphs$/
    )
  })

  it('applies the map learned in one document to another document embedding the same program', () => {
    const [learned] = repairs.get('missing')!.learned
    const other = applyFontMaps(damaged.get('shifted')!, [ocrFontMap(learned!)])
    const analysis = analyzeDocument(openPdf(other))
    FONT_MAP_TRUTH.forEach((truth, page) => {
      expect(characterErrorRate(truth, pageText(analysis, page)).rate).toBeLessThan(0.02)
    })
  })
})
