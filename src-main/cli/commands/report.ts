import { parseArgs } from 'node:util'
import { agreementReport, type AgreementReport } from '../../store/agreement-report.js'
import { projectLocation } from '../../store/location.js'
import { reviewerReport, type ReviewerFigures } from '../../store/reviewer-report.js'
import { UsageError, type Command } from '../command.js'
import { readProject } from '../open-project.js'

function reviewersTable(figures: readonly ReviewerFigures[]): string[] {
  const head = 'reviewer\tpages\tminutes\tpages/hour\tapprovals\tcorrections\treworked'
  return [
    head,
    ...figures.map((f) =>
      [
        f.reviewer,
        f.pages,
        f.activeMinutes,
        f.pagesPerHour ?? '–',
        f.approvals,
        f.corrections,
        f.reworked
      ].join('\t')
    )
  ]
}

function agreementTable(report: AgreementReport): string[] {
  if (!report.overall) return ['no double-keyed page has both its keyings yet']
  return [
    'keyers\tpages\tmean CER\tmax CER',
    ...report.pairs.map((p) => [p.keyers.join(' + '), p.pages, p.meanCer, p.maxCer].join('\t')),
    ['overall', report.overall.pages, report.overall.meanCer, report.overall.maxCer].join('\t')
  ]
}

async function runReport(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { db: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: false
  })
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('report needs --db <file> (or RECTO_DB)')
  const read = readProject(location, (db) => ({
    reviewers: reviewerReport(db),
    agreement: agreementReport(db)
  }))
  if (read === null) return 1
  const { reviewers, agreement } = read
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ reviewers, agreement })}\n`)
    return 0
  }
  const lines = ['Reviewers', ...reviewersTable(reviewers), '', 'Agreement of double keyings']
  process.stdout.write(`${[...lines, ...agreementTable(agreement)].join('\n')}\n`)
  return 0
}

export const reportCommand: Command = {
  name: 'report',
  usage: 'report --db <file> [--json]',
  help: [
    'Per reviewer, from the revisions they signed: pages revised, minutes at work (gaps between',
    'their revisions, breaks over 10 minutes left out), pages an hour, pages they approved as',
    'extracted or corrected, and of those the pages someone else revised after them (rework).',
    'Then the agreement of double-keyed pages: the CER of the second keying against the first,',
    'per pair of keyers and overall.',
    '',
    '  --db <file>   the project (or RECTO_DB)',
    '  --json        {reviewers: [...], agreement: {pairs, overall}}'
  ].join('\n'),
  run: runReport
}
