import { describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { catalogLanguage } from '../../src-main/ocr/recognize-page.js'

function withLang(lang: string | null): mupdf.Document {
  const doc = new mupdf.PDFDocument()
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, doc.addObject({}), ''))
  if (lang !== null) doc.getTrailer().get('Root').put('Lang', doc.newString(lang))
  return mupdf.Document.openDocument(doc.saveToBuffer('').asUint8Array(), 'application/pdf')
}

describe('catalogLanguage', () => {
  it("reads the catalog's /Lang as a Tesseract language, and nothing else as one", () => {
    expect(catalogLanguage(withLang('cs-CZ'))).toBe('ces')
    expect(catalogLanguage(withLang('zh-TW'))).toBe('chi_tra')
    expect(catalogLanguage(withLang('x-klingon'))).toBeNull()
    expect(catalogLanguage(withLang(null))).toBeNull()
  })
})
