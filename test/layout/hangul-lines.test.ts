import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { analysisOf } from '../helpers/pages.js'

describe('Korean lines', () => {
  it('joins a word broken at a line end without a space (docling normal_4pages)', () => {
    const text = analysisOf(corpusPdf('docling__normal_4pages.pdf')).pages[0]!.analysis.text
    expect(text).toContain('세계적 유행(Pandemic) 단계에 돌입하였다고 세계보건기구(WHO)가')
    expect(text).toContain('이에 대하여 보험약관의 현황')
    expect(text).not.toContain('돌 입하였다고')
  })

  it('breaks between words where the line ends in a drawn space, not elsewhere', () => {
    // Lines as a word processor sets Korean: broken between syllables or after a drawn space.
    const lines = [
      '세계적 유행 단계에 돌',
      '입하였다고 세계보건기구가 ',
      '인정한 코로나와 관련하여'
    ]
    const runs = lines.map((text, i) => ({
      x: 72,
      y: 700 - i * 14,
      text,
      size: 10,
      font: 'korean' as const
    }))
    const text = analysisOfDrawn([{ runs }]).pages[0]!.analysis.text
    expect(text).toBe('세계적 유행 단계에 돌입하였다고 세계보건기구가 인정한 코로나와 관련하여')
  })
})
