// A generated set of text PDFs for the bench, made with MuPDF: `files` files of `pagesPer`
// pages, prose in one column (odd pages) or two (even pages) under a running head and above a
// page number, in Times with Helvetica headings. Every file's words differ (a seeded generator),
// so no two files share bytes and none is skipped as a duplicate by the content-addressed ingest.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../out/src-main/extract/mupdf.js'

const WORDS = (
  'the of and to in is that for it as was with be by on not he this are or his from at which ' +
  'but have an they you were her she there been one all we their has would when if so no what ' +
  'measure extraction reading order page column figure table result method sample value study ' +
  'between within through during against model system analysis process number because however'
).split(' ')

const WIDTH = 612
const HEIGHT = 792
const MARGIN = 72
const LEADING = 13
const SIZE = 10.5
/** Times-Roman's average advance is about half the size; lines are filled by this estimate. */
const CHAR_WIDTH = SIZE * 0.47

function words(random, count) {
  return Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)])
}

function escape(text) {
  return text.replace(/[\\()]/g, (c) => `\\${c}`)
}

/** Lines of at most `width` points, greedily filled from the generator's words. */
function paragraph(random, width) {
  const lines = []
  let line = ''
  for (const word of words(random, 40 + Math.floor(random() * 60))) {
    const next = line ? `${line} ${word}` : word
    if (next.length * CHAR_WIDTH > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

function column(random, x, width, top, bottom) {
  const ops = []
  let y = top
  while (y - LEADING * 3 > bottom) {
    for (const line of paragraph(random, width)) {
      if (y < bottom) break
      ops.push(`BT /F1 ${SIZE} Tf ${x} ${y} Td (${escape(line)}) Tj ET`)
      y -= LEADING
    }
    y -= LEADING / 2
  }
  return ops
}

function pageContent(random, fileNo, pageNo) {
  const top = HEIGHT - MARGIN - 30
  const ops = [
    `BT /F2 8 Tf ${MARGIN} ${HEIGHT - 40} Td (Generated report ${fileNo}) Tj ET`,
    `BT /F2 14 Tf ${MARGIN} ${HEIGHT - MARGIN} Td (${escape(words(random, 5).join(' '))}) Tj ET`,
    `BT /F1 9 Tf ${WIDTH / 2 - 5} 40 Td (${pageNo}) Tj ET`
  ]
  const body = WIDTH - 2 * MARGIN
  if (pageNo % 2 === 1) ops.push(...column(random, MARGIN, body, top, MARGIN))
  else {
    const gap = 24
    const half = (body - gap) / 2
    ops.push(...column(random, MARGIN, half, top, MARGIN))
    ops.push(...column(random, MARGIN + half + gap, half, top, MARGIN))
  }
  return ops.join('\n')
}

/** Writes the set into `folder` (created if needed); returns the number of pages. */
export function writeGeneratedSet(folder, files, pagesPer) {
  mkdirSync(folder, { recursive: true })
  for (let f = 0; f < files; f++) {
    let seed = f + 1
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const doc = new mupdf.PDFDocument()
    const resources = doc.addObject({
      Font: {
        F1: doc.addSimpleFont(new mupdf.Font('Times-Roman'), 'Latin'),
        F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin')
      }
    })
    for (let p = 1; p <= pagesPer; p++) {
      const page = doc.addPage([0, 0, WIDTH, HEIGHT], 0, resources, pageContent(random, f, p))
      doc.insertPage(-1, page)
    }
    const name = `generated-${String(f).padStart(4, '0')}.pdf`
    writeFileSync(join(folder, name), doc.saveToBuffer('compress').asUint8Array())
    doc.destroy()
  }
  return files * pagesPer
}
