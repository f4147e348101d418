import { describe, expect, it } from 'vitest'
import { cascadeDocument, type CascadeChoice } from '../../src-main/pipeline/cascade.js'
import type { DocumentAnalysis } from '../../src-main/analysis/analyze-document.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import {
  FONT_MAP_TRUTH,
  fontMapPdf,
  HOLE_LETTERS,
  type ToUnicodeDamage
} from '../helpers/font-map-pdf.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { TYPE3_LINES, type3WithoutCPdf } from '../helpers/type3-pdf.js'

// Font repair reads sampled glyph lines by OCR: seconds, more on a busy machine.
const TIMEOUT = 180_000

// tesseract.js, so that what is tested does not depend on the tesseract program being installed.
const CHOICE: CascadeChoice = { backend: 'tesseract.js', languages: null }

/** Every glyph's text and box, in drawing order. */
function glyphs(layout: PageLayout): { ch: string; box: number[] }[] {
  return layout.blocks.flatMap((block) =>
    block.lines.flatMap((line) =>
      line.spans.flatMap((span) =>
        [...span.text].map((ch, i) => ({
          ch,
          box: [span.charX[2 * i]!, span.charX[2 * i + 1]!, span.bbox[1], span.bbox[3]]
        }))
      )
    )
  )
}

async function cascade(bytes: Uint8Array): Promise<{
  before: DocumentAnalysis
  after: DocumentAnalysis
  failures: string[]
}> {
  const before = analysisOfBytes(bytes)
  const failures: string[] = []
  const after = await cascadeDocument({ path: 'generated.pdf', bytes }, before, CHOICE, {
    onFailure: (page, stage, reason) => failures.push(`${page}: ${stage}: ${reason}`)
  })
  return { before, after, failures }
}

describe('the cascade repairs fonts before any OCR', { timeout: TIMEOUT }, () => {
  it('repairs a Type3 font that leaves one letter unmapped everywhere to the exact words', async () => {
    const { before, after, failures } = await cascade(type3WithoutCPdf())
    const [old] = before.pages
    const [page] = after.pages
    expect(old?.analysis.text).toContain('Spee\ufffdh by Gerla\ufffdh')
    expect(old?.analysis.flags.find((f) => f.code === 'unmapped_glyphs')?.severity).toBe('warn')

    expect(failures).toEqual([])
    expect(page?.layout.ocr).toBeUndefined()
    expect(page?.analysis.text.split(/\s+/)).toEqual(TYPE3_LINES.join(' ').split(' '))
    expect(page?.analysis.flags.map((f) => f.code)).not.toContain('unmapped_glyphs')
    expect(page?.analysis.decision).toBe('ok')
    expect(glyphs(page!.layout).map((g) => g.box)).toEqual(glyphs(old!.layout).map((g) => g.box))
  })

  it.each(['missing', 'holes'] as const)(
    'repairs a font whose /ToUnicode is %s, every glyph where it was, and OCRs nothing',
    async (damage: ToUnicodeDamage) => {
      const { before, after, failures } = await cascade(fontMapPdf(damage))
      expect(failures).toEqual([])
      FONT_MAP_TRUTH.forEach((truth, index) => {
        const old = before.pages[index]!
        const page = after.pages[index]!
        expect(old.analysis.flags.map((f) => f.code)).toContain('unmapped_glyphs')
        expect(page.layout.ocr).toBeUndefined()
        expect(page.analysis.decision).not.toBe('ocr')
        expect(page.analysis.text).not.toContain('\ufffd')
        expect(characterErrorRate(truth, page.analysis.text).rate).toBeLessThan(0.02)
        const was = glyphs(old.layout)
        const now = glyphs(page.layout)
        expect(now.map((g) => g.box)).toEqual(was.map((g) => g.box))
        if (damage === 'holes') {
          // The letters the font mapped keep their text; only its holes are filled.
          was.forEach((glyph, i) => {
            if (glyph.ch !== '\ufffd') expect(now[i]?.ch).toBe(glyph.ch)
          })
          for (const letter of HOLE_LETTERS) expect(page.analysis.text).toContain(letter)
        }
      })
    }
  )
})
