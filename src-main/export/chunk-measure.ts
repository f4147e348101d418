import { Tiktoken } from 'js-tiktoken/lite'
import type { EncodingName } from './chunk-encodings.js'
import { charCount } from './chunk-split.js'

/**
 * How a chunk's size is counted and how large it may grow: code points (the default, the same
 * for every model) or tokens of a named tokenizer, so that no chunk overflows a model's window.
 */
export type ChunkMeasure = Readonly<{
  /** `characters`, or the tokenizer's encoding name (`cl100k_base`). */
  unit: string
  count: (text: string) => number
  limit: number
}>

export function characterMeasure(limit: number): ChunkMeasure {
  return { unit: 'characters', count: charCount, limit }
}

/**
 * A measure in tokens of a bundled encoding, loaded on first use (each is a few megabytes).
 * Special tokens in the text ("<|endoftext|>") count as the text they are, never as one token.
 */
export async function tokenMeasure(encoding: EncodingName, limit: number): Promise<ChunkMeasure> {
  const ranks = (await RANKS[encoding]()).default
  const tokenizer = new Tiktoken(ranks)
  return { unit: encoding, count: (text) => tokenizer.encode(text, [], []).length, limit }
}

type Ranks = { default: ConstructorParameters<typeof Tiktoken>[0] }

const RANKS: Record<EncodingName, () => Promise<Ranks>> = {
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
  p50k_base: () => import('js-tiktoken/ranks/p50k_base'),
  r50k_base: () => import('js-tiktoken/ranks/r50k_base'),
  gpt2: () => import('js-tiktoken/ranks/gpt2')
}
