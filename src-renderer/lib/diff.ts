export type DiffPart = Readonly<{ kind: 'same' | 'added' | 'removed'; text: string }>

/** Above this many word pairs the middle of a diff is shown as one replacement, not aligned. */
const MAX_CELLS = 4_000_000

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? []
}

/**
 * A word diff of `before` → `after` for display: the common head and tail are cut first (an edit
 * is usually a few words), then the rest is aligned by longest common subsequence.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before)
  const b = tokens(after)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++
  }
  const midA = a.slice(head, a.length - tail)
  const midB = b.slice(head, b.length - tail)
  const parts: DiffPart[] = []
  const push = (kind: DiffPart['kind'], text: string): void => {
    if (!text) return
    const last = parts.at(-1)
    if (last && last.kind === kind) parts[parts.length - 1] = { kind, text: last.text + text }
    else parts.push({ kind, text })
  }
  push('same', a.slice(0, head).join(''))
  if (midA.length * midB.length > MAX_CELLS) {
    push('removed', midA.join(''))
    push('added', midB.join(''))
  } else {
    for (const part of align(midA, midB)) push(part.kind, part.text)
  }
  push('same', a.slice(a.length - tail).join(''))
  return parts
}

function align(a: readonly string[], b: readonly string[]): DiffPart[] {
  const width = b.length + 1
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!)
    }
  }
  const parts: DiffPart[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i]! })
      i++
      j++
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      parts.push({ kind: 'removed', text: a[i++]! })
    } else {
      parts.push({ kind: 'added', text: b[j++]! })
    }
  }
  while (i < a.length) parts.push({ kind: 'removed', text: a[i++]! })
  while (j < b.length) parts.push({ kind: 'added', text: b[j++]! })
  return parts
}
