/**
 * Levenshtein distance between two symbol sequences, computed with Myers' bit-vector algorithm in
 * Hyyrö's blocked form: the pattern is cut into 32-symbol blocks and every block sweeps the text
 * once, so time is O(n·⌈m/32⌉) and memory O(n/32 + alphabet). Whole documents (tens of thousands
 * of characters) score in milliseconds where the two-row dynamic programme takes seconds.
 *
 * Symbols are dense integer ids (0 ≤ id < alphabet), see {@link symbolise}.
 */
export function editDistance(text: Int32Array, pattern: Int32Array, alphabet: number): number {
  const n = text.length
  const m = pattern.length
  if (m === 0) return n
  if (n === 0) return m
  const peq = new Int32Array(alphabet)
  // Horizontal deltas (+1 / −1 bits per text column) leaving the bottom of the previous block;
  // above the first block every column steps by +1 (row 0 of the matrix is 0, 1, 2, …).
  const plusCarry = new Int32Array(Math.ceil(n / 32)).fill(-1)
  const minusCarry = new Int32Array(Math.ceil(n / 32))
  let score = 0
  for (let start = 0; start < m; start += 32) {
    const rows = Math.min(32, m - start)
    for (let k = 0; k < rows; k++) peq[pattern[start + k]!]! |= 1 << k
    let pv = -1
    let mv = 0
    const last = rows - 1
    score = start + rows
    for (let i = 0; i < n; i++) {
      const word = i >>> 5
      const bit = i & 31
      const eq = peq[text[i]!]!
      const pb = (plusCarry[word]! >>> bit) & 1
      const mb = (minusCarry[word]! >>> bit) & 1
      const xv = eq | mv
      const xh = ((((eq | mb) & pv) + pv) ^ pv) | eq | mb
      let ph = mv | ~(xh | pv)
      let mh = pv & xh
      const pOut = (ph >>> last) & 1
      const mOut = (mh >>> last) & 1
      score += pOut - mOut
      if (pOut !== pb) plusCarry[word]! ^= 1 << bit
      if (mOut !== mb) minusCarry[word]! ^= 1 << bit
      ph = (ph << 1) | pb
      mh = (mh << 1) | mb
      pv = mh | ~(xv | ph)
      mv = ph & xv
    }
    for (let k = 0; k < rows; k++) peq[pattern[start + k]!] = 0
  }
  return score
}

/** Maps the values of both sequences onto dense ids shared by the two, for {@link editDistance}. */
export function symbolise<T>(
  a: readonly T[],
  b: readonly T[]
): { a: Int32Array; b: Int32Array; alphabet: number } {
  const ids = new Map<T, number>()
  const encode = (values: readonly T[]): Int32Array => {
    const out = new Int32Array(values.length)
    values.forEach((v, i) => {
      let id = ids.get(v)
      if (id === undefined) {
        id = ids.size
        ids.set(v, id)
      }
      out[i] = id
    })
    return out
  }
  const ea = encode(a)
  const eb = encode(b)
  return { a: ea, b: eb, alphabet: ids.size }
}

/**
 * Edit distance of two symbolised sequences. A common prefix and suffix cost nothing and are cut
 * first: a good extraction shares most of its text with the gold, so this often leaves little.
 */
export function sequenceDistance(a: Int32Array, b: Int32Array, alphabet: number): number {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const restA = a.subarray(start, endA)
  const restB = b.subarray(start, endB)
  // The shorter one is the pattern: fewer 32-symbol blocks to sweep.
  return restA.length >= restB.length
    ? editDistance(restA, restB, alphabet)
    : editDistance(restB, restA, alphabet)
}

/** Edit distance in code points (not UTF-16 units), so one astral character counts once. */
export function levenshtein(a: string, b: string): number {
  const s = symbolise([...a], [...b])
  return sequenceDistance(s.a, s.b, s.alphabet)
}
