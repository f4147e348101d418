import { DEFAULT_ENCODING, ENCODINGS, isEncodingName } from '../export/chunk-encodings.js'
import { characterMeasure, tokenMeasure } from '../export/chunk-measure.js'
import type { ChunkOptions } from '../export/chunks-export.js'
import { DEFAULT_CHUNK_SIZE } from '../export/chunker.js'
import { plural } from '../shared/plural.js'
import { UsageError } from './command.js'
import { positiveInteger } from './positive-integer.js'

/** The options of `export --chunks` that size the chunks. */
export const CHUNK_SIZE_OPTIONS = {
  'chunk-size': { type: 'string' },
  'max-tokens': { type: 'string' },
  tokenizer: { type: 'string' },
  overlap: { type: 'string' }
} as const

/** How `export --chunks` sizes its chunks, from its options. */
export async function chunkSizing(values: {
  'chunk-size'?: string
  'max-tokens'?: string
  tokenizer?: string
  overlap?: string
}): Promise<Pick<ChunkOptions, 'measure' | 'overlap'>> {
  const size = positiveInteger(values['chunk-size'], '--chunk-size')
  const tokens = positiveInteger(values['max-tokens'], '--max-tokens')
  const overlap = positiveInteger(values.overlap, '--overlap')
  if (size !== undefined && tokens !== undefined) {
    throw new UsageError('--chunk-size counts characters, --max-tokens tokens: give one of them')
  }
  const name = values.tokenizer
  if (name !== undefined && tokens === undefined) {
    throw new UsageError('--tokenizer counts the tokens of --max-tokens <n>: give it too')
  }
  if (name !== undefined && !isEncodingName(name)) {
    throw new UsageError(`--tokenizer: '${name}' is not one of ${ENCODINGS.join(', ')}`)
  }
  const limit = tokens ?? size ?? DEFAULT_CHUNK_SIZE
  if (overlap !== undefined && overlap >= limit) {
    throw new UsageError(`--overlap ${overlap} leaves no room in a chunk of ${limit}`)
  }
  const measure =
    tokens === undefined
      ? characterMeasure(limit)
      : await tokenMeasure(
          name !== undefined && isEncodingName(name) ? name : DEFAULT_ENCODING,
          tokens
        )
  return { measure, ...(overlap !== undefined && { overlap }) }
}

/** Page numbers as short runs: 1-3, 5. */
function pageRuns(pages: readonly number[]): string {
  const runs: string[] = []
  for (let i = 0; i < pages.length; i++) {
    let j = i
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++
    runs.push(i === j ? `${pages[i]}` : `${pages[i]}-${pages[j]}`)
    i = j
  }
  return runs.join(', ')
}

/** The stderr line naming a document's pages that gave no chunk any text. */
export function textlessLine(path: string, pages: readonly number[], ocr: boolean): string {
  const why = ocr
    ? 'no text even after OCR (empty, or OCR read nothing)'
    : 'no text layer to read (scanned or empty): --ocr reads scans'
  return `recto: ${path}: ${plural(pages.length, 'page')} left out of the chunks, ${why}: page${pages.length > 1 ? 's' : ''} ${pageRuns(pages)}\n`
}
