import { afterAll, describe, expect, it } from 'vitest'
import { ocrPage } from '../../src-main/ocr/cascade.js'
import { lazyThread } from '../../src-main/ocr/lazy-thread.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import { fixture } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import {
  ARABIC_LINES,
  CHINESE,
  CZECH,
  ENGLISH,
  GERMAN,
  HEBREW_LINES,
  HINDI_LINES,
  JAPANESE,
  KOREAN,
  type Sample
} from '../helpers/ocr-samples.js'
import { analysisOf } from '../helpers/pages.js'
import { rawText } from '../../src-main/extract/raw-text.js'
import { normalizeText } from '../../src-main/layout/normalize.js'
import { writeScannedText } from '../helpers/scanned-text.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 300_000

// tesseract.js, whose models come from npm: the same languages on every machine, whether or not
// the tesseract program is installed, and with which of Debian's models.
const thread = lazyThread('tesseract.js')
const dir = tempDir('recto-ocr-lang-')
afterAll(async () => {
  await thread.close()
  dir.remove()
})

/**
 * The page after OCR with no language given: its text as `recto text --ocr` prints it, and the
 * words as OCR read them (`--raw`), before the text stage normalises them.
 */
async function readWithoutLanguage(file: string): Promise<{ text: string; words: string }> {
  const analysis = analysisOf(file)
  const [page] = analysis.pages
  expect(page!.analysis.decision).toBe('ocr')
  const read = await ocrPage(thread.get, file, page!, analysis.stats, { languages: null })
  return { text: read!.analysis.text, words: rawText(read!.layout) }
}

/**
 * `sample` scanned on a page cut to fit its lines: what these tests ask of it is in the lines, and
 * OCR reads such a page in about two thirds of the CPU an A4 page of the same lines takes.
 */
function scanned(sample: Sample): string {
  return writeScannedText(dir.dir, `${sample.name}.pdf`, sample.lines, sample.font, 0, {
    fit: true
  })
}

/**
 * CER against the page's lines as the text stage gives them: normalised as it normalises, and
 * lines of Chinese and Japanese joined with nothing between them, as a paragraph of theirs is.
 */
function cer(sample: Sample | readonly string[], text: string): number {
  const { lines, font } = 'lines' in sample ? sample : { lines: sample, font: null }
  const joint = font === 'ja' || font?.startsWith('zh') ? '' : '\n'
  return characterErrorRate(normalizeText(lines.join(joint)), text).rate
}

describe('OCR in the page’s own language, none given', { timeout: OCR_TIMEOUT }, () => {
  it('reads Czech and German scans with their accents', async () => {
    const czech = await readWithoutLanguage(scanned(CZECH))
    expect(czech.text).toContain('Peněžní prostředky na účtech')
    expect(cer(CZECH, czech.text)).toBeLessThanOrEqual(0.01)
    const german = await readWithoutLanguage(scanned(GERMAN))
    expect(german.text).toContain('Größere Investitionen')
    expect(cer(GERMAN, german.text)).toBeLessThanOrEqual(0.01)
  })

  it('reads Chinese and Japanese with no spaces between words, full-width punctuation kept', async () => {
    const chinese = await readWithoutLanguage(scanned(CHINESE))
    expect(chinese.words).toContain('董事会认为，公司的发展方向是正确的。')
    expect(cer(CHINESE, chinese.text)).toBeLessThanOrEqual(0.03)
    const japanese = await readWithoutLanguage(scanned(JAPANESE))
    expect(japanese.words).toContain('私たちは、製品の品質をさらに高めていきます。')
    expect(cer(JAPANESE, japanese.text)).toBeLessThanOrEqual(0.03)
  })

  it('reads Korean in Hangul, spaced between words and not between syllables', async () => {
    const korean = await readWithoutLanguage(scanned(KOREAN))
    expect(korean.text).toContain('우리는 제품의 품질을 더욱 높이기 위해 노력하겠습니다.')
    // Tesseract's page layout (psm 3, which columns need) leaves out the end of the first line,
    // "사업을 설명합니다." (8% of the page): the page is read again as one column.
    expect(korean.text).toContain('지난 일 년 동안의 사업을 설명합니다.')
    expect(cer(KOREAN, korean.text)).toBeLessThanOrEqual(0.01)
  })

  it('reads a short Korean page whole: its heading and every line to its end', async () => {
    const heading = '연간 사업 보고서'
    const file = writeScannedText(dir.dir, 'korean-heading.pdf', KOREAN.lines, KOREAN.font, 0, {
      fit: true,
      heading
    })
    const korean = await readWithoutLanguage(file)
    expect(korean.text.split('\n')[0]).toBe(heading)
    expect(korean.text).toContain('지난 일 년 동안의 사업을 설명합니다.')
    expect(cer([heading, ...KOREAN.lines], korean.text)).toBeLessThanOrEqual(0.01)
  })

  it('reads an Arabic scan in its reading order', async () => {
    // test/fixtures/README.md: five lines shaped by HarfBuzz, which MuPDF does not do.
    const arabic = await readWithoutLanguage(fixture('pdfs/arabic-scan.pdf'))
    expect(arabic.text).toContain('يرى مجلس الإدارة أن اتجاه الشركة صحيح.')
    expect(cer(ARABIC_LINES, arabic.text)).toBeLessThanOrEqual(0.01)
  })

  it('reads Hebrew and Hindi scans, each in its own script', async () => {
    // test/fixtures/README.md: three lines of each shaped by HarfBuzz.
    const hebrew = await readWithoutLanguage(fixture('pdfs/hebrew-scan.pdf'))
    expect(hebrew.text).toContain('הדירקטוריון סבור שכיוון החברה נכון.')
    expect(cer(HEBREW_LINES, hebrew.text)).toBeLessThanOrEqual(0.01)
    const hindi = await readWithoutLanguage(fixture('pdfs/hindi-scan.pdf'))
    expect(cer(HINDI_LINES, hindi.text)).toBeLessThanOrEqual(0.01)
  })
})

describe('OCR of a page scanned sideways inside its image', { timeout: OCR_TIMEOUT }, () => {
  it('turns it upright before reading, and the words sit on the picture', async () => {
    // A4: the portrait page on its side is a landscape picture.
    const file = writeScannedText(dir.dir, 'english-90.pdf', ENGLISH.lines, ENGLISH.font, 90)
    const analysis = analysisOf(file)
    const [page] = analysis.pages
    const read = await ocrPage(thread.get, file, page!, analysis.stats, { languages: null })
    expect(cer(ENGLISH, read!.analysis.text)).toBeLessThanOrEqual(0.01)
    // The page is the picture: landscape, its lines running down it, so each word's box is
    // taller than wide and inside the page.
    const { width, height } = read!.layout
    expect(width).toBeGreaterThan(height)
    const words = read!.layout.blocks.flatMap((block) => block.lines.flatMap((l) => l.spans))
    const treasurer = words.find((span) => span.text.startsWith('treasurer'))!
    const [x0, y0, x1, y1] = treasurer.bbox
    expect(y1 - y0).toBeGreaterThan(2 * (x1 - x0))
    for (const span of words) {
      expect(span.bbox[0]).toBeGreaterThanOrEqual(0)
      expect(span.bbox[2]).toBeLessThanOrEqual(width)
      expect(span.bbox[3]).toBeLessThanOrEqual(height)
    }
  })
})
