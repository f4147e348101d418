import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
afterAll(() => api.close())

/** The text of every line of a block, as `pages.lines` places it in the block's text. */
async function linesOf(documentId: number, pageNo: number) {
  const blocks = await api.call('pages.lines', { documentId, pageNo })
  return blocks.map((block) => ({
    id: block.id,
    text: block.text,
    lines: block.lines.map((line) => block.text.slice(line.start, line.end)),
    gaps: block.lines.slice(1).map((line, i) => block.text.slice(block.lines[i]!.end, line.start))
  }))
}

describe('pages.lines', () => {
  it('places each line of a born-digital page in its block’s text, in order', async () => {
    const id = await api.ingested(join(SAMPLES_DIR, 'two-column-article.pdf'))
    const blocks = await linesOf(id, 1)
    const page = await api.call('pages.get', { documentId: id, pageNo: 1 })
    expect(blocks.map((block) => block.text)).toEqual(
      blocks.map((block) => page.blockText[block.id])
    )
    const paragraph = blocks.find((block) => block.text.startsWith('Two columns are'))!
    expect(paragraph.lines).toEqual([
      'Two columns are the classic trap. An extractor that',
      'reads straight across the page joins the first line of the',
      'left column to the first line of the right one, and the',
      'result reads almost like prose until the argument stops',
      'making sense.'
    ])
    expect(paragraph.gaps).toEqual([' ', ' ', ' ', ' '])
  })

  it('cuts a word mended across a line end where the line ends, its hyphen between', async () => {
    const id = await api.ingested(corpusPdf('pdfjs__tracemonkey.pdf'))
    const blocks = await linesOf(id, 1)
    // "com-" ends a line and "pile than" opens the next; the block reads "compile".
    const block = blocks.find((b) => b.text.includes('difficult to compile than'))!
    const at = block.lines.findIndex((line) => line.endsWith('com'))
    expect(at).toBeGreaterThanOrEqual(0)
    expect(block.lines[at + 1]!.startsWith('pile than')).toBe(true)
    expect(block.gaps[at]).toBe('')
    // Every line is a piece of the text, and nothing but spaces and hyphens lies between them.
    for (const b of blocks) for (const gap of b.gaps) expect(gap).toMatch(/^[\s\u00ad\-‐]*$/u)
  })

  it('lists the page’s blocks as the reviewer split them', async () => {
    const id = await api.ingested(join(SAMPLES_DIR, 'running-headers.pdf'))
    const before = await linesOf(id, 1)
    const long = before.find((block) => block.lines.length > 2)!
    await api.call('revisions.restructure', {
      documentId: id,
      pageNo: 1,
      edit: { kind: 'split', id: long.id, line: 1 }
    })
    const after = await linesOf(id, 1)
    expect(after.length).toBe(before.length + 1)
    expect(after.some((block) => block.lines.join(' ') === long.lines[0])).toBe(true)
  })
})
