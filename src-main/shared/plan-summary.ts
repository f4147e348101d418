import { z } from 'zod'

/**
 * The cascade's stages a page goes to: `ok` (the text layer is fine), `review` (a person should
 * look), `repair` (text whose only fault is a font map Recto can repair from the glyphs, before
 * any OCR) and `ocr` (no usable text layer). `recto check` has no `repair` decision: its pages
 * come out of its `review` and `ocr`.
 */
export const PLAN_DECISIONS = ['ok', 'review', 'repair', 'ocr'] as const
export type PlanDecision = (typeof PLAN_DECISIONS)[number]

const Count = z.strictObject({ pages: z.int().nonnegative(), share: z.number().min(0).max(1) })

const Cost = z.strictObject({
  pages: z.int().nonnegative(),
  inputTokens: z.int().nonnegative(),
  outputTokens: z.int().nonnegative(),
  cost: z.number().nonnegative()
})
export type Cost = z.infer<typeof Cost>

/** What the cascade would do to a set of pages, and what its expensive stages would take. */
export const PlanSummary = z.strictObject({
  documents: z.int().nonnegative(),
  pages: z.int().nonnegative(),
  decisions: z.strictObject({ ok: Count, review: Count, repair: Count, ocr: Count }),
  /** The same pages by `recto check`'s decision, where `repair` pages are `review` or `ocr`. */
  check: z.strictObject({
    ok: z.int().nonnegative(),
    review: z.int().nonnegative(),
    ocr: z.int().nonnegative()
  }),
  ocr: z.strictObject({
    pages: z.int().nonnegative(),
    backend: z.string().nullable(),
    /** Seconds one page took on this machine; null when never measured here. */
    secondsPerPage: z.number().positive().nullable(),
    /** When and on which page the throughput was measured. */
    measured: z.string().nullable(),
    seconds: z.number().nonnegative().nullable()
  }),
  vision: z
    .strictObject({
      currency: z.string(),
      /** The pricing file the schemes come from. */
      config: z.string(),
      schemes: z.array(
        z.strictObject({
          name: z.string(),
          /** Only the pages the checks did not pass (review, repair, ocr). */
          failing: Cost,
          all: Cost
        })
      )
    })
    .nullable(),
  /** Why there are no vision costs: no pricing file, or one that does not parse. */
  visionNote: z.string().nullable(),
  /**
   * A project's pages a vision model has been sent (`recto vlm`, a reviewer's request): what the
   * servers reported they cost, as stored, beside the estimate for the same pages under the
   * model's scheme. Absent from a plan of files and of a project none was sent from.
   */
  visionSpent: z
    .strictObject({
      currency: z.string(),
      /** Pages sent, of them those whose reading was stored, and requests (failures included). */
      pages: z.int().nonnegative(),
      read: z.int().nonnegative(),
      requests: z.int().nonnegative(),
      inputTokens: z.int().nonnegative(),
      outputTokens: z.int().nonnegative(),
      cost: z.number().nonnegative(),
      /** The scheme the estimate is made under; null without a pricing file. */
      scheme: z.string().nullable(),
      estimate: Cost.nullable()
    })
    .optional()
})
export type PlanSummary = z.infer<typeof PlanSummary>
