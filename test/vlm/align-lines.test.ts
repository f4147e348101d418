import { describe, expect, it } from 'vitest'
import { alignLines, type OcrLine } from '../../src-main/vlm/align-lines.js'

const line = (text: string, y: number): OcrLine => ({
  bbox: [50, y, 400, y + 12],
  text,
  dir: [1, 0]
})

describe('the model’s lines laid over the lines OCR found', () => {
  it('matches lines by their text, in order, though OCR misread letters and missed a line', () => {
    const ocr = [
      line('Tbe north wa1l was rebuilt in', 100),
      line('the spring of l887, when the', 120),
      line('mi11 closed.', 140)
    ]
    const places = alignLines(
      ['The north wall was rebuilt in', 'the spring of 1887, when the', 'mill closed.'],
      ocr,
      [40, 40, 560, 800]
    )
    expect(places.map((p) => [p.ocr, p.how])).toEqual([
      [0, 'text'],
      [1, 'text'],
      [2, 'text']
    ])
  })

  it('takes OCR’s lines by their place where OCR read them as noise but found as many', () => {
    // Handwriting: OCR finds the lines and reads nothing of them.
    const ocr = [
      line('Dear Sir,', 100),
      line('~m,.. wn~ ;;', 130),
      line('!l1 vvv ~', 160),
      line('yours truly', 190)
    ]
    const places = alignLines(
      ['Dear Sir,', 'I write to tell you', 'of the new mill', 'yours truly'],
      ocr,
      [40, 40, 560, 800]
    )
    expect(places.map((p) => [p.ocr, p.how])).toEqual([
      [0, 'text'],
      [1, 'order'],
      [2, 'order'],
      [3, 'text']
    ])
  })

  it('places lines with no OCR line under them in the space between their neighbours', () => {
    const ocr = [line('Dear Sir,', 100), line('yours truly', 190)]
    const places = alignLines(['Dear Sir,', 'one', 'two', 'yours truly'], ocr, [40, 40, 560, 800])
    expect(places.map((p) => p.how)).toEqual(['text', 'placed', 'placed', 'text'])
    // The gap from the first line's foot (112) to the last line's head (190), shared evenly.
    expect(places[1]!.bbox).toEqual([40, 112, 560, 151])
    expect(places[2]!.bbox).toEqual([40, 151, 560, 190])
  })

  it('without OCR lines, sets the lines from the top of the text area a pitch apart', () => {
    const places = alignLines(['a line', 'another'], [], [40, 40, 560, 440], 15)
    expect(places.map((p) => p.bbox)).toEqual([
      [40, 40, 560, 55],
      [40, 55, 560, 70]
    ])
    // Closer where the area is too short for as many lines at that pitch.
    const tight = alignLines(['a', 'b', 'c', 'd'], [], [40, 40, 560, 80], 15)
    expect(tight.map((p) => p.bbox[3])).toEqual([50, 60, 70, 80])
  })
})
