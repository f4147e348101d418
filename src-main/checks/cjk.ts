import type { FontInfo, PageLayout } from '../shared/layout.js'
import type { Check } from './check.js'
import { charStats, isPrivateUse, percent } from './char-stats.js'
import { unmappedReason } from './font-mapping.js'

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu

/**
 * Chinese, Japanese or Korean text: 20 characters at least, so a stray CJK glyph in a Latin page
 * (a name, a symbol font) does not count; every CJK page of the corpus has hundreds.
 */
const MIN_CJK = 20

/** The usual CJK faces by name, with the Adobe collections and CMaps of CJK fonts. */
const CJK_FONT =
  /(SimSun|SimHei|SimKai|SimFang|KaiTi|FangSong|STSong|STHeiti|STKaiti|MSung|MHei|MingLiU|DFKai|BiauKai|Mincho|KakuGo|MaruGo|HeiseiMin|KozMin|KozGo|Ryumin|GothicBBB|Hiragino|Meiryo|YuGothic|Batang|Gulim|Dotum|Gungsuh|Malgun|HYSMyeongJo|HYGoThic|Nanum|SourceHan|Noto(Sans|Serif)(CJK|SC|TC|HK|JP|KR)|DFHS|GB1|CNS1|Japan1|Korea1|UniGB|UniCNS|UniJIS|UniKS|GBK|GB-EUC|B5pc|ETen|RKSJ|KSC)/i

/** A CJK glyph is as wide as it is tall: its advance is one em, where Latin letters vary. */
const FULL_WIDTH_TOLERANCE = 0.05

function isUnmapped(cp: number): boolean {
  return cp === 0xfffd || isPrivateUse(cp)
}

function hasUnitFrom(text: string, unit: number): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= unit) return true
  return false
}

/**
 * Glyphs with no Unicode that are CJK by their font (its name, collection or CMap) or by their
 * shape (one em wide), and the fonts they come from: a CJK font without /ToUnicode, whose text
 * is U+FFFD or codes.
 */
function unmappedCjk(layout: PageLayout): { count: number; fonts: string[] } {
  const byName = new Map<string, FontInfo>()
  for (const font of layout.fonts) if (!byName.has(font.baseFont)) byName.set(font.baseFont, font)
  // Whether a font's characters are lost and its name is a CJK face, judged once per font name.
  const judged = new Map<string, { lost: boolean; named: boolean }>()
  const judge = (name: string): { lost: boolean; named: boolean } => {
    let verdict = judged.get(name)
    if (verdict === undefined) {
      const font = byName.get(name)
      verdict = {
        lost: font !== undefined && unmappedReason(font) !== null,
        named: CJK_FONT.test(`${name} ${font?.encoding ?? ''}`)
      }
      judged.set(name, verdict)
    }
    return verdict
  }
  let count = 0
  const fonts = new Set<string>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        const { lost, named } = judge(span.font)
        // U+FFFD and the private use areas are encoded in units from U+D800 up.
        if (!lost && !hasUnitFrom(span.text, 0xd800)) continue
        let i = 0
        for (const ch of span.text) {
          const width = (span.charX[2 * i + 1] ?? 0) - (span.charX[2 * i] ?? 0)
          i++
          if (!lost && !isUnmapped(ch.codePointAt(0) ?? 0)) continue
          if (!named && Math.abs(width / Math.max(span.size, 0.01) - 1) > FULL_WIDTH_TOLERANCE) {
            continue
          }
          count++
          fonts.add(span.font)
        }
      }
    }
  }
  return { count, fonts: [...fonts] }
}

export const cjk: Check = ({ layout, rawText }) => {
  const count = rawText.match(CJK)?.length ?? 0
  const { chars } = charStats(layout)
  const vertical = layout.blocks.some((b) => b.lines.some((l) => l.wmode === 1))
  if (count < MIN_CJK) {
    const lost = unmappedCjk(layout)
    if (lost.count < MIN_CJK) return []
    return [
      {
        code: 'cjk',
        severity: 'info',
        message: `${lost.count} characters of font ${lost.fonts.slice(0, 2).join(', ')} (${percent(lost.count, chars)}% of the page) look Chinese, Japanese or Korean, by the font's name or their full-width glyphs, but have no Unicode mapping${vertical ? ', set vertically' : ''}`,
        evidence: {
          count: lost.count,
          chars,
          script: 'unknown',
          vertical,
          unmapped: lost.count,
          fonts: lost.fonts
        }
      }
    ]
  }
  const kana = rawText.match(/[\u3040-\u30ff]/gu)?.length ?? 0
  const hangul = rawText.match(/[\uac00-\ud7af]/gu)?.length ?? 0
  const script = hangul > count / 2 ? 'Korean' : kana > 0 ? 'Japanese' : 'Chinese'
  return [
    {
      code: 'cjk',
      severity: 'info',
      message: `${count} ${script} characters (${percent(count, chars)}% of the page)${vertical ? ', set vertically' : ''}; lines joined without spaces`,
      evidence: { count, chars, script, vertical }
    }
  ]
}
