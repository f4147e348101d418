import { plural } from '../shared/plural.js'
import type { Output } from '../shared/contract.js'

/**
 * What the desktop app's Export Gold Set dialog says of an export: what was written, each entry
 * that failed, and the double-keyed pages not gold yet, as the Gold screen and `recto export` say.
 */
export function goldExportMessage(report: Output<'gold.export'>): {
  message: string
  detail: string
} {
  const waiting = report.awaitingAdjudication
  return {
    message: `Exported ${plural(report.entries, 'gold entry', 'gold entries')} to ${report.dir}`,
    detail: [
      ...report.errors.map((error) => `${error.entry}: ${error.reason}`),
      ...(waiting.length === 0
        ? []
        : [
            `Not gold yet: ${waiting.join(', ')} ${waiting.length === 1 ? 'waits' : 'wait'} ` +
              'for a second keying or adjudication.'
          ])
    ].join('\n')
  }
}
