import type { ReadableDB } from './db.js'

/** How far two keyers' transcriptions of the same pages agree: the CER of one against the other. */
export type Agreement = Readonly<{ pages: number; meanCer: number; maxCer: number }>

export type AgreementReport = Readonly<{
  /** Each pair of keyers (names in order) over the pages both keyed. */
  pairs: readonly Readonly<{ keyers: readonly [string, string] } & Agreement>[]
  overall: Agreement | null
}>

type Row = { a: string; b: string; cer: number }

function agreement(cers: readonly number[]): Agreement {
  const mean = cers.reduce((sum, cer) => sum + cer, 0) / cers.length
  return {
    pages: cers.length,
    meanCer: Math.round(mean * 10_000) / 10_000,
    maxCer: Math.round(Math.max(...cers) * 10_000) / 10_000
  }
}

/** The agreement over every double-keyed page with both keyings in, per pair and overall. */
export function agreementReport(db: ReadableDB): AgreementReport {
  const rows = db
    .prepare(
      `SELECT k1.keyer AS a, k2.keyer AS b, d.agreement_cer AS cer
       FROM double_keyed_pages d
       JOIN keyings k1 ON k1.document_id = d.document_id AND k1.page_no = d.page_no AND k1.seq = 1
       JOIN keyings k2 ON k2.document_id = d.document_id AND k2.page_no = d.page_no AND k2.seq = 2
       WHERE d.agreement_cer IS NOT NULL`
    )
    .all() as Row[]
  const byPair = new Map<string, { keyers: [string, string]; cers: number[] }>()
  for (const row of rows) {
    const keyers = [row.a, row.b].sort() as [string, string]
    const key = JSON.stringify(keyers)
    const pair = byPair.get(key) ?? { keyers, cers: [] }
    pair.cers.push(row.cer)
    byPair.set(key, pair)
  }
  return {
    pairs: [...byPair.values()]
      .map((pair) => ({ keyers: pair.keyers, ...agreement(pair.cers) }))
      .sort((x, y) => x.keyers.join().localeCompare(y.keyers.join())),
    overall: rows.length > 0 ? agreement(rows.map((row) => row.cer)) : null
  }
}
