import { deflateSync } from 'node:zlib'
import { mupdf } from '../../src-main/extract/mupdf.js'
import type { Random } from './random.js'

/**
 * Hostile structures a byte mutation rarely produces: written with MuPDF into a copy of a real
 * PDF, so the rest of the file stays well formed and the reader gets as far as the trap.
 */
export type StructureMutation = Readonly<{
  name: string
  apply: (rng: Random, pdf: mupdf.PDFDocument, options: StructureOptions) => void
}>

export type StructureOptions = Readonly<{
  /** Bytes a decompression bomb inflates to. */
  bombBytes: number
}>

const bombs = new Map<string, Buffer>()

/** `bytes` of `fill` deflated, made once per size: zeros inflate about a thousandfold. */
function bomb(bytes: number, fill: number): Buffer {
  const key = `${bytes}:${fill}`
  let made = bombs.get(key)
  if (!made) {
    made = deflateSync(Buffer.alloc(bytes, fill), { level: 9 })
    bombs.set(key, made)
  }
  return made
}

function firstPage(pdf: mupdf.PDFDocument): mupdf.PDFObject {
  return pdf.findPage(0)
}

function pageResources(pdf: mupdf.PDFDocument, page: mupdf.PDFObject): mupdf.PDFObject {
  let resources = page.getInheritable('Resources')
  if (!resources.isDictionary()) {
    resources = pdf.newDictionary()
    page.put('Resources', resources)
  }
  return resources
}

/** Draws `content` before the page's own content. */
function prependContent(pdf: mupdf.PDFDocument, page: mupdf.PDFObject, content: string): void {
  const contents = pdf.newArray()
  contents.push(pdf.addStream(content, {}))
  const own = page.get('Contents')
  if (own.isArray()) for (let i = 0; i < own.length; i++) contents.push(own.get(i))
  else if (!own.isNull()) contents.push(own)
  page.put('Contents', contents)
}

function addXObject(pdf: mupdf.PDFDocument, page: mupdf.PDFObject, name: string, ref: unknown) {
  const resources = pageResources(pdf, page)
  let xobjects = resources.get('XObject')
  if (!xobjects.isDictionary()) {
    xobjects = pdf.newDictionary()
    resources.put('XObject', xobjects)
  }
  xobjects.put(name, ref)
}

const HUGE = [1e30, -1e30, 3.4e38, 2147483648, -2147483649, 1e-30, 0]

export const STRUCTURE_MUTATIONS: readonly StructureMutation[] = [
  {
    name: 'content-bomb',
    apply(rng, pdf, { bombBytes }) {
      const data = bomb(bombBytes, rng.pick([0x20, 0x30, 0x0a]))
      firstPage(pdf).put('Contents', pdf.addRawStream(data, { Filter: 'FlateDecode' }))
    }
  },
  {
    name: 'image-bomb',
    apply(rng, pdf, { bombBytes }) {
      const width = 16384
      const height = Math.max(1, Math.floor(bombBytes / width))
      const image = pdf.addRawStream(bomb(width * height, 0), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: rng.int(2) === 0 ? width : width * 1000,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
        Filter: 'FlateDecode'
      })
      const page = firstPage(pdf)
      addXObject(pdf, page, 'FuzzImage', image)
      prependContent(pdf, page, 'q 500 0 0 500 0 0 cm /FuzzImage Do Q')
    }
  },
  {
    name: 'font-bomb',
    apply(_rng, pdf, { bombBytes }) {
      const cmap = pdf.addRawStream(bomb(bombBytes, 0x20), { Filter: 'FlateDecode' })
      const font = pdf.addObject({
        Type: 'Font',
        Subtype: 'Type1',
        BaseFont: 'Helvetica',
        ToUnicode: cmap
      })
      const page = firstPage(pdf)
      const resources = pageResources(pdf, page)
      let fonts = resources.get('Font')
      if (!fonts.isDictionary()) {
        fonts = pdf.newDictionary()
        resources.put('Font', fonts)
      }
      fonts.put('FuzzFont', font)
      prependContent(pdf, page, 'BT /FuzzFont 12 Tf 72 72 Td (bomb) Tj ET')
    }
  },
  {
    name: 'huge-geometry',
    apply(rng, pdf) {
      const page = firstPage(pdf)
      switch (rng.int(4)) {
        case 0:
          page.put('MediaBox', [0, 0, rng.pick(HUGE), rng.pick(HUGE)])
          break
        case 1:
          page.put('Rotate', rng.pick([2147483647, -90, 45, 1e9]))
          break
        case 2:
          page.put('UserUnit', rng.pick(HUGE))
          break
        default: {
          const s = rng.pick(HUGE)
          prependContent(pdf, page, `${s} 0 0 ${s} ${rng.pick(HUGE)} ${rng.pick(HUGE)} cm`)
        }
      }
    }
  },
  {
    name: 'deep-content',
    apply(rng, pdf) {
      const depth = rng.pick([10_000, 200_000])
      const open = rng.pick(['q ', '/P <<>> BDC ', '[', 'BT '])
      prependContent(pdf, firstPage(pdf), open.repeat(depth))
    }
  },
  {
    name: 'self-drawing-form',
    apply(rng, pdf) {
      const form = pdf.addStream('q /FuzzForm Do Q BT ET', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 100, 100]
      })
      const twin = pdf.addStream('/FuzzForm Do', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 100, 100]
      })
      const names = pdf.newDictionary()
      names.put('FuzzForm', rng.int(2) === 0 ? form : twin)
      form.put('Resources', { XObject: names })
      twin.put('Resources', { XObject: { FuzzForm: form } })
      const page = firstPage(pdf)
      addXObject(pdf, page, 'FuzzForm', form)
      prependContent(pdf, page, '/FuzzForm Do')
    }
  },
  {
    name: 'page-tree-cycle',
    apply(rng, pdf) {
      const root = pdf.getTrailer().get('Root').get('Pages')
      if (rng.int(2) === 0) {
        root.get('Kids').push(root)
      } else {
        firstPage(pdf).put('Parent', firstPage(pdf))
        root.put('Count', rng.pick([2147483647, -1, 0]))
      }
    }
  },
  {
    name: 'structure-tree-trap',
    apply(rng, pdf) {
      const catalog = pdf.getTrailer().get('Root')
      const element = pdf.addObject({ Type: 'StructElem', S: 'P', Pg: firstPage(pdf) })
      if (rng.int(2) === 0) {
        element.put('K', element)
      } else {
        let inner = element
        for (let i = 0; i < 20_000; i++) {
          const child = pdf.addObject({ Type: 'StructElem', S: 'Div', P: inner })
          inner.put('K', child)
          inner = child
        }
        inner.put('K', 0)
      }
      catalog.put('StructTreeRoot', pdf.addObject({ Type: 'StructTreeRoot', K: element }))
      catalog.put('MarkInfo', { Marked: true })
    }
  },
  {
    name: 'thread-trap',
    apply(rng, pdf) {
      const page = firstPage(pdf)
      const bead = pdf.addObject({ P: page, R: [0, 0, 600, 800] })
      const other = pdf.addObject({ P: page, R: [0, 0, 300, 400], N: bead })
      // The ring never comes back to its first bead, or runs through a page that is no page.
      bead.put('N', rng.int(2) === 0 ? other : bead)
      const threads = pdf.newArray()
      const count = rng.pick([1, 5_000])
      for (let i = 0; i < count; i++) threads.push(pdf.addObject({ F: other }))
      pdf.getTrailer().get('Root').put('Threads', threads)
    }
  }
]
