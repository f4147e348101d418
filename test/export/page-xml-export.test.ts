import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportPageXml } from '../../src-main/export/page-xml-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { readLayout } from '../../src-main/store/pages.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'

const schema = fileURLToPath(new URL('./page-2019-required.xsd', import.meta.url))

/** xmllint (Debian libxml2-utils): an XML parser and XSD validator independent of Recto. */
function xmllint(...args: string[]): string {
  return execFileSync('xmllint', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Values of one attribute of every element with that local name, in document order. */
function attributes(file: string, element: string, attribute: string): string[] {
  const out = xmllint('--xpath', `//*[local-name()='${element}']/@${attribute}`, file)
  return [...out.matchAll(/="([^"]*)"/gu)].map((m) => m[1]!)
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
      const xml = join(dir, `${entry}.xml`)
      xmllint('--noout', '--schema', schema, xml)
      expect(readFileSync(xml, 'utf8')).toContain(
        'xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"'
      )
      // xmllint does not resolve IDREFs: every reading-order entry must name a region here.
      const regions = new Set(attributes(xml, 'TextRegion', 'id'))
      for (const ref of attributes(xml, 'RegionRefIndexed', 'regionRef')) {
        expect(regions.has(ref), ref).toBe(true)
      }
      const [width, height] = pngSize(join(dir, `${entry}.png`))
      expect(attributes(xml, 'Page', 'imageFilename')).toEqual([`${entry}.png`])
      expect(attributes(xml, 'Page', 'imageWidth')).toEqual([String(width)])
      expect(attributes(xml, 'Page', 'imageHeight')).toEqual([String(height)])
      for (const points of attributes(xml, 'Coords', 'points')) {
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

  it('carries the corrected reading order and text', () => {
    const xml = join(dir, 'pdfbox__eu-001-p002.xml')
    const expected = order.filter((id) => id !== excluded).map((id) => `r${id}`)
    expect(attributes(xml, 'RegionRefIndexed', 'regionRef')).toEqual(expected)
    expect(attributes(xml, 'RegionRefIndexed', 'index')).toEqual(expected.map((_, i) => String(i)))
    expect(attributes(xml, 'TextRegion', 'id')).toEqual(order.map((id) => `r${id}`))
    const first = xmllint(
      '--xpath',
      `string(//*[local-name()='TextRegion'][@id='r${order[0]}']/*[local-name()='TextEquiv']/*[local-name()='Unicode'])`,
      xml
    )
    expect(first.trimEnd()).toBe('Corrected <text> & "quotes"')
    expect(xmllint('--xpath', 'string(//*[local-name()="LastChange"])', xml).trimEnd()).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z$/u
    )
  })

  it('changes nothing when exported again', async () => {
    const report = await exportPageXml(db, dir)
    expect(report.unchanged).toHaveLength(4)
    expect([...report.added, ...report.changed]).toEqual([])
  })
})
