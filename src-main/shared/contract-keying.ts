import { z } from 'zod'
import { DocumentId, Empty, PageNo, PageRef } from './contract-ids.js'

/** A page's double keying as a keyer may see it: their own keying, never another's. */
export const KeyingState = z.object({
  required: z.boolean(),
  /** How many keyings are in (0, 1 or 2). */
  keyings: z.int(),
  mine: z.string().nullable(),
  adjudicated: z.boolean()
})
export type KeyingState = z.infer<typeof KeyingState>

const Keying = z.object({ keyer: z.string(), text: z.string(), keyedAt: z.string() })
/** A keyed page's text: bounded well below the server's request body limit. */
const KeyedText = z.string().max(1_000_000)

/** Double keying: two independent keyings of a page and an adjudication. */
export const KEYING_METHODS = {
  /** Marks unreviewed pages as needing two independent keyings and an adjudication. */
  'keying.require': {
    input: z.strictObject({ pages: z.array(PageRef).min(1).max(100_000) }),
    output: z.object({ required: z.int() })
  },
  'keying.state': { input: PageRef, output: KeyingState },
  /** The caller's keying of a double-keyed page; their claim on it is released. */
  'keying.submit': {
    input: z.strictObject({ documentId: DocumentId, pageNo: PageNo, text: KeyedText }),
    output: KeyingState
  },
  /** Both keyings and their agreement (CER of the second against the first): for an adjudicator. */
  'keying.adjudication': {
    input: PageRef,
    output: z.object({
      keyings: z.tuple([Keying, Keying]),
      agreementCer: z.number(),
      machineText: z.string()
    })
  },
  /** Approves the adjudicated text as the page's revision, signed by the adjudicator. */
  'keying.adjudicate': {
    input: z.strictObject({ documentId: DocumentId, pageNo: PageNo, text: KeyedText }),
    output: z.object({ revisionId: z.int() })
  },
  /** Marks `count` unreviewed pages drawn at random (the same `seed` draws the same pages). */
  'keying.sample': {
    input: z.strictObject({
      count: z.int().min(1).max(100_000),
      seed: z.string().min(1).max(200).default('recto')
    }),
    output: z.object({ required: z.int() })
  },
  /** Page counts of the project's double keying: waiting for a keying, for adjudication, done. */
  'keying.summary': {
    input: Empty,
    output: z.object({
      awaitingKeying: z.int(),
      awaitingAdjudication: z.int(),
      adjudicated: z.int()
    })
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
