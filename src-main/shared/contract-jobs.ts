import { z } from 'zod'
import { Empty } from './contract-ids.js'
import { PlanSummary } from './plan-summary.js'

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const

export const JobError = z.object({ file: z.string(), reason: z.string() })

/** A full snapshot of a job, never a delta: a late listener catches up from any one of them. */
export const JobSnapshot = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Files done and in all. */
  files: z.object({ done: z.int(), total: z.int() }),
  /** Pages done and, as far as known yet, in all. */
  pages: z.object({ done: z.int(), total: z.int() }),
  pagesPerSecond: z.number(),
  /** Seconds left at the current rate; null until a rate is known. */
  etaSeconds: z.number().nullable(),
  errors: z.array(JobError),
  startedAt: z.string(),
  finishedAt: z.string().nullable()
})
export type JobSnapshot = z.infer<typeof JobSnapshot>

/** The cascade's work: what it would do to the project, and the jobs running. */
export const JOB_METHODS = {
  /**
   * What the cascade would do to the project (`recto plan --db`): pages per decision, OCR time
   * from the throughput `recto plan` measured on this machine, vision-model costs under the
   * user's pricing file. Never runs OCR itself.
   */
  'plan.summary': { input: Empty, output: PlanSummary },
  'jobs.list': { input: Empty, output: z.array(JobSnapshot) },
  'jobs.cancel': { input: z.strictObject({ jobId: z.string().min(1) }), output: Empty }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
