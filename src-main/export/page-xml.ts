import type { BBox, BlockRole } from '../shared/layout.js'
import type { PageView, ViewBlock } from './page-view.js'
import { drawnForm } from '../layout/normalize.js'

export const PAGE_NAMESPACE = 'http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15'
const SCHEMA_LOCATION = `${PAGE_NAMESPACE} ${PAGE_NAMESPACE}/pagecontent.xsd`

/** PAGE's TextTypeSimpleType for each block role. */
const REGION_TYPE: Readonly<Record<BlockRole, string>> = {
  body: 'paragraph',
  heading: 'heading',
  header: 'header',
  footer: 'footer',
  table: 'other',
  caption: 'caption',
  footnote: 'footnote',
  noise: 'other',
  // PAGE types a region's text, not its structure: a list is paragraphs, and TextRegion has no
  // type for a listing or for mathematics (a MathsRegion holds no text).
  list: 'paragraph',
  code: 'other',
  formula: 'other',
  // PAGE's type for text set outside the main flow, as a side box is.
  aside: 'floating'
}

/** The rendered page image the coordinates refer to. */
export type PageImage = Readonly<{ file: string; width: number; height: number }>

export type PageXmlInput = Readonly<{
  view: PageView
  image: PageImage
  creator: string
}>

/** XML 1.0 allows tab, newline and carriage return below U+0020, and no U+FFFE/U+FFFF. */
function xmlChar(c: string): boolean {
  const code = c.codePointAt(0)!
  return code >= 0x20
    ? code !== 0xfffe && code !== 0xffff
    : code === 9 || code === 10 || code === 13
}

function escapeXml(text: string): string {
  return [...text]
    .filter(xmlChar)
    .join('')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/**
 * Maps a box in unrotated page points to the rendered (rotated, scaled) image's pixels as the
 * polygon PAGE wants: four integer corners, clockwise from top-left, inside the image.
 */
function polygon(bbox: BBox, input: PageXmlInput): string {
  const { layout } = input.view
  const { width: w, height: h } = layout
  const sx = input.image.width / (layout.rotation % 180 === 0 ? w : h)
  const sy = input.image.height / (layout.rotation % 180 === 0 ? h : w)
  const rotate = (x: number, y: number): [number, number] => {
    switch (layout.rotation) {
      case 90:
        return [h - y, x]
      case 180:
        return [w - x, h - y]
      case 270:
        return [y, w - x]
      default:
        return [x, y]
    }
  }
  const corners = [
    rotate(bbox[0], bbox[1]),
    rotate(bbox[2], bbox[1]),
    rotate(bbox[2], bbox[3]),
    rotate(bbox[0], bbox[3])
  ]
  const xs = corners.map(([x]) => x * sx)
  const ys = corners.map(([, y]) => y * sy)
  const clamp = (v: number, max: number): number => Math.min(Math.max(Math.round(v), 0), max - 1)
  const x0 = clamp(Math.min(...xs), input.image.width)
  const x1 = clamp(Math.max(...xs), input.image.width)
  const y0 = clamp(Math.min(...ys), input.image.height)
  const y1 = clamp(Math.max(...ys), input.image.height)
  return `${x0},${y0} ${x1},${y0} ${x1},${y1} ${x0},${y1}`
}

/** The id of the region that carries a page text rewritten whole. */
export const PAGE_TEXT_REGION = 'page-text'

/** The region of a rewritten page text: the outline of the blocks it replaces, or the page's. */
function pageTextRegion(
  text: string,
  kept: readonly ViewBlock[],
  input: PageXmlInput
): readonly string[] {
  const { layout } = input.view
  const box: BBox =
    kept.length === 0
      ? [0, 0, layout.width, layout.height]
      : [
          Math.min(...kept.map((b) => b.block.bbox[0])),
          Math.min(...kept.map((b) => b.block.bbox[1])),
          Math.max(...kept.map((b) => b.block.bbox[2])),
          Math.max(...kept.map((b) => b.block.bbox[3]))
        ]
  return [
    `    <TextRegion id="${PAGE_TEXT_REGION}" type="paragraph">`,
    `      <Coords points="${polygon(box, input)}"/>`,
    `      <TextEquiv><Unicode>${escapeXml(drawnForm(text))}</Unicode></TextEquiv>`,
    '    </TextRegion>'
  ]
}

/**
 * One page as PAGE-XML 2019 (Transkribus, eScriptorium, OCR-D): a TextRegion per block with its
 * outline, lines and text, and a ReadingOrder that follows the reviewer's order. Excluded blocks
 * keep their region (a header is still on the page) but are left out of the reading order.
 * Edited blocks carry the reviewer's text on the region and no lines, whose text would disagree.
 * A page text rewritten whole replaces the regions of the blocks it was read from.
 */
export function pageXml(input: PageXmlInput): string {
  const { view } = input
  const created = view.document.addedAt
  const changed = view.revisionTime ?? view.document.ingestedAt ?? created
  const regionId = (id: number): string => `r${id}`
  const kept = view.blocks.filter((b) => !b.excluded)
  // A page text the reviewer rewrote whole maps to no block: it stands as one region over the
  // blocks it replaces, the only one read; the excluded blocks keep their regions as before.
  const rewritten = view.pageText === null ? null : pageTextRegion(view.pageText, kept, input)
  const ordered = rewritten === null ? kept.map((b) => regionId(b.block.id)) : [PAGE_TEXT_REGION]
  const regions = rewritten === null ? view.blocks : view.blocks.filter((b) => b.excluded)
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<PcGts xmlns="${PAGE_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA_LOCATION}">`,
    '  <Metadata>',
    `    <Creator>${escapeXml(input.creator)}</Creator>`,
    `    <Created>${created}</Created>`,
    `    <LastChange>${changed}</LastChange>`,
    `    <Comments>${escapeXml(`${view.document.name}, page ${view.page}, status ${view.state.status}`)}</Comments>`,
    '  </Metadata>',
    `  <Page imageFilename="${escapeXml(input.image.file)}" imageWidth="${input.image.width}" imageHeight="${input.image.height}">`
  ]
  if (ordered.length > 0) {
    out.push('    <ReadingOrder>', '      <OrderedGroup id="ro" caption="Regions reading order">')
    ordered.forEach((id, index) => {
      out.push(`        <RegionRefIndexed index="${index}" regionRef="${id}"/>`)
    })
    out.push('      </OrderedGroup>', '    </ReadingOrder>')
  }
  if (rewritten !== null) out.push(...rewritten)
  for (const b of regions) {
    const id = regionId(b.block.id)
    out.push(`    <TextRegion id="${id}" type="${REGION_TYPE[b.role]}">`)
    out.push(`      <Coords points="${polygon(b.block.bbox, input)}"/>`)
    if (!Object.hasOwn(view.state.blockText, b.block.id)) {
      b.block.lines.forEach((line, i) => {
        const text = drawnForm(line.spans.map((s) => s.text).join(''))
        out.push(`      <TextLine id="${id}l${i}">`)
        out.push(`        <Coords points="${polygon(line.bbox, input)}"/>`)
        out.push(`        <TextEquiv><Unicode>${escapeXml(text)}</Unicode></TextEquiv>`)
        out.push('      </TextLine>')
      })
    }
    out.push(`      <TextEquiv><Unicode>${escapeXml(drawnForm(b.text))}</Unicode></TextEquiv>`)
    out.push('    </TextRegion>')
  }
  out.push('  </Page>', '</PcGts>', '')
  return out.join('\n')
}
