import { corpusPdf } from '../test/helpers/corpus.js'
import { analysisOf } from '../test/helpers/pages.js'
const { pages } = analysisOf(corpusPdf(process.argv[2]!))
const p = pages[Number(process.argv[3] ?? 1)]!
console.log(p.analysis.text.slice(0, Number(process.argv[4] ?? 1500)))
