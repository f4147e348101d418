/**
 * Generated pages for the queue's measure (eval-queue.ts), each of a kind a hidden real page was
 * passed as `ok` in (issue 37), and a few clean ones of the same make: the test helpers draw
 * them, and their tests, olmOCR-bench style, come from the text they were drawn with, so a page
 * read wrong fails them as a real page does. Bad by construction is not bad in fact: a booklet
 * Recto reads right passes its tests and may well be `ok`.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchTest } from './eval-match.js'
import { mupdf } from '../src-main/extract/mupdf.js'
import { RUN_ON_BOOKLET, runOnBookletPage } from '../test/helpers/aside-booklet.js'
import { fixture } from '../test/helpers/corpus.js'
import { drawnPdf, type DrawnPage } from '../test/helpers/drawn-pdf.js'
import { gutterPage, type GutterOptions } from '../test/helpers/gutter-pdf.js'
import { NOTE, NOTED_PARAGRAPH, notePage } from '../test/helpers/note-pdf.js'
import { fontMapLines, fontMapPdf } from '../test/helpers/font-map-pdf.js'
import { POOR_LAYER_LINES, SCANNED_LINES } from '../test/helpers/layer-lines.js'
import { writeLayeredScan } from '../test/helpers/layered-scan.js'
import {
  BOOKLET,
  BOXES,
  DENSE_BOOKLET,
  LEAFLET,
  TRIFOLD,
  TURNED_BOXES,
  bookletPage,
  denseBookletPage,
  leafletPage,
  rotatedBoxesPage,
  triFoldPage,
  turnedBoxesPage
} from '../test/helpers/leaflet-pdf.js'
import { levelParagraphsPage } from '../test/helpers/paragraph-columns.js'
import { HEADING, repairedHeading, wrongArabicMap } from '../test/helpers/wrong-maps.js'

export type GeneratedPage = Readonly<{ name: string; bytes: Uint8Array; tests: BenchTest[] }>

const words = (s: string): string[] => s.split(/\s+/).filter((w) => w !== '')

/**
 * Tests of paragraphs a reader reads in this order: each present whole (a twentieth of its
 * letters may differ, for a joined hyphen or a changed quote), and each paragraph's last words
 * before the next one's first.
 */
export function paragraphTests(name: string, paragraphs: readonly string[]): BenchTest[] {
  const order = paragraphs.slice(1).map((next, i) => ({
    pdf: name,
    page: 1,
    id: `${name}_order_${i}`,
    type: 'order',
    before: words(paragraphs[i]!).slice(-4).join(' '),
    after: words(next).slice(0, 4).join(' '),
    max_diffs: 1
  }))
  return [...presentTests(name, paragraphs), ...order]
}

/** Each text present whole, wherever it stands: boxes whose place in the flow is a choice. */
export function presentTests(name: string, texts: readonly string[]): BenchTest[] {
  return texts.map((text, i) => ({
    pdf: name,
    page: 1,
    id: `${name}_present_${i}`,
    type: 'present',
    text,
    max_diffs: Math.floor(text.length / 20)
  }))
}

const headed = ([heading, text]: readonly [string, string]): string =>
  heading === '' ? text : `${heading} ${text}`

function drawn(
  name: string,
  page: DrawnPage,
  paragraphs: readonly string[],
  boxes: readonly string[] = []
): GeneratedPage {
  const tests = [...paragraphTests(name, paragraphs), ...presentTests(`${name}_box`, boxes)]
  return { name, bytes: drawnPdf([page]).slice(), tests }
}

function gutter(
  name: string,
  columns: number,
  points: number,
  options?: GutterOptions
): GeneratedPage {
  const { page, paragraphs } = gutterPage(columns, points, options)
  return drawn(name, page, paragraphs)
}

/**
 * Columns set close, swept: 2 and 3 columns, gutters of 4 to 18 pt, drawn a row or a column at a
 * time, at 8.5 and 10 pt (40 pages). Below half an em MuPDF reads a row across the columns as
 * one line; the page must still read column by column.
 */
export function gutterSweepPages(): GeneratedPage[] {
  return [2, 3].flatMap((columns) =>
    [4, 6, 9, 12, 18].flatMap((points) =>
      [false, true].flatMap((byColumns) =>
        [8.5, 10].map((size) =>
          gutter(
            `${columns} columns ${points} pt apart, ${size} pt, by ${byColumns ? 'columns' : 'rows'}`,
            columns,
            points,
            { size, byColumns }
          )
        )
      )
    )
  )
}

