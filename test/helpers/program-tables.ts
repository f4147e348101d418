import { mupdf } from '../../src-main/extract/mupdf.js'
import { fontDicts } from '../../src-main/repair/font-programs.js'

/**
 * The file with one table of each embedded TrueType program renamed out of reach (`cmap` of a
 * Type0 font with Identity glyph ids, `post` of a re-encoded subset): the glyphs draw as before,
 * but the program no longer says which characters they are, as many subsets do not, so
 * verification has to read them back.
 */
export function withoutProgramTable(bytes: Uint8Array, tag: 'cmap' | 'post'): Uint8Array {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  const pdf = doc.asPDF()!
  for (const { ref } of fontDicts(pdf)) {
    const holder = ref.get('Subtype').asName() === 'Type0' ? ref.get('DescendantFonts').get(0) : ref
    const stream = holder.get('FontDescriptor').get('FontFile2')
    if (!stream.isStream()) continue
    const program = stream.readStream().asUint8Array().slice()
    const view = new DataView(program.buffer)
    for (let i = 0; i < view.getUint16(4); i++) {
      const record = 12 + 16 * i
      const name = String.fromCharCode(...program.subarray(record, record + 4))
      if (name === tag) program[record] = 'x'.charCodeAt(0)
    }
    stream.writeStream(program)
  }
  const out = pdf.saveToBuffer('').asUint8Array().slice()
  doc.destroy()
  return out
}
