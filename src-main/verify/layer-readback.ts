import type { LineRecognizer } from '../repair/recognizer.js'
import type { LayerCorrection, LayerReading } from '../shared/layer-reading.js'
import type { PageLayout } from '../shared/layout.js'
import { CORRECTED_WORDS } from '../checks/ocr-layer.js'
import { layerCorrections } from './compare-readings.js'
import { sampleLayerLines } from './layer-lines.js'
import type { LineCrops } from './line-crop.js'
import { readLine } from './read-line.js'

/**
 * A page's invisible OCR layer against its image: its most doubtful lines (layer-lines.ts) are
 * rendered, where the scan shows and the layer does not, and read by OCR; a layer word that is no
 * word where the image reads one a letter or two from it is the layer's misreading. Stops once
 * enough such words are found to judge the layer.
 */
export async function readLayer(
  crops: LineCrops,
  layout: PageLayout,
  recognizer: LineRecognizer
): Promise<LayerReading> {
  let lines = 0
  let sampled = 0
  const corrections: LayerCorrection[] = []
  for (const line of sampleLayerLines(layout)) {
    const found = layerCorrections(await readLine(crops, line, recognizer))
    lines++
    sampled += found.sampled
    for (const correction of found.corrections) corrections.push({ ...correction, bbox: line.bbox })
    if (corrections.length >= CORRECTED_WORDS) break
  }
  return { lines, sampled, corrections }
}
