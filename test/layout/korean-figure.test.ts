import { describe, it } from 'vitest'
import { analysisOfDrawn, type Run } from '../helpers/drawn-pdf.js'
import { flat, KOREAN } from '../helpers/prose.js'
import { expectInOrder } from './order-helpers.js'

/** Korean lines: about one Hangul syllable an em, broken at spaces. */
function hangulColumn(text: string, x: number, top: number, width: number, size = 10): Run[] {
  const perLine = Math.floor(width / size)
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`
    if (line !== '' && [...next].length > perLine) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line !== '') lines.push(line)
  return lines.map((t, i) => ({
    x,
    y: top - i * size * 1.3,
    text: t,
    size,
    font: 'korean' as const
  }))
}

describe('Korean report with a diagram', () => {
  it('reads the diagram labels apart from the body, which they do not cut', () => {
    // A two-column page; the left column holds a diagram between two paragraphs, its labels
    // level with lines of the right column's body.
    const labels: Run[] = [
      { x: 80, y: 560, text: '감염병 발생', size: 8, font: 'korean' },
      { x: 190, y: 560, text: '보험금 청구', size: 8, font: 'korean' },
      { x: 80, y: 520, text: '질병 분류', size: 8, font: 'korean' },
      { x: 190, y: 520, text: '지급 결정', size: 8, font: 'korean' }
    ]
    const runs = [
      ...hangulColumn(KOREAN.insurance, 72, 700, 220),
      ...labels,
      { x: 110, y: 490, text: '그림 1. 지급 절차', size: 9, font: 'korean' as const },
      ...hangulColumn(KOREAN.dispute, 72, 460, 220),
      ...hangulColumn(`${KOREAN.dispute} ${KOREAN.insurance}`, 320, 700, 220)
    ]
    const [page] = analysisOfDrawn([{ runs }]).pages
    const text = page!.analysis.text
    expectInOrder(text, [
      flat(KOREAN.insurance),
      '감염병 발생',
      '지급 결정',
      '그림 1.',
      flat(KOREAN.dispute),
      flat(`${KOREAN.dispute} ${KOREAN.insurance}`)
    ])
  })

  it('keeps a flow chart drawn last, its labels staggered, out of the body around it', () => {
    const labels: Run[] = [
      { x: 76, y: 566, text: '감염병 발생', size: 8, font: 'korean' },
      { x: 200, y: 556, text: '보험금 청구', size: 8, font: 'korean' },
      { x: 120, y: 538, text: '질병 분류', size: 8, font: 'korean' },
      { x: 226, y: 524, text: '지급 결정', size: 8, font: 'korean' }
    ]
    const runs = [
      ...hangulColumn(KOREAN.insurance, 72, 700, 220),
      { x: 110, y: 490, text: '그림 1. 지급 절차', size: 9, font: 'korean' as const },
      ...hangulColumn(KOREAN.dispute, 72, 460, 220),
      ...hangulColumn(`${KOREAN.dispute} ${KOREAN.insurance}`, 320, 700, 220),
      ...labels
    ]
    const [page] = analysisOfDrawn([{ runs }]).pages
    const text = page!.analysis.text
    expectInOrder(text, [
      flat(KOREAN.insurance),
      '감염병 발생',
      '지급 결정',
      '그림 1.',
      flat(KOREAN.dispute),
      flat(`${KOREAN.dispute} ${KOREAN.insurance}`)
    ])
  })
})
