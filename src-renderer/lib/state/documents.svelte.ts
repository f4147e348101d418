import type { DocumentSummary } from '@shared/contract'
import { call, on } from '../backend/client'
import { coalesce } from './coalesce'
import { messageOf } from '@shared/error-message'

class DocumentsState {
  #list = $state.raw<DocumentSummary[]>([])
  #loaded = $state(false)
  #error = $state<string | null>(null)

  get list(): DocumentSummary[] {
    return this.#list
  }

  get loaded(): boolean {
    return this.#loaded
  }

  get error(): string | null {
    return this.#error
  }

  get totals(): { pages: number; toReview: number; reviewed: number } {
    let pages = 0
    let toReview = 0
    let reviewed = 0
    for (const doc of this.#list) {
      pages += doc.pageCount ?? 0
      toReview += doc.toReview
      reviewed += doc.reviewed
    }
    return { pages, toReview, reviewed }
  }

  async refresh(): Promise<void> {
    try {
      this.#list = await call('documents.list', {})
      this.#error = null
    } catch (error) {
      this.#error = messageOf(error)
    }
    this.#loaded = true
  }

  /** A reviewer who adds PDFs expects their pages readable: the cascade follows the ingest. */
  async add(paths: string[]): Promise<void> {
    await call('documents.add', { paths, cascade: true })
  }

  /** Reads a document recorded in error again, with the password of an encrypted one. */
  async retry(documentId: number, password?: string): Promise<void> {
    await call(
      'documents.retry',
      password === undefined ? { documentId } : { documentId, password }
    )
  }

  async remove(documentId: number): Promise<void> {
    await call('documents.remove', { documentId })
    await this.refresh()
  }

  /**
   * A file picked in the browser: its bytes go to the engine, which keeps and ingests them, and the
   * cascade follows as after any added file.
   */
  async upload(name: string, data: string): Promise<void> {
    await call('documents.upload', { name, data, cascade: true })
  }

  listen(): () => void {
    const refresh = coalesce(() => void this.refresh(), 1000)
    const stops = [
      on('documents.changed', () => refresh.request()),
      on('job.finished', () => refresh.request()),
      () => refresh.cancel()
    ]
    refresh.request()
    return () => stops.forEach((stop) => stop())
  }
}

export const documents = new DocumentsState()
