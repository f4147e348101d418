import type { JobSnapshot } from '@shared/contract'
import { call, on } from '../backend/client'

/** Every job the backend knows, kept current from full snapshots; a late window hydrates first. */
class JobsState {
  #byId = $state.raw<Readonly<Record<string, JobSnapshot>>>({})

  get all(): JobSnapshot[] {
    return Object.values(this.#byId).sort((a, b) => b.startedAt.localeCompare(a.startedAt))
  }

  get active(): JobSnapshot[] {
    return this.all.filter((job) => job.status === 'queued' || job.status === 'running')
  }

  apply(snapshot: JobSnapshot): void {
    const known = this.#byId[snapshot.id]
    // Snapshots are full and ordered per job; a finished job never goes back to running.
    if (known?.finishedAt && !snapshot.finishedAt) return
    this.#byId = { ...this.#byId, [snapshot.id]: snapshot }
  }

  async cancel(jobId: string): Promise<void> {
    await call('jobs.cancel', { jobId })
  }

  async hydrate(): Promise<void> {
    for (const job of await call('jobs.list', {})) this.apply(job)
  }

  listen(): () => void {
    const stops = [
      on('job.progress', (job) => this.apply(job)),
      on('job.finished', (job) => this.apply(job))
    ]
    void this.hydrate()
    return () => stops.forEach((stop) => stop())
  }

  reset(): void {
    this.#byId = {}
  }
}

export const jobs = new JobsState()
