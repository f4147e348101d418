import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { extractPage } from '../../src-main/extract/page.js'
import { METHOD_NAMES, type MethodName } from '../../src-main/shared/contract.js'
import { encodeLayout } from '../../src-main/store/layout-codec.js'
import { runPdf } from './targets/pdf-pipeline.js'

/**
 * Seeds for the in-process PDF target: the first page of each corpus PDF, alone in a file, its
 * content streams left uncompressed so that byte mutations land in the operators and strings the
 * extraction reads (a flipped bit in a deflate stream mostly ends the stream), fonts and images
 * still compressed. A seed over `maxBytes` is left out: libFuzzer would cut it to that length.
 *
 * So is a seed whose page takes the target more than `maxMs` (the least of three runs, without
 * Jazzer's instrumentation): a run's inputs are mutants of its seeds and cost about what they
 * do. On two shared cores, instrumented, a campaign of the 31 first pages under 128 kB tried 3
 * inputs a second, kampo's 2,600 lines alone taking 0.4 s; the pages under 60 ms (scans, forms,
 * CMaps, two columns, a transcript, cweb, dmca) several times as many. The dense pages are the
 * pool mode's to fuzz. Returns the names of the seeds written.
 */
export function writePdfSeeds(
  sources: readonly string[],
  dir: string,
  limits: Readonly<{ maxBytes: number; maxMs: number }>
): string[] {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const written: string[] = []
  for (const source of sources) {
    const name = basename(source).replace(/\.pdf$/i, '-p1.pdf')
    let bytes: Uint8Array
    try {
      const from = mupdf.Document.openDocument(readFileSync(source), 'application/pdf').asPDF()
      if (!from) continue
      const doc = new mupdf.PDFDocument()
      doc.graftPage(-1, from, 0)
      bytes = doc
        .saveToBuffer('garbage,decompress,compress-fonts,compress-images')
        .asUint8Array()
        .slice()
      doc.destroy()
      from.destroy()
    } catch {
      // A corpus file MuPDF cannot open or graft is still a seed, as it stands.
      bytes = readFileSync(source)
    }
    if (bytes.length > limits.maxBytes || cost(bytes) > limits.maxMs) continue
    writeFileSync(join(dir, name), bytes)
    written.push(name)
  }
  return written
}

function cost(bytes: Uint8Array): number {
  let least = Infinity
  for (let i = 0; i < 3; i++) {
    const start = performance.now()
    runPdf(bytes)
    least = Math.min(least, performance.now() - start)
  }
  return least
}

/**
 * Seeds for the stored-input target, one for each way in (stored-input.ts): the first page of a
 * few corpus PDFs as a stored blob, as the payload of one, as the JSON of the older format, and
 * inputs the API accepts for the methods the review screen calls most.
 */
export function writeStoredSeeds(sources: readonly string[], dir: string): number {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const seeds: Array<[string, Uint8Array]> = []
  for (const source of sources.slice(0, 4)) {
    let layout
    try {
      const file = openPdf(readFileSync(source))
      layout = extractPage(file, 0)
      closePdf(file)
    } catch {
      continue
    }
    const blob = encodeLayout(layout)
    const name = basename(source, '.pdf')
    seeds.push([`${name}-blob`, Buffer.concat([Buffer.of(0), blob])])
    seeds.push([`${name}-payload`, Buffer.concat([Buffer.of(1), inflateSync(blob.subarray(1))])])
    seeds.push([`${name}-json`, Buffer.concat([Buffer.of(2), Buffer.from(JSON.stringify(layout))])])
  }
  const page = { documentId: 1, pageNo: 2 }
  const inputs: Array<[MethodName, unknown]> = [
    ['pages.get', page],
    ['pages.image', { ...page, scale: 1.5 }],
    ['pages.queue', { filter: { flag: 'table', status: 'unreviewed' }, limit: 50 }],
    ['pages.adjacent', { ...page, direction: 'next', filter: {} }],
    [
      'revisions.save',
      {
        ...page,
        order: [2, 0, 1],
        excluded: [1],
        blockText: { '0': 'ﬁx' },
        pageText: null,
        status: 'corrected'
      }
    ],
    ['gold.export', { dir: '/tmp/gold', perDocument: true }],
    ['fonts.setCode', { program: 'ab'.repeat(32), code: 65, text: 'A' }],
    ['pages.ocr', { documentId: 1 }]
  ]
  for (const [method, input] of inputs) {
    const head = Buffer.of(3, METHOD_NAMES.indexOf(method))
    seeds.push([`api-${method}`, Buffer.concat([head, Buffer.from(JSON.stringify(input))])])
  }
  for (const [name, bytes] of seeds) writeFileSync(join(dir, name), bytes)
  return seeds.length
}
