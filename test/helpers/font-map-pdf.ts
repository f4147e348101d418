import { mupdf } from '../../src-main/extract/mupdf.js'

/** Known English text, two pages, for the font-map repair tests. */
export const FONT_MAP_TRUTH: readonly string[] = [
  'The quick brown fox jumps over the lazy dog while the farmer counts his sheep. ' +
    'Reviewers read every flagged page beside its rendering, and the corrections they make ' +
    'become gold transcriptions. A font without a map back to Unicode still draws the right ' +
    'shapes on the page, so a reader sees clean text where an extractor sees nonsense. ' +
    'Recognising the rendered words and aligning them with the character codes of the font ' +
    'recovers the missing map, one vote for every glyph that is seen.',
  'Every document that embeds the same font program can then be read again with the map, ' +
    'keeping the exact position of each glyph. Judge the quality of a map by the words it ' +
    'makes: with many pages of evidence, rare letters such as q, x, z and j are found as well ' +
    'as the common ones. Numbers like 1984, 2025 and 365 appear in dates, prices and page ' +
    'references, and punctuation marks follow the words they end.'
]

const LINE_CHARS = 72

function wrap(text: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > LINE_CHARS) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The lines each page of the fixture draws, as the text of the page should read. */
export function fontMapLines(pages: readonly string[] = FONT_MAP_TRUTH): string[][] {
  return pages.map(wrap)
}

export type ToUnicodeDamage = 'missing' | 'shifted' | 'holes'

/** The letters the `holes` map leaves out: every word with one reads with a U+FFFD. */
export const HOLE_LETTERS = 'cv'

function hex4(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0')
}

/**
 * A two-page PDF of FONT_MAP_TRUTH in MuPDF's Times (Nimbus Roman) embedded as a subset Type0
 * font with Identity-H codes (glyph ids), whose /ToUnicode is deleted (`missing`: every glyph
 * reads U+FFFD), replaced by one that gives each letter the next letter's code point
 * (`shifted`: "Uif rvjdl" for "The quick", the broken map of a garbled page), or by a right one
 * without HOLE_LETTERS (`holes`: "qui\ufffdk", "o\ufffder"). `pages` replaces the text; a
 * ligature in it ("ﬁ") is drawn as the font's one ligature glyph.
 */
export function fontMapPdf(
  damage: ToUnicodeDamage,
  pages: readonly string[] = FONT_MAP_TRUTH
): Uint8Array {
  const doc = new mupdf.PDFDocument()
  const times = new mupdf.Font('Times-Roman')
  const font = doc.addFont(times)
  const resources = doc.addObject({ Font: { F1: font } })
  const used = new Map<number, string>()
  for (const lines of fontMapLines(pages)) {
    const ops = ['BT', '/F1 12 Tf', '72 770 Td', '18 TL']
    for (const line of lines) {
      let codes = ''
      for (const ch of line) {
        const gid = times.encodeCharacter(ch)
        used.set(gid, ch)
        codes += hex4(gid)
      }
      ops.push(`<${codes}> Tj T*`)
    }
    ops.push('ET')
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, ops.join('\n')))
  }
  doc.subsetFonts()
  const reloaded = mupdf.Document.openDocument(
    doc.saveToBuffer('garbage,compress').asUint8Array().slice(),
    'application/pdf'
  ).asPDF()!
  const type0 = (reloaded.loadPage(0) as mupdf.PDFPage)
    .getObject()
    .getInheritable('Resources')
    .get('Font')
    .get('F1')
  if (damage === 'missing') {
    type0.delete('ToUnicode')
  } else {
    const entries = [...used]
      .sort(([a], [b]) => a - b)
      .filter(([, ch]) => damage !== 'holes' || !HOLE_LETTERS.includes(ch))
      .map(([gid, ch]) => {
        const shifted =
          damage === 'shifted' && /[A-Za-z]/.test(ch) ? ch.charCodeAt(0) + 1 : ch.charCodeAt(0)
        return `<${hex4(gid)}> <${hex4(shifted)}>`
      })
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '/CMapName /Recto-Shifted def /CMapType 2 def',
      '1 begincodespacerange <0000> <FFFF> endcodespacerange',
      `${entries.length} beginbfchar`,
      ...entries,
      'endbfchar',
      'endcmap CMapName currentdict /CMap defineresource pop end end'
    ].join('\n')
    type0.put('ToUnicode', reloaded.addStream(cmap, {}))
  }
  return reloaded.saveToBuffer('garbage,compress').asUint8Array().slice()
}
