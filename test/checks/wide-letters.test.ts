import { describe, expect, it } from 'vitest'
import { fontRepaired } from '../../src-main/checks/font-repaired.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { checkInput } from '../helpers/check-input.js'
import { layoutOfBytes, madePdf } from '../helpers/made-pdf.js'

/**
 * A page whose "i" of "ilm" is drawn three times as wide (horizontal scaling 300%): the width
 * of a ligature glyph a repaired map read as one letter.
 */
function page(wide: boolean): PageLayout {
  const bytes = madePdf((doc) => {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
    const scale = wide ? 300 : 100
    return [
      {
        content:
          'BT /F1 12 Tf 72 700 Td (the film is in his list with this title: ) Tj ' +
          `${scale} Tz (i) Tj 100 Tz (lm) Tj ET`,
        resources: { Font: { F1: font } }
      }
    ]
  })
  const layout = layoutOfBytes(bytes)
  return { ...layout, fonts: layout.fonts.map((f) => ({ ...f, repair: 'ocr' as const })) }
}

describe('font_repaired with letters lost to a ligature', () => {
  it('asks for review where a repaired glyph is far wider than its letter', () => {
    const [flag] = fontRepaired(checkInput(page(true)))
    expect(flag?.severity).toBe('warn')
    expect(flag?.evidence['wideLetterWords']).toEqual(['ilm'])
    expect(flag?.message).toMatch(/1 words have a glyph far wider than its letter.*\(ilm\)/u)
  })

  it('stays a note where every glyph is as wide as its letter', () => {
    const [flag] = fontRepaired(checkInput(page(false)))
    expect(flag?.severity).toBe('info')
    expect(flag?.evidence['wideLetterWords']).toEqual([])
  })
})
