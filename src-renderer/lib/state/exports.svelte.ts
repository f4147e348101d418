import type { ExportFormat, ExportSummary } from '@shared/contract'
import { call, on } from '../backend/client'
import { messageOf } from '@shared/error-message'

/**
 * The exports besides the gold set: where each goes, the one running (one at a time, as each
 * reads the whole project) with its progress, and what the last run of each wrote.
 */
class ExportsState {
  #targets = $state<Record<ExportFormat, string>>({ jsonl: '', markdown: '', 'page-xml': '' })
  #running = $state<ExportFormat | null>(null)
  #progress = $state.raw<{ done: number; total: number } | null>(null)
  #summaries = $state.raw<Partial<Record<ExportFormat, ExportSummary>>>({})
  #error = $state<string | null>(null)

  get targets(): Record<ExportFormat, string> {
    return this.#targets
  }
  get running(): ExportFormat | null {
    return this.#running
  }
  get progress(): { done: number; total: number } | null {
    return this.#progress
  }
  get summaries(): Partial<Record<ExportFormat, ExportSummary>> {
    return this.#summaries
  }
  get error(): string | null {
    return this.#error
  }

  /** Fills in the default places, keeping any the reviewer has typed. */
  async load(): Promise<void> {
    const defaults = await call('exports.targets', {})
    for (const format of Object.keys(defaults) as ExportFormat[]) {
      if (this.#targets[format] === '') this.#targets[format] = defaults[format]
    }
  }

  async run(format: ExportFormat): Promise<void> {
    const target = this.#targets[format].trim()
    if (this.#running || target === '') return
    this.#running = format
    this.#progress = null
    this.#error = null
    try {
      const summary = await call('exports.run', { format, target })
      this.#summaries = { ...this.#summaries, [format]: summary }
    } catch (error) {
      this.#error = messageOf(error)
    } finally {
      this.#running = null
    }
  }

  listen(): () => void {
    return on('export.progress', ({ format, done, total }) => {
      if (this.#running === format) this.#progress = { done, total }
    })
  }
}

export const exportsState = new ExportsState()
