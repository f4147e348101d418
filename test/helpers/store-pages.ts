import type { BBox, Block, Line, PageLayout } from '../../src-main/shared/layout.js'
import type { Flag } from '../../src-main/shared/flags.js'
import type { PageAnalysis } from '../../src-main/shared/page.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import { extractedPage, type PageInput } from '../../src-main/store/pages.js'

/** A page of one-line blocks stacked top to bottom, 12 pt Helvetica, 6 pt per character. */
/** A line of `text` at `box` in one Helvetica span, set at `size`, without glyph positions. */
export function textLine(text: string, box: BBox, size = 10): Line {
  const span = { text, bbox: box, font: 'Helvetica', size, bold: false, italic: false, mono: false }
  return { bbox: box, wmode: 0, dir: [1, 0], spans: [{ ...span, charX: [] }] }
}

export function syntheticLayout(page: number, blockTexts: readonly string[]): PageLayout {
  const blocks = blockTexts.map((text, id): Block => {
    const y = 72 + id * 20
    const charX = [...text].flatMap((_, i) => [72 + i * 6, 78 + i * 6])
    const bbox = [72, y, 72 + text.length * 6, y + 12] as const
    return {
      id,
      bbox,
      lines: [
        {
          bbox,
          wmode: 0,
          dir: [1, 0],
          spans: [
            {
              text,
              bbox,
              font: 'Helvetica',
              size: 12,
              bold: false,
              italic: false,
              mono: false,
              charX
            }
          ]
        }
      ]
    }
  })
  return {
    page,
    width: 612,
    height: 792,
    rotation: 0,
    blocks,
    images: [],
    fonts: [],
    invisibleChars: 0,
    coveredChars: 0,
    formXObjectsWithText: 0,
    structureOrder: null,
    overdraw: null,
    damage: null
  }
}

/** The analysis of `syntheticLayout`: drawing order, all body, the given flags. */
export function syntheticAnalysis(
  layout: PageLayout,
  flags: readonly Flag[] = [],
  quality = flags.length === 0 ? 1 : 0.5
): PageAnalysis {
  const decision = flags.some((f) => f.code === 'needs_ocr')
    ? 'ocr'
    : flags.some((f) => f.severity !== 'info')
      ? 'review'
      : 'ok'
  return {
    order: layout.blocks.map((b) => b.id),
    roles: layout.blocks.map(() => 'body'),
    text: layout.blocks.map((b) => b.lines.map((l) => l.spans[0]?.text).join('\n')).join('\n\n'),
    flags,
    decision,
    quality
  }
}

export function flag(code: Flag['code'], severity: Flag['severity'] = 'warn'): Flag {
  return { code, severity, message: `${code} seen`, evidence: { code } }
}

/** What the ingest stores for a page: its encoded layout, analysis, raw text and digest. */
export function storedPage(layout: PageLayout, analysis: PageAnalysis, rawText: string): PageInput {
  return { ...extractedPage(layout, rawText, pageDigest(layout)), analysis }
}
