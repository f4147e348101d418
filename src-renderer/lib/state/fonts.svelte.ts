import type { FontCode, FontProgramSummary, JobSnapshot } from '@shared/contract'
import { call } from '../backend/client'
import { messageOf } from '@shared/error-message'

export type FontMapView = Readonly<{ program: FontProgramSummary; codes: readonly FontCode[] }>

/**
 * The repaired font maps of the document under review: each program with its codes as the engine
 * stored them. Repairs and edits go to the engine, which extracts the documents again; the page is
 * then reloaded by the caller.
 */
class FontMapsState {
  #documentId = $state<number | null>(null)
  #maps = $state.raw<FontMapView[]>([])
  #busy = $state(false)
  #message = $state<string | null>(null)
  /** The repair under way, a job with progress and Stop (the jobs state has its snapshots). */
  #repairJob = $state<string | null>(null)

  get maps(): readonly FontMapView[] {
    return this.#maps
  }

  get busy(): boolean {
    return this.#busy || this.#repairJob !== null
  }

  get repairJob(): string | null {
    return this.#repairJob
  }

  /** What the last repair or edit did, or why it failed, in plain words. */
  get message(): string | null {
    return this.#message
  }

  async load(documentId: number): Promise<void> {
    if (this.#documentId !== documentId) {
      this.#maps = []
      this.#message = null
    }
    this.#documentId = documentId
    const programs = await call('fonts.list', { documentId })
    const maps = await Promise.all(
      programs.map(async (program) => ({
        program,
        codes: await call('fonts.codes', { program: program.id })
      }))
    )
    if (this.#documentId === documentId) this.#maps = maps
  }

  async repair(documentId: number): Promise<void> {
    await this.#run(async () => {
      this.#message = null
      this.#repairJob = (await call('fonts.repair', { documentId })).jobId
    })
  }

  /** The repair job has ended: what it did, in plain words, and the document's maps as they are. */
  async repaired(documentId: number, job: JobSnapshot): Promise<void> {
    if (job.id !== this.#repairJob) return
    this.#repairJob = null
    if (job.status === 'cancelled') {
      this.#message = 'Repair stopped: no map was changed.'
      return
    }
    if (job.status === 'failed') {
      this.#message = job.errors.map((error) => error.reason).join('; ')
      return
    }
    await this.load(documentId)
    const fonts = this.#maps.length
    this.#message =
      fonts === 0
        ? 'No font of this document needs its map repaired.'
        : `Repaired ${fonts} font${fonts > 1 ? 's' : ''}; the pages that use them were read again.`
  }

  async learnFromReview(documentId: number): Promise<void> {
    await this.#run(async () => {
      const result = await call('fonts.learnFromReview', { documentId })
      this.#message =
        result.codes === 0
          ? 'The corrected words agree with the maps.'
          : `${result.codes} code${result.codes > 1 ? 's' : ''} corrected from your words; ` +
            `${result.documents.length} document${result.documents.length > 1 ? 's' : ''} read again.`
      await this.load(documentId)
    })
  }

  async setCode(program: string, code: number, text: string): Promise<void> {
    const documentId = this.#documentId
    await this.#run(async () => {
      const result = await call('fonts.setCode', { program, code, text })
      this.#message = `Code ${code} now reads “${text}”; ${result.documents.length} document${result.documents.length > 1 ? 's' : ''} read again.`
      if (documentId !== null) await this.load(documentId)
    })
  }

  async cmap(program: string): Promise<{ fileName: string; cmap: string }> {
    return call('fonts.cmap', { program })
  }

  async #run(work: () => Promise<void>): Promise<void> {
    this.#busy = true
    try {
      await work()
    } catch (error) {
      this.#message = messageOf(error)
    } finally {
      this.#busy = false
    }
  }

  reset(): void {
    this.#documentId = null
    this.#maps = []
    this.#busy = false
    this.#message = null
    this.#repairJob = null
  }
}

export const fontMaps = new FontMapsState()
