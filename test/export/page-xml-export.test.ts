import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportPageXml } from '../../src-main/export/page-xml-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { readLayout } from '../../src-main/store/pages.js'
import { tempDir } from '../helpers/db.js'
import { canonicalAttributes, canonicalTexts, validCanonicalXml } from '../helpers/xmllint.js'
import { corpusPdf, ingestPdf, review } from './project.js'

const schema = fileURLToPath(new URL('./page-2019-required.xsd', import.meta.url))

/** The text of a region itself (its last TextEquiv, after its lines'). */
function regionText(xml: string, id: string): string {
  const start = xml.indexOf(`<TextRegion id="${id}"`)
  const region = xml.slice(start, xml.indexOf('</TextRegion>', start))
  return canonicalTexts(region, 'Unicode').at(-1)!
}

function pngSize(file: string): [number, number] {
  const png = readFileSync(file)
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe('PAGE-XML export', () => {
  const tmp = tempDir('recto-pagexml-')
  const dir = join(tmp.dir, 'page')
  let db: WritableDB
  let eu: number
  let order: number[]
  let excluded: number

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    eu = ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    ingestPdf(db, corpusPdf('olmocr__edgar-rotated90.pdf'))
    order = readLayout(db, eu, 2)!
      .blocks.map((b) => b.id)
      .reverse()
    excluded = order[1]!
    review(db, eu, 2, {
      status: 'corrected',
      order,
      excluded: [excluded],
      blockText: { [order[0]!]: 'Corrected <text> & "quotes"' }
    })
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('writes PAGE 2019 with the required structure for every page, beside its image', async () => {
    const report = await exportPageXml(db, dir)
    const entries = [
      'pdfbox__eu-001-p001',
      'pdfbox__eu-001-p002',
      'pdfbox__eu-001-p003',
      'olmocr__edgar-rotated90-p001'
    ]
    expect(report.added).toEqual(entries)
    expect(readdirSync(dir).sort()).toEqual(entries.flatMap((e) => [`${e}.png`, `${e}.xml`]).sort())
    for (const entry of entries) {
      const file = join(dir, `${entry}.xml`)
      const xml = await validCanonicalXml(file, schema)
      expect(readFileSync(file, 'utf8')).toContain(
        'xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"'
      )
      const attributes = (element: string, attribute: string): string[] =>
        canonicalAttributes(xml, element, attribute)
      // xmllint does not resolve IDREFs: every reading-order entry must name a region here.
      const regions = new Set(attributes('TextRegion', 'id'))
      for (const ref of attributes('RegionRefIndexed', 'regionRef')) {
        expect(regions.has(ref), ref).toBe(true)
      }
      const [width, height] = pngSize(join(dir, `${entry}.png`))
      expect(attributes('Page', 'imageFilename')).toEqual([`${entry}.png`])
      expect(attributes('Page', 'imageWidth')).toEqual([String(width)])
      expect(attributes('Page', 'imageHeight')).toEqual([String(height)])
      for (const points of attributes('Coords', 'points')) {
        for (const [x, y] of points.split(' ').map((p) => p.split(',').map(Number))) {
          expect(x).toBeLessThan(width)
          expect(y).toBeLessThan(height)
        }
      }
    }
    // The rotated page's image is landscape, its coordinates turned with it.
    const [w, h] = pngSize(join(dir, 'olmocr__edgar-rotated90-p001.png'))
    expect(w).toBeGreaterThan(h)
  })

  it('carries the corrected reading order and text', async () => {
    const xml = await validCanonicalXml(join(dir, 'pdfbox__eu-001-p002.xml'), schema)
    const expected = order.filter((id) => id !== excluded).map((id) => `r${id}`)
    expect(canonicalAttributes(xml, 'RegionRefIndexed', 'regionRef')).toEqual(expected)
    expect(canonicalAttributes(xml, 'RegionRefIndexed', 'index')).toEqual(
      expected.map((_, i) => String(i))
    )
    expect(canonicalAttributes(xml, 'TextRegion', 'id')).toEqual(order.map((id) => `r${id}`))
    expect(regionText(xml, `r${order[0]}`)).toBe('Corrected <text> & "quotes"')
    expect(canonicalTexts(xml, 'LastChange')).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/u)
    ])
  })

  it('changes nothing when exported again', async () => {
    const report = await exportPageXml(db, dir)
    expect(report.unchanged).toHaveLength(4)
    expect([...report.added, ...report.changed]).toEqual([])
  })
})
