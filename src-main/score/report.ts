import type { BakeOff, Mean } from './bake-off.js'

function percent(rate: number): string {
  return `${(rate * 100).toFixed(2)}%`
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`
}

/** The first `textColumns` columns are left-aligned words, the rest right-aligned numbers. */
function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 1
): string {
  const rule = header.map((_, i) => (i < textColumns ? '---' : '---:'))
  return [row(header), `|${rule.join('|')}|`, ...rows.map(row)].join('\n')
}

const meanCell = (m: Mean | null, pick: (m: Mean) => number): string => (m ? percent(pick(m)) : '–')

/** The bake-off as Markdown: one table per entry, per extractor and per flag. */
export function bakeOffMarkdown(result: BakeOff): string {
  const xs = result.extractors
  const entries = table(
    ['entry', 'flags', ...xs.flatMap((x) => [`${x} CER`, `${x} WER`])],
    result.entries.map((e) => [
      e.entry,
      e.flags.join(' '),
      ...xs.flatMap((x) => {
        const s = e.scores[x]
        return s ? [percent(s.cer.rate), percent(s.wer.rate)] : ['–', '–']
      })
    ]),
    2
  )
  const extractors = table(
    ['extractor', 'entries', 'mean CER', 'mean WER', 'pooled CER', 'pooled WER'],
    xs.map((x) => {
      const m = result.means[x] ?? null
      return [
        x,
        String(m?.entries ?? 0),
        meanCell(m, (v) => v.cer),
        meanCell(m, (v) => v.wer),
        meanCell(m, (v) => v.pooledCer),
        meanCell(m, (v) => v.pooledWer)
      ]
    })
  )
  const flagRows = Object.entries(result.byFlag).map(([code, perExtractor]) => [
    code,
    String(perExtractor?.[xs[0] ?? '']?.entries ?? 0),
    ...xs.map((x) => meanCell(perExtractor?.[x] ?? null, (v) => v.cer))
  ])
  const flags =
    flagRows.length > 0
      ? table(['flag', 'entries', ...xs.map((x) => `${x} CER`)], flagRows)
      : '_No entry carries a flag._'
  return [
    `## Entries (${result.entries.length})`,
    '',
    entries,
    '',
    '## Extractors',
    '',
    extractors,
    '',
    '## Mean CER per flag',
    '',
    flags,
    ''
  ].join('\n')
}
