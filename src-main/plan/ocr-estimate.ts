import type { BackendName } from '../ocr/backend-names.js'
import { defaultBackend } from '../ocr/backends.js'
import { measureThroughput, storedThroughput, type Throughput } from './ocr-throughput.js'

/**
 * When a plan measures OCR: `never` (the Library, which must answer at once: the stored
 * figure or none), `missing` (once per machine and backend, `recto plan`'s default) or
 * `always` (`recto plan --calibrate`, after a change of machine or backend).
 */
export type Calibration = 'never' | 'missing' | 'always'

export type OcrEstimateOptions = Readonly<{
  backend?: BackendName | null
  calibrate?: Calibration
}>

/** A page that needs OCR, to measure on. */
export type OcrSample = Readonly<{ file: string; page: number }>

/** The backend OCR would run with and its throughput on this machine, measured if asked. */
export async function ocrEstimate(
  options: OcrEstimateOptions,
  sample: OcrSample | null
): Promise<{ backend: BackendName; throughput: Throughput | null }> {
  const backend = options.backend ?? defaultBackend()
  const calibrate = options.calibrate ?? 'never'
  const stored = calibrate === 'always' ? null : await storedThroughput(backend)
  if (stored || calibrate === 'never' || sample === null) return { backend, throughput: stored }
  return { backend, throughput: await measureThroughput(backend, sample.file, sample.page) }
}
