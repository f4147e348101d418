import { describe, expect, it } from 'vitest'
import { documentStems, pageEntryName, safeStem } from '../../src-main/export/entry-name.js'

describe('entry names', () => {
  it.each([
    ['../../x', 'x'],
    ['..', 'document'],
    ['../..', 'document'],
    ['a/b\\c.PDF', 'c'],
    ['.hidden.pdf', 'hidden'],
    ['Annual report (2024).pdf', 'Annual-report-2024'],
    ['ﬁnal\u0000name.pdf', 'final-name'],
    ['Über straße.pdf', 'Über-straße'],
    ['', 'document'],
    ['CON.pdf', '_CON'],
    ['nul', '_nul'],
    ['com1.report.pdf', '_com1.report'],
    ['console.pdf', 'console']
  ])('%j becomes %j', (name, stem) => {
    expect(safeStem(name)).toBe(stem)
  })

  it('keeps a stem within 120 bytes of UTF-8, whole characters only', () => {
    expect(safeStem(`${'𠀀'.repeat(100)}.pdf`)).toBe('𠀀'.repeat(30))
    expect(safeStem(`${'é'.repeat(70)}.pdf`)).toBe('é'.repeat(60))
    expect(safeStem(`${'a'.repeat(100)}.pdf`)).toBe('a'.repeat(80))
  })

  it('gives documents with clashing stems their hash as a suffix', () => {
    const stems = documentStems([
      { id: 1, name: 'a.pdf', sha256: '1'.repeat(64) },
      { id: 2, name: 'dir/A.pdf', sha256: '2'.repeat(64) },
      { id: 3, name: 'b.pdf', sha256: '3'.repeat(64) }
    ])
    expect([...stems.values()]).toEqual(['a-11111111', 'A-22222222', 'b'])
  })

  it('pads page numbers to three digits', () => {
    expect(pageEntryName('x', 7)).toBe('x-p007')
    expect(pageEntryName('x', 1234)).toBe('x-p1234')
  })
})
