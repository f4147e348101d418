// Jazzer.js target: what a project file or a caller of the API hands the engine. The first byte
// picks the way in: a stored layout blob as it is, a payload the target compresses into the
// current format (so mutations reach the JSON and edge decoding behind zlib's checksum), a layout
// JSON in the format before it, or the input of an API method as JSON.
import { isDeepStrictEqual } from 'node:util'
import { deflateSync } from 'node:zlib'
import { validateInput } from '../../../src-main/api/validate-input.js'
import { METHOD_NAMES } from '../../../src-main/shared/contract.js'
import {
  StoredLayoutError,
  decodeLayout,
  encodeLayout
} from '../../../src-main/store/layout-codec.js'

export type StoredOutcome = 'decoded' | 'refused' | 'valid' | 'invalid'

/**
 * A layout blob decodes, or is refused with StoredLayoutError; what decodes encodes again to a
 * blob that decodes to the same layout (JSON-wise: a stored layout is JSON).
 */
function decodeBlob(blob: Uint8Array): StoredOutcome {
  let layout
  try {
    layout = decodeLayout(blob)
  } catch (error) {
    if (error instanceof StoredLayoutError) return 'refused'
    throw error
  }
  const again = decodeLayout(encodeLayout(layout))
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(again)), JSON.parse(JSON.stringify(layout)))) {
    throw new Error('a decoded layout encodes to a different one')
  }
  return 'decoded'
}

/** The dispatcher's validation never throws, and what it accepts it accepts again unchanged. */
function validate(method: string, text: string): StoredOutcome {
  let input: unknown
  try {
    input = JSON.parse(text)
  } catch {
    input = text
  }
  const first = validateInput(method, input)
  if (!first.ok) return 'invalid'
  const second = validateInput(method, first.input)
  if (!second.ok || !isDeepStrictEqual(second.input, first.input)) {
    throw new Error(`${method}: an accepted input is not accepted again as it was`)
  }
  return 'valid'
}

export function runStored(data: Uint8Array): StoredOutcome {
  if (data.length === 0) return 'refused'
  const rest = data.subarray(1)
  switch (data[0]! % 4) {
    case 0:
      return decodeBlob(rest)
    case 1:
      return decodeBlob(Buffer.concat([Buffer.of(2), deflateSync(rest, { level: 1 })]))
    case 2:
      return decodeBlob(deflateSync(rest))
    default: {
      const method = METHOD_NAMES[(rest[0] ?? 0) % METHOD_NAMES.length]!
      return validate(method, Buffer.from(rest.subarray(1)).toString('utf8'))
    }
  }
}

export function fuzz(data: Buffer): void {
  runStored(data)
}
