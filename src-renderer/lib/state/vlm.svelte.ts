import { messageOf } from '@shared/error-message'
import type { JobSnapshot } from '@shared/contract'
import { call } from '../backend/client'
import { jobs } from './jobs.svelte'

/**
 * A reviewer's request to have the page read by the vision model: the job it started, or why it
 * could not start (no model configured), for the page it was asked for. One request at a time:
 * the key and the button ask the same.
 */
class VlmRequest {
  #page = $state<{ documentId: number; pageNo: number } | null>(null)
  #jobId = $state<string | null>(null)
  #error = $state<string | null>(null)

  /** The request's job on this page, if there is one. */
  job(documentId: number, pageNo: number): JobSnapshot | null {
    if (this.#page?.documentId !== documentId || this.#page.pageNo !== pageNo) return null
    return jobs.all.find((job) => job.id === this.#jobId) ?? null
  }

  error(documentId: number, pageNo: number): string | null {
    if (this.#page?.documentId !== documentId || this.#page.pageNo !== pageNo) return null
    return this.#error
  }

  running(documentId: number, pageNo: number): boolean {
    const status = this.job(documentId, pageNo)?.status
    return status === 'queued' || status === 'running'
  }

  async send(documentId: number, pageNo: number): Promise<void> {
    if (this.running(documentId, pageNo)) return
    this.#page = { documentId, pageNo }
    this.#jobId = null
    this.#error = null
    try {
      this.#jobId = (await call('pages.vlm', { documentId, pageNo })).jobId
    } catch (failure) {
      this.#error = messageOf(failure)
    }
  }
}

export const vlm = new VlmRequest()
