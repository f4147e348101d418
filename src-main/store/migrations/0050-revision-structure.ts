import type { WritableDB } from '../db.js'

/**
 * A revision may hold the reviewer's blocks (roles changed, blocks merged, split, drawn or
 * deleted: shared/page-structure.ts) as JSON; NULL, as every earlier revision reads, is the
 * extraction's blocks.
 */
export function up(db: WritableDB): void {
  db.exec('ALTER TABLE revisions ADD COLUMN structure TEXT')
}
