import { sequenceDistance, symbolise } from './levenshtein.js'
import { normaliseForScore } from './normalise.js'

export type ErrorRate = Readonly<{
  /** Edit distance after normalisation, in characters (CER) or words (WER). */
  distance: number
  /** Length of the normalised gold text in the same unit. */
  length: number
  /** distance / length; for an empty gold text 0 when the candidate is empty too, else 1. */
  rate: number
}>

function rate(gold: readonly string[], candidate: readonly string[]): ErrorRate {
  const s = symbolise(gold, candidate)
  const distance = sequenceDistance(s.a, s.b, s.alphabet)
  const length = gold.length
  if (length === 0) return { distance, length, rate: candidate.length === 0 ? 0 : 1 }
  return { distance, length, rate: distance / length }
}

/** Character error rate over code points of the normalised texts. */
export function characterErrorRate(gold: string, candidate: string): ErrorRate {
  return rate([...normaliseForScore(gold)], [...normaliseForScore(candidate)])
}

/** Word error rate over the whitespace-separated words of the normalised texts. */
export function wordErrorRate(gold: string, candidate: string): ErrorRate {
  const words = (text: string): string[] => {
    const n = normaliseForScore(text)
    return n === '' ? [] : n.split(' ')
  }
  return rate(words(gold), words(candidate))
}
