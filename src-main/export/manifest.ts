import { z } from 'zod'
import { FLAG_CODES } from '../shared/flags.js'
import { PAGE_STATUSES } from '../shared/page.js'

/**
 * One line of `gold/manifest.jsonl`: where a gold entry came from. `page` is the first page of
 * the entry and `pages` all of them (one for a per-page entry, the reviewed pages of the document
 * for a per-document entry); `revision` is the latest revision among them, null when a page was
 * approved without any revision. `doubleKeyed`, only on entries with a double-keyed page: for
 * each such page its two keyers, the adjudicator who approved its text and the keyings' CER.
 */
export const ManifestLine = z.strictObject({
  entry: z.string().min(1),
  source: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  page: z.int().positive(),
  pages: z.array(z.int().positive()).min(1),
  revision: z.int().positive().nullable(),
  status: z.enum(PAGE_STATUSES),
  flags: z.array(z.enum(FLAG_CODES)),
  reviewer: z.string().nullable(),
  time: z.string().nullable(),
  recto: z.string(),
  doubleKeyed: z
    .array(
      z.strictObject({
        page: z.int().positive(),
        keyers: z.array(z.string()),
        adjudicator: z.string().nullable(),
        agreementCer: z.number().nullable()
      })
    )
    .optional()
})
export type ManifestLine = z.infer<typeof ManifestLine>

export const MANIFEST_FILE = 'manifest.jsonl'

/** Parses a manifest, skipping lines that are not ours (a hand-edited folder stays scorable). */
export function parseManifest(text: string): ManifestLine[] {
  const lines: ManifestLine[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      continue
    }
    const parsed = ManifestLine.safeParse(value)
    if (parsed.success) lines.push(parsed.data)
  }
  return lines
}
