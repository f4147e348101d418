// `recto ingest` of a folder as the engine runs it (jobs/ingest.ts, one worker per core), with
// or without glyph verification: a bench-only switch, so verification's share of a whole ingest
// can be measured as a whole process (processes.js), not only as a stage.
//   node scripts/bench/ingest-run.js <folder> <project file> [--unverified]
import { availableParallelism } from 'node:os'
import { DEFAULT_POOL, ingest } from '../../out/src-main/jobs/ingest.js'
import { ExtractionPool } from '../../out/src-main/jobs/pool.js'
import { openDatabase } from '../../out/src-main/store/open.js'

/**
 * A pool whose documents report nothing to verify, so the ingest reads nothing back, and whose
 * workers prepare no read-back (`readBack: false`): the run does nothing verification alone would.
 */
class UnverifiedPool extends ExtractionPool {
  async ingest(job, handlers) {
    const outcome = await super.ingest(job, handlers)
    return outcome.ok ? { ...outcome, toVerify: 0 } : outcome
  }
}

const [folder, dbFile, switch_] = process.argv.slice(2)
const db = openDatabase(dbFile)
const unverified = switch_ === '--unverified'
const Pool = unverified ? UnverifiedPool : ExtractionPool
const pool = new Pool({
  ...DEFAULT_POOL,
  workers: availableParallelism(),
  dbPath: db.name,
  readBack: !unverified
})
try {
  const summary = await ingest(db, [folder], { pool })
  console.log(JSON.stringify({ pages: summary.pages, ingested: summary.ingested }))
} finally {
  await pool.close()
  db.close()
}
