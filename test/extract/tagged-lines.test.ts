import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pageFrame, transformRect, type Matrix } from '../../src-main/extract/geometry.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { taggedLines } from '../../src-main/extract/tagged-lines.js'
import { corpusPdf } from '../helpers/corpus.js'

type JsonLine = { bbox: { x: number; y: number; w: number; h: number }; text?: string }
type JsonNode = {
  type: string
  raw?: string
  lines?: JsonLine[]
  contents?: JsonNode[]
  blocks?: JsonNode[]
}

const GROUPING = new Set(['Document', 'Part', 'Art', 'Sect', 'Div', 'NonStruct', 'Private'])

/** The same lines read from MuPDF's own JSON printing of the page, as Recto used to. */
function fromJson(node: JsonNode, meaningful: boolean, inTree: boolean, out: JsonLine[][]): void {
  for (const child of node.contents ?? node.blocks ?? []) {
    if (child.type === 'structure') {
      fromJson(child, meaningful || !GROUPING.has(child.raw ?? ''), true, out)
    } else if (child.type === 'text' && inTree) {
      out.push((child.lines ?? []).map((line) => ({ ...line, meaningful })))
    }
  }
}

describe('taggedLines', () => {
  it('reads the lines of a tagged form as MuPDF prints them, element by element', () => {
    const file = openPdf(readFileSync(corpusPdf('pymupdf__cms-etc-filled.pdf')))
    try {
      for (const index of [0, 2, 4]) {
        const page = file.pdf.loadPage(index)
        const frame = pageFrame(page.getTransform() as unknown as Matrix, page.getBounds())
        const stext = page.toStructuredText('structured,preserve-whitespace,preserve-ligatures')
        try {
          const json: JsonLine[][] = []
          fromJson(JSON.parse(stext.asJSON()) as JsonNode, false, false, json)
          const expected = json.flat().map((line) => {
            const { x, y, w, h } = line.bbox
            return {
              box: transformRect(frame.toPage, [x, y, x + w, y + h]),
              chars: (line.text ?? '').replace(/\s/g, '').length,
              meaningful: (line as JsonLine & { meaningful: boolean }).meaningful
            }
          })
          const lines = taggedLines(stext.pointer, frame)
          expect(lines.length).toBeGreaterThan(20)
          expect(lines).toEqual(expected)
          // A well-tagged form: nearly all of its text sits in elements that mean something.
          const chars = (only: boolean) =>
            lines.filter((l) => !only || l.meaningful).reduce((n, l) => n + l.chars, 0)
          expect(chars(true) / chars(false)).toBeGreaterThan(0.85)
        } finally {
          stext.destroy()
          page.destroy()
        }
      }
    } finally {
      closePdf(file)
    }
  })
})
