import type { LineRecognizer } from '../repair/recognizer.js'
import type { LineReading } from './compare-readings.js'
import type { LineCrops } from './line-crop.js'
import type { SampleLine } from './sample-lines.js'

/** A sampled line as its text gives it and as OCR reads its crop of the rendered page. */
export async function readLine(
  crops: LineCrops,
  line: SampleLine,
  recognizer: LineRecognizer
): Promise<LineReading> {
  const { png, dpi } = await crops(line)
  return { map: line.text, glyphs: await recognizer.readLine(png, dpi) }
}
