import type { Check } from './check.js'
import { charStats, percent } from './char-stats.js'

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu

/**
 * Chinese, Japanese or Korean text: 20 characters at least, so a stray CJK glyph in a Latin page
 * (a name, a symbol font) does not count; every CJK page of the corpus has hundreds.
 */
const MIN_CJK = 20

export const cjk: Check = ({ layout, rawText }) => {
  const count = rawText.match(CJK)?.length ?? 0
  if (count < MIN_CJK) return []
  const { chars } = charStats(layout)
  const kana = rawText.match(/[\u3040-\u30ff]/gu)?.length ?? 0
  const hangul = rawText.match(/[\uac00-\ud7af]/gu)?.length ?? 0
  const script = hangul > count / 2 ? 'Korean' : kana > 0 ? 'Japanese' : 'Chinese'
  const vertical = layout.blocks.some((b) => b.lines.some((l) => l.wmode === 1))
  return [
    {
      code: 'cjk',
      severity: 'info',
      message: `${count} ${script} characters (${percent(count, chars)}% of the page)${vertical ? ', set vertically' : ''}; lines joined without spaces`,
      evidence: { count, chars, script, vertical }
    }
  ]
}
