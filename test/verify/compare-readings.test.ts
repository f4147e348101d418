import { describe, expect, it } from 'vitest'
import { compareReadings, mapDisagrees } from '../../src-main/verify/compare-readings.js'

describe('a map compared with its glyphs read back', () => {
  it('finds a shifted alphabet wrong, word for word', () => {
    const found = compareReadings([
      { map: 'Mjcsbsz Pqfojoh Ipvst', glyphs: 'Library Opening Hours' },
      { map: 'gps uif Tvnnfs Ufsn', glyphs: 'for the Summer Term' }
    ])
    expect(found).toMatchObject({ sampled: 7, differ: 7, map: 'Mjcsbsz Pqfojoh Ipvst' })
    expect(found.likeness).toBeLessThan(0.5)
    expect(mapDisagrees(found)).toBe(true)
  })

  it('finds wrong Arabic letters wrong', () => {
    const found = compareReadings([
      { map: 'صوو عييهاوخ فقثب', glyphs: 'يعرض هذا التقرير نشاط' },
      { map: 'ضصث غعفق ثقفغ', glyphs: 'سنواصل العمل على تحسين' }
    ])
    expect(mapDisagrees(found)).toBe(true)
  })

  it('passes OCR slips, small capitals the map glues, and Persian words in another order', () => {
    const slips = compareReadings([
      {
        map: 'The quick brown fox jumps over the lazy dog',
        glyphs: 'The quiek brown fox jumps ovcr the lazy dog'
      }
    ])
    expect(mapDisagrees(slips)).toBe(false)
    const glued = compareReadings([
      { map: 'brazilianjournalofmicrobiology', glyphs: 'BRAZILIAN JOURNAL OF MICROBIOLOGY' }
    ])
    expect(glued.differ).toBe(0)
    expect(mapDisagrees(glued)).toBe(false)
    // ff3d6e05's BZar: presentation forms with tatweels, words right to left, no spaces.
    const persian = compareReadings([
      {
        map: '\uFEB7\u0640\uFE92\uFB91\uFEEA\u0627\u0632\u0627\u0633\u062A\u0641\u0627\u062F\u0647',
        glyphs: 'استفاده از شبكه'
      }
    ])
    expect(persian.likeness).toBeGreaterThan(0.9)
    expect(mapDisagrees(persian)).toBe(false)
  })

  it('says nothing of lines OCR read no word of', () => {
    const found = compareReadings([{ map: 'Mjcsbsz Pqfojoh Ipvst', glyphs: '' }])
    expect(found).toMatchObject({ sampled: 0, differ: 0 })
    expect(mapDisagrees(found)).toBe(false)
  })
})