/** The pages of a layered scan, written where its helper writes them and read back. */
function layered(name: string, layer: readonly string[]): GeneratedPage {
  const dir = mkdtempSync(join(tmpdir(), 'recto-queue-scan-'))
  try {
    const bytes = readFileSync(
      writeLayeredScan(dir, `${name}.pdf`, { lines: SCANNED_LINES, layer })
    )
    return { name, bytes, tests: paragraphTests(name, SCANNED_LINES) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The Arabic fixture's lines as its right map gives them: the truth of its wrong-map copy. */
function arabicLines(): string[] {
  const doc = mupdf.Document.openDocument(
    readFileSync(fixture('pdfs/arabic-text.pdf')),
    'application/pdf'
  )
  try {
    return doc
      .loadPage(0)
      .toStructuredText('')
      .asText()
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= 8)
  } finally {
    doc.destroy()
  }
}

/**
 * Bytes are copied as they are made: MuPDF's buffers view its heap, which the next page's work
 * may move.
 */
export function generatedQueuePages(): GeneratedPage[] {
  const pages: GeneratedPage[] = [
    drawn('booklet', bookletPage(), BOOKLET.columns.flat().map(headed)),
    drawn('dense-booklet', denseBookletPage(), DENSE_BOOKLET.columns.flat().map(headed)),
    drawn('run-on-booklet', runOnBookletPage(), [
      ...RUN_ON_BOOKLET.columns[0].map(headed),
      ...RUN_ON_BOOKLET.columns[1].map(headed),
      RUN_ON_BOOKLET.cut.join(' '),
      ...RUN_ON_BOOKLET.columns[2].map(headed)
    ]),
    drawn('leaflet', leafletPage(), LEAFLET.map(headed)),
    drawn(
      'tri-fold',
      triFoldPage(),
      TRIFOLD.flatMap((p) => [`${p.heading} ${p.paragraph}`, ...p.lines])
    ),
    drawn('rotated-boxes', rotatedBoxesPage(), [BOXES.upright], [BOXES.up, BOXES.down]),
    drawn(
      'turned-boxes',
      turnedBoxesPage(),
      TURNED_BOXES.upright,
      TURNED_BOXES.boxes.map((b) => b.lines.join(' '))
    ),
    {
      name: 'shifted-font-map',
      bytes: fontMapPdf('shifted').slice(),
      tests: paragraphTests('shifted-font-map', fontMapLines()[0]!)
    },
    {
      name: 'replacement-in-a-word',
      bytes: fontMapPdf('holes').slice(),
      tests: paragraphTests('replacement-in-a-word', fontMapLines()[0]!)
    },
    {
      name: 'wrong-arabic-map',
      bytes: wrongArabicMap().slice(),
      tests: paragraphTests('wrong-arabic-map', arabicLines())
    },
    {
      name: 'repair-learned-wrong',
      bytes: repairedHeading(-2).slice(),
      tests: presentTests('repair-learned-wrong', words(HEADING))
    },
    layered('poor-ocr-layer', POOR_LAYER_LINES),
    gutter('two columns 6 pt apart', 2, 6),
    gutter('three columns 4 pt apart', 3, 4),
    drawn('note inside a sentence', notePage(4), [NOTED_PARAGRAPH], [NOTE]),
    // Clean pages of the same makes: a false alarm on them is noise bought for recall.
    {
      name: 'clean: repair learned right',
      bytes: repairedHeading(0).slice(),
      tests: presentTests('repair-learned-right', words(HEADING))
    },
    layered('clean: right ocr layer', SCANNED_LINES),
    gutter('clean: two columns 18 pt apart', 2, 18),
    drawn('clean: note under its paragraph', notePage(notePage(0).lines), [NOTED_PARAGRAPH, NOTE])
  ]
  for (const seed of [1, 2, 3]) {
    const { bytes, columns } = levelParagraphsPage(seed)
    pages.push({
      name: `clean: level paragraphs ${seed}`,
      bytes: bytes.slice(),
      tests: paragraphTests(`level-${seed}`, columns.flat())
    })
  }
  return pages
}
