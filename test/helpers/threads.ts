import { readdirSync, readFileSync } from 'node:fs'

/** The nice value of each live thread of this process (Linux keeps one per thread). */
export function threadNiceValues(): number[] {
  return [...threadNices().values()]
}

/** The ids of this process's live threads behind the review (nice 10, behind-review.ts). */
export function threadsBehindReview(): string[] {
  return [...threadNices()].filter(([, nice]) => nice === 10).map(([thread]) => thread)
}

function threadNices(): Map<string, number> {
  const nices = new Map<string, number>()
  for (const thread of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8')
      // Fields after the command's closing bracket start at the third; nice is the nineteenth.
      nices.set(thread, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]))
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return nices
}
