import { readdirSync, readFileSync } from 'node:fs'

/** The nice value of each live thread of this process (Linux keeps one per thread). */
export function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').flatMap((thread) => {
    try {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8')
      // Fields after the command's closing bracket start at the third; nice is the nineteenth.
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])]
    } catch {
      return [] // the thread ended between the listing and the read
    }
  })
}
