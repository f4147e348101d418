import type { Random } from './random.js'

/** One way of damaging a PDF's bytes; null when the file offers nothing to damage that way. */
export type ByteMutation = Readonly<{
  name: string
  apply: (rng: Random, bytes: Buffer) => Buffer | null
}>

/** Numbers past every integer and float width a parser might store them in. */
const HUGE_NUMBERS = [
  '2147483648',
  '-2147483649',
  '4294967296',
  '9223372036854775808',
  '340282366920938463463374607431768211456',
  '1e308',
  '-99999999999999999999.5',
  '0.000000000000000000000000000000000001',
  '99999999'
]

const OBJECT = /\d+\s+\d+\s+obj\b[\s\S]*?\bendobj\b/g
const NUMBER = /(?<![\w.#/])-?\d+(?:\.\d+)?(?![\w.])/g
const STREAM_START = /\bstream\r?\n/g

function spans(text: string, pattern: RegExp): [number, number][] {
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length])
}

const latin1 = (bytes: Buffer) => bytes.toString('latin1')

function splice(bytes: Buffer, start: number, end: number, insert: Buffer | string): Buffer {
  const middle = typeof insert === 'string' ? Buffer.from(insert, 'latin1') : insert
  return Buffer.concat([bytes.subarray(0, start), middle, bytes.subarray(end)])
}

export const BYTE_MUTATIONS: readonly ByteMutation[] = [
  {
    name: 'bit-flips',
    apply(rng, bytes) {
      if (bytes.length === 0) return null
      const out = Buffer.from(bytes)
      const flips = rng.between(1, 64)
      for (let i = 0; i < flips; i++) out[rng.int(out.length)]! ^= 1 << rng.int(8)
      return out
    }
  },
  {
    name: 'truncation',
    apply(rng, bytes) {
      if (bytes.length < 16) return null
      return bytes.subarray(0, rng.between(8, bytes.length - 1))
    }
  },
  {
    name: 'duplicated-object',
    apply(rng, bytes) {
      const objects = spans(latin1(bytes), OBJECT)
      if (objects.length === 0) return null
      const [start, end] = rng.pick(objects)
      const [at] = rng.pick(objects)
      return splice(bytes, at, at, Buffer.concat([bytes.subarray(start, end), Buffer.from('\n')]))
    }
  },
  {
    name: 'deleted-object',
    apply(rng, bytes) {
      const objects = spans(latin1(bytes), OBJECT)
      if (objects.length === 0) return null
      const [start, end] = rng.pick(objects)
      return splice(bytes, start, end, '')
    }
  },
  {
    name: 'huge-number',
    apply(rng, bytes) {
      const numbers = spans(latin1(bytes), NUMBER)
      if (numbers.length === 0) return null
      let out = bytes
      const count = rng.between(1, 8)
      // From the end backwards, so earlier offsets stay valid.
      const chosen = Array.from({ length: count }, () => rng.pick(numbers)).sort(
        (a, b) => b[0] - a[0]
      )
      for (const [start, end] of chosen) out = splice(out, start, end, rng.pick(HUGE_NUMBERS))
      return out
    }
  },
  {
    name: 'deep-nesting',
    apply(rng, bytes) {
      const objects = spans(latin1(bytes), OBJECT)
      if (objects.length === 0) return null
      const [start] = rng.pick(objects)
      const at = latin1(bytes).indexOf('obj', start) + 3
      const open = rng.pick(['[', '<<', '[<<'])
      const depth = rng.pick([1_000, 100_000, 1_000_000])
      const close = open === '[' ? ']' : open === '<<' ? '>>' : '>>]'
      const balanced = rng.int(2) === 0
      return splice(bytes, at, at, open.repeat(depth) + (balanced ? close.repeat(depth) : ''))
    }
  },
  {
    name: 'broken-stream',
    apply(rng, bytes) {
      const text = latin1(bytes)
      const starts = spans(text, STREAM_START)
      if (starts.length === 0) return null
      const [, dataStart] = rng.pick(starts)
      const dataEnd = text.indexOf('endstream', dataStart)
      if (dataEnd < 0) return null
      const length = dataEnd - dataStart
      switch (rng.int(3)) {
        case 0: {
          const junk = Buffer.alloc(rng.between(1, Math.max(1, Math.min(length, 4096))))
          for (let i = 0; i < junk.length; i++) junk[i] = rng.int(256)
          const at = dataStart + rng.int(Math.max(1, length - junk.length))
          return splice(bytes, at, at + junk.length, junk)
        }
        case 1:
          return splice(bytes, dataEnd, dataEnd + 'endstream'.length, '')
        default:
          return splice(bytes, dataStart + rng.int(Math.max(1, length)), dataEnd, '')
      }
    }
  }
]
