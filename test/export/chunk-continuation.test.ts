import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ChunkRecord } from '../../src-main/export/chunk-record.js'
import { exportChunks } from '../../src-main/export/chunks-export.js'
import { mergeSmallPeers } from '../../src-main/export/chunk-merge.js'
import { characterMeasure } from '../../src-main/export/chunk-measure.js'
import type { DraftChunk } from '../../src-main/export/chunker.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { column, drawnPdf, type DrawnPage } from '../helpers/drawn-pdf.js'
import { ingestPdf } from './project.js'

const tmp = tempDir('recto-continuation-')
afterAll(() => tmp.remove())
let n = 0

async function chunksOf(pages: readonly DrawnPage[], size: number): Promise<ChunkRecord[]> {
  const file = join(tmp.dir, `doc-${n++}.pdf`)
  writeFileSync(file, drawnPdf(pages))
  const db = openDatabase(join(tmp.dir, `project-${n}.recto`))
  try {
    ingestPdf(db, file)
    const out = join(tmp.dir, `chunks-${n}.jsonl`)
    await exportChunks(db, out, { size })
    return readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => ChunkRecord.parse(JSON.parse(line)))
  } finally {
    db.close()
  }
}

const BEFORE =
  'The survey covered every harbour on the coast. Its teams counted the boats, measured the ' +
  'quays and asked the harbour masters what had changed since the last survey. Most of them ' +
  'named the weather first, and after it the price of fuel, and in three of the'
const AFTER =
  'harbours the loss of the fish market, which had closed the winter before. The teams wrote ' +
  'down every answer. They came back with four hundred pages of notes and a map of the coast.'

/** A chunk that ends mid-sentence: its last words run on. */
const midSentence = (c: ChunkRecord): boolean => /[\p{L}\p{N},]$/u.test(c.text)

describe('paragraphs across page and column breaks', () => {
  it('joins a paragraph broken at the foot of a page, so no chunk ends mid-sentence there', async () => {
    const chunks = await chunksOf(
      [{ runs: column(BEFORE, 72, 120, 460) }, { runs: column(AFTER, 72, 720, 460) }],
      400
    )
    expect(chunks.some(midSentence)).toBe(false)
    const joined = chunks.find((c) => c.text.includes('in three of the harbours the loss'))!
    expect(joined.pages.map((p) => p.page)).toEqual([1, 2])
  })

  it('joins a paragraph broken at the foot of a column', async () => {
    const left = column(BEFORE, 72, 300, 220)
    const right = column(AFTER, 320, 720, 220)
    const chunks = await chunksOf([{ runs: [...left, ...right] }], 400)
    expect(chunks.some(midSentence)).toBe(false)
    expect(chunks.map((c) => c.text).join(' ')).toContain('in three of the harbours the loss')
  })

  it('keeps a paragraph that ends its sentence apart from the next one', async () => {
    const chunks = await chunksOf(
      [
        { runs: column('The first page ends here.', 72, 120, 460) },
        { runs: column('and a lower-case line opens the next page.', 72, 720, 460) }
      ],
      2000
    )
    expect(chunks.map((c) => c.text)).toEqual([
      'The first page ends here.\n\nand a lower-case line opens the next page.'
    ])
  })
})

const PAGE = {
  page: 1,
  decision: 'ok' as const,
  flags: [],
  status: 'unreviewed' as const,
  revision: null,
  width: 612,
  height: 792
}

const draft = (text: string, headingPath: string[]): DraftChunk => ({
  index: 0,
  text,
  headingPath,
  pieces: [{ page: PAGE, bbox: [72, 72, 540, 100] }],
  roles: ['heading', 'body']
})

describe('small chunks', () => {
  it('merges short sections under one heading up to the limit, and leaves one alone', () => {
    const long = 'A section long enough to stand alone. '.repeat(4).trim()
    const merged = mergeSmallPeers(
      [
        draft('Moves\n\nThe game has three moves.', ['Moves']),
        draft('Move 1\n\nPawn forward.', ['Moves', 'Move 1']),
        draft('Move 2\n\nKnight out.', ['Moves', 'Move 2']),
        draft(`Move 3\n\n${long}`, ['Moves', 'Move 3']),
        draft('Scoring\n\nNone.', ['Scoring'])
      ],
      characterMeasure(200)
    )
    expect(merged.map((c) => [c.index, c.headingPath, c.text])).toEqual([
      [
        0,
        ['Moves'],
        'Moves\n\nThe game has three moves.\n\nMove 1\n\nPawn forward.\n\nMove 2\n\nKnight out.'
      ],
      [1, ['Moves', 'Move 3'], `Move 3\n\n${long}`],
      [2, ['Scoring'], 'Scoring\n\nNone.']
    ])
  })

  it('never merges an aside into the text beside it, however short both are', () => {
    const merged = mergeSmallPeers(
      [
        draft('Filing\n\nMail it.', ['Filing']),
        { ...draft('! CAUTION', ['Filing']), roles: ['aside'] },
        draft('Keep a copy.', ['Filing'])
      ],
      characterMeasure(200)
    )
    expect(merged.map((c) => [c.index, c.text, c.roles])).toEqual([
      [0, 'Filing\n\nMail it.', ['heading', 'body']],
      [1, '! CAUTION', ['aside']],
      [2, 'Keep a copy.', ['heading', 'body']]
    ])
  })
})
