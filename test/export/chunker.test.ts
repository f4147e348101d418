import { describe, expect, it } from 'vitest'
import type { BBox } from '../../src-main/shared/layout.js'
import type { ChunkUnit, UnitPage } from '../../src-main/export/chunk-units.js'
import { Chunker, type DraftChunk } from '../../src-main/export/chunker.js'

const PAGE: UnitPage = {
  page: 1,
  decision: 'ok',
  flags: [],
  status: 'unreviewed',
  revision: null,
  width: 612,
  height: 792
}
const BOX: BBox = [72, 72, 540, 100]

const heading = (level: number, text: string): ChunkUnit => ({
  page: PAGE,
  role: 'heading',
  text,
  bbox: BOX,
  heading: level,
  rows: null
})
const body = (text: string): ChunkUnit => ({
  page: PAGE,
  role: 'body',
  text,
  bbox: BOX,
  heading: 0,
  rows: null
})
const table = (rows: string[]): ChunkUnit => ({
  page: PAGE,
  role: 'table',
  text: rows.join('\n'),
  bbox: BOX,
  heading: 0,
  rows: rows.map((text, i) => ({ text, bbox: [72, 100 + i * 12, 540, 110 + i * 12] as const }))
})

const aside = (text: string): ChunkUnit => ({ ...body(text), role: 'aside' })

function chunk(size: number, units: readonly ChunkUnit[]): DraftChunk[] {
  const chunks: DraftChunk[] = []
  const chunker = new Chunker(size, (c) => chunks.push(c))
  for (const unit of units) chunker.add(unit)
  chunker.finish()
  return chunks
}

describe('the chunker', () => {
  it('opens a chunk at each heading and keeps a title with the heading right under it', () => {
    const chunks = chunk(1000, [
      heading(1, 'Report'),
      heading(2, 'Scope'),
      body('What the report covers.'),
      heading(2, 'Empty'),
      heading(2, 'Findings'),
      body('What was found.'),
      heading(3, 'Detail'),
      body('One detail.'),
      heading(1, 'Annex'),
      body('More.')
    ])
    expect(chunks.map((c) => [c.text, c.headingPath])).toEqual([
      ['Report\n\nScope\n\nWhat the report covers.', ['Report', 'Scope']],
      ['Empty', ['Report', 'Empty']],
      ['Findings\n\nWhat was found.', ['Report', 'Findings']],
      ['Detail\n\nOne detail.', ['Report', 'Findings', 'Detail']],
      ['Annex\n\nMore.', ['Annex']]
    ])
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2, 3, 4])
  })

  it('fills a chunk with whole paragraphs, and cuts one too long between its sentences', () => {
    const chunks = chunk(40, [
      body('First short one.'),
      body('Second short.'),
      body('A long paragraph starts here. It goes on for a while. And it ends.')
    ])
    expect(chunks.map((c) => c.text)).toEqual([
      'First short one.\n\nSecond short.',
      'A long paragraph starts here.',
      'It goes on for a while. And it ends.'
    ])
  })

  it('cuts a table between rows only, a row longer than the target kept whole', () => {
    const long = 'Row three | holds a cell far longer than the whole target'
    const chunks = chunk(30, [table(['Name | Count', 'Apples | 12', long, 'Pears | 4'])])
    expect(chunks.map((c) => c.text)).toEqual(['Name | Count\nApples | 12', long, 'Pears | 4'])
    expect(chunks[1]!.pieces.map((p) => p.bbox)).toEqual([[72, 124, 540, 134]])
    expect(chunks.every((c) => c.roles.join() === 'table')).toBe(true)
  })

  it('keeps an aside out of the paragraph it cuts, as a chunk of its own where it stands', () => {
    const chunks = chunk(1000, [
      heading(2, 'Filing'),
      body('At the time these instructions went to print, its members were'),
      aside('! CAUTION'),
      body('considering a change of address.'),
      heading(2, 'Refunds'),
      aside('TIP Keep a copy of the return for your records and for any later question about it.'),
      body('A refund is paid within six weeks.')
    ])
    expect(chunks.map((c) => [c.text, c.headingPath, c.roles])).toEqual([
      [
        'Filing\n\nAt the time these instructions went to print, its members were considering a change of address.',
        ['Filing'],
        ['heading', 'body']
      ],
      ['! CAUTION', ['Filing'], ['aside']],
      ['Refunds\n\nA refund is paid within six weeks.', ['Refunds'], ['heading', 'body']],
      [
        'TIP Keep a copy of the return for your records and for any later question about it.',
        ['Refunds'],
        ['aside']
      ]
    ])
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2, 3])
  })

  it('cuts an aside longer than a chunk between its sentences, apart from the text around', () => {
    const chunks = chunk(40, [
      body('Before the box.'),
      aside('The box says one thing. Then it says another.'),
      body('After the box.')
    ])
    expect(chunks.map((c) => [c.text, c.roles])).toEqual([
      ['Before the box.\n\nAfter the box.', ['body']],
      ['The box says one thing.', ['aside']],
      ['Then it says another.', ['aside']]
    ])
  })
})
