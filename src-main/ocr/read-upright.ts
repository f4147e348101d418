import type { OcrStandIn } from '../shared/layout.js'
import type { OcrBackend, OcrWord, PageOrientation } from './backend.js'
import {
  languageOf,
  languagesOfScript,
  MissingLanguageError,
  type Script
} from '../language/languages.js'
import { coveredInk } from './ink-grid.js'
import { LOW_CONFIDENCE } from './ocr-layout.js'
import type { RegionImage } from './region-image.js'
import { modelsFor } from './stand-in.js'
import {
  cjkLanguageOfText,
  cyrillicLanguageOfText,
  latinLanguageOfText,
  latinScores,
  sureLatinLanguage
} from '../language/text-language.js'

/**
 * Below this OSD confidence a turn is not even tried: upright pages of little text come out at
 * 0.1 to 1.2 for a turn of 0, pages turned inside their image at 3 to 19.
 */
const MIN_TURN_CONFIDENCE = 1.5

/**
 * Below this a turn is tried on the band first and kept only if it reads better than the page
 * as it stands: a poor 70 dpi scan of an upright letter came out "turned 180" at 1.65.
 */
const SURE_TURN = 10

/**
 * Below this OSD's script is checked against an English reading of the band: the same poor
 * scan came out Cyrillic at 0.83. Pages of Han, kana and Hangul come out at 0.7 to 1.5 and are
 * read by trials anyway; Arabic at 2, Latin at 9 to 47.
 */
const SURE_SCRIPT = 2

/**
 * An English reading this confident is Latin text, whatever an unsure OSD said: the poor scan
 * reads at 68 (the program) and 78 (tesseract.js) the right way up, at 24 and 25 upside down.
 */
const LATIN_CONFIDENCE = 55

/**
 * The share of the image's height a trial reading looks at: the band of lines with the most ink,
 * about fifteen lines of body text on a page, a second or less to read.
 */
const BAND = 0.2

/**
 * The least a trial reads, in inches of the image: about seven lines of body text, so that a page
 * of a few lines is tried whole and its language has words enough to tell it by.
 */
const MIN_BAND_INCHES = 2

/** Renders the region turned by `turn` degrees, all of it or only some rows of the turned image. */
export type Renderer = (turn: number, rows?: readonly [number, number]) => RegionImage

export type UprightReading = Readonly<{
  words: readonly OcrWord[]
  image: RegionImage
  /** The page's languages, and those of them read with another's model (stand-in.ts). */
  languages: readonly string[]
  standIns: readonly OcrStandIn[]
  turn: number
}>

export type ReadingOptions = Readonly<{
  /** The languages to read with; null finds them (detect, then trial readings). */
  languages: readonly string[] | null
  /** What the document says of its language (its catalog's /Lang, its text layer), if anything. */
  hint: string | null
  dpi: number
  /** A reviewer's turn (degrees clockwise): the page is read turned so, whatever OSD says. */
  turn?: number
}>

type Trial = Readonly<{ code: string; text: string; confidence: number }>

/**
 * Reads a whole page the way up its text stands and in its own language. Tesseract's orientation
 * and script detection (OSD) proposes a turn and names the script; a turn it is not sure of is
 * kept only if the band of densest lines reads better turned. A hint of the same script settles
 * the language, and otherwise trial readings of that band do: an English reading scored by each
 * Latin language's common words, or the most confident of the script's models (Han, kana and
 * Hangul have several), English among them where OSD was unsure of the script. A language whose
 * model is missing fails the page with the package to install, rather than reading it as noise
 * in another.
 */
export async function readUpright(
  backend: OcrBackend,
  render: Renderer,
  options: ReadingOptions
): Promise<UprightReading> {
  const given = options.languages
  const forced = options.turn
  const upright = render(forced ?? 0)
  const osd = await backend.detect(upright.png, options.dpi)
  // Trial readings of the band with the most ink, once per turn and model.
  const trials = new Map<string, Promise<Trial>>()
  const trialOn = (turn: number, image: RegionImage) => (code: string) => {
    const key = `${turn}/${code}`
    let trial = trials.get(key)
    if (!trial) {
      trial = backend
        .recognize(render(turn, densestBand(image.inkRows, MIN_BAND_INCHES * options.dpi)).png, {
          languages: [code],
          dpi: options.dpi
        })
        .then((words) => ({ code, text: textOf(words), confidence: meanConfidence(words) }))
      trials.set(key, trial)
    }
    return trial
  }
  if (forced !== undefined) {
    const trial = trialOn(forced, upright)
    const languages = given ?? [await chooseLanguage(backend, trial, osd, options.hint)]
    return { ...(await readAll(backend, upright, languages, options.dpi)), turn: forced }
  }
  let turn = osd && osd.turnConfidence >= MIN_TURN_CONFIDENCE ? osd.turn : 0
  let image = turn === 0 ? upright : render(turn)
  if (turn !== 0 && osd!.turnConfidence < SURE_TURN) {
    const code = given ? modelsFor(backend, given).models[0]! : firstModel(backend, osd!.script)
    const turned = await trialOn(turn, image)(code)
    const asIs = await trialOn(0, upright)(code)
    if (asIs.confidence >= turned.confidence) {
      turn = 0
      image = upright
    }
  }
  const trial = trialOn(turn, image)
  const languages = given ?? [await chooseLanguage(backend, trial, osd, options.hint)]
  return { ...(await readAll(backend, image, languages, options.dpi)), turn }
}

async function readAll(
  backend: OcrBackend,
  image: RegionImage,
  languages: readonly string[],
  dpi: number
): Promise<Omit<UprightReading, 'turn'>> {
  const { models, standIns } = modelsFor(backend, languages)
  const words = await backend.recognize(image.png, { languages: models, dpi })
  const read = { image, languages, standIns }
  if (!models.some(isCjk) || sureInk(image, words) >= WHOLE) return { words, ...read }
  const column = await backend.recognize(image.png, { languages: models, dpi, layout: 'column' })
  const better = sureInk(image, column) >= sureInk(image, words) + BETTER
  return { words: better ? column : words, ...read }
}

/**
 * A CJK page whose sure lines cover less of its ink than this is read again as one column:
 * Tesseract's page layout (mode 3, which columns need) leaves out parts of Hangul lines it takes
 * for pictures, the end of a line or a whole heading, and reads noise in their place; mode 4 reads
 * them whole. Generated pages: Chinese and Japanese read in full cover 1.000, the Korean one 0.92
 * to 0.93 (its first line's end left out: 8% of its text), 1.000 read as one column.
 */
const WHOLE = 0.97

/**
 * How much more of the ink the column reading must cover to be kept: a page of several columns,
 * read across them as one, covers about as much, in the wrong order.
 */
const BETTER = 0.02

const isCjk = (code: string) => languageOf(code)?.script === 'cjk'

/**
 * The share of the image's ink under the lines of words read with confidence (LOW_CONFIDENCE or
 * more), each line from its first such word to its last: Tesseract's boxes of Han words are
 * narrower than their letters, and leave the gaps between them out.
 */
function sureInk(image: RegionImage, words: readonly OcrWord[]): number {
  const lines = new Map<number, [number, number, number, number]>()
  for (const { line, bbox, confidence } of words) {
    if (confidence < LOW_CONFIDENCE) continue
    const box = lines.get(line)
    lines.set(
      line,
      box
        ? [
            Math.min(box[0], bbox[0]),
            Math.min(box[1], bbox[1]),
            Math.max(box[2], bbox[2]),
            Math.max(box[3], bbox[3])
          ]
        : [...bbox]
    )
  }
  return coveredInk(image.ink, [...lines.values()])
}

/** The model a trial of the script reads with: its first language installed, else English. */
function firstModel(backend: OcrBackend, script: Script | null): string {
  if (script === null) return 'eng'
  return languagesOfScript(script).find(({ code }) => backend.hasLanguage(code))?.code ?? 'eng'
}

async function chooseLanguage(
  backend: OcrBackend,
  trial: (code: string) => Promise<Trial>,
  osd: PageOrientation | null,
  hint: string | null
): Promise<string> {
  const hinted = hint === null ? undefined : languageOf(hint)
  const script: Script = scriptOf(osd) ?? hinted?.script ?? 'latin'
  if (hinted?.script === script && (script !== 'latin' || hinted.code !== 'eng')) {
    return hinted.code
  }
  if (script === 'latin') return latinLanguage(backend, trial)
  const candidates =
    script === 'cjk' ? cjkCandidates(osd) : languagesOfScript(script).map(({ code }) => code)
  const installed = candidates.filter((code) => backend.hasLanguage(code))
  const unsure = (osd?.scriptConfidence ?? 0) < SURE_SCRIPT
  if (!unsure && installed.length === 1) return installed[0]!
  const trials: Trial[] = []
  for (const code of installed) trials.push(await trial(code))
  if (unsure) {
    const english = await trial('eng')
    const best = Math.max(0, ...trials.map((t) => t.confidence))
    if (english.confidence >= LATIN_CONFIDENCE && english.confidence > best) {
      return latinLanguageOfText(english.text)
    }
  }
  if (installed.length === 0) throw new MissingLanguageError(candidates[0]!)
  if (script === 'cjk') return cjkLanguage(trials)
  const best = bestOf(trials)
  return script === 'cyrillic' ? (cyrillicLanguageOfText(best.text) ?? best.code) : best.code
}

/** Trials beyond English of a Latin page whose words do not tell its language: the likeliest. */
const LATIN_TRIALS = 3

/**
 * A Latin page's language: by the common words of an English reading where they tell it, else
 * the most confident reading of English and the LATIN_TRIALS languages whose words it has most of
 * (a short Turkish page has two of its common words; its own model reads it with more confidence).
 */
async function latinLanguage(
  backend: OcrBackend,
  trial: (code: string) => Promise<Trial>
): Promise<string> {
  const english = await trial('eng')
  const sure = sureLatinLanguage(english.text)
  if (sure !== null) return sure
  const likely = latinScores(english.text)
    .filter(({ code, score }) => score > 0 && code !== 'eng' && backend.hasLanguage(code))
    .slice(0, LATIN_TRIALS)
  const trials = [english]
  for (const { code } of likely) trials.push(await trial(code))
  return bestOf(trials).code
}

/**
 * The CJK models worth a trial by OSD's name for the script: it names Japanese surely (kana),
 * but calls Chinese and Japanese dense with kanji Han, and a short Chinese page Korean.
 */
function cjkCandidates(osd: PageOrientation | null): readonly string[] {
  const name = osd?.scriptName ?? ''
  if (['Japanese', 'Hiragana', 'Katakana'].includes(name)) return ['jpn']
  if (name === 'Han') return ['chi_sim', 'chi_tra', 'jpn']
  return ['kor', 'chi_sim', 'jpn']
}

/** OSD's script, when OCR has a language of it; an unknown script it is sure of fails the page. */
function scriptOf(osd: PageOrientation | null): Script | null {
  if (!osd) return null
  if (osd.script === null && osd.scriptConfidence >= SURE_SCRIPT) {
    throw new Error(
      `no OCR language known for the ${osd.scriptName} script: give one with --ocr-lang`
    )
  }
  return osd.script
}

function bestOf(trials: readonly Trial[]): Trial {
  return trials.reduce((a, b) => (b.confidence > a.confidence ? b : a))
}

/**
 * Han, kana and Hangul: the most confident trial wins; a Japanese reading without kana is Chinese
 * read by the Japanese model, so the better of the Chinese readings is taken instead. The
 * winner's text tells simplified from traditional.
 */
function cjkLanguage(trials: readonly Trial[]): string {
  const best = bestOf(trials)
  const language = cjkLanguageOfText(best.text)
  if (best.code === 'jpn' && language !== 'jpn') {
    const chinese = trials.filter(({ code }) => code.startsWith('chi_'))
    return chinese.length > 0 ? bestOf(chinese).code : best.code
  }
  const read = trials.some(({ code }) => code === language)
  if (best.code.startsWith('chi_') && language.startsWith('chi_') && read) return language
  return best.code
}

function textOf(words: readonly OcrWord[]): string {
  return words.map((word) => word.text).join(' ')
}

/** Mean confidence over the letters read, so a long word counts for more than a speck. */
function meanConfidence(words: readonly OcrWord[]): number {
  let weighted = 0
  let letters = 0
  for (const word of words) {
    const length = [...word.text].length
    weighted += word.confidence * length
    letters += length
  }
  return letters === 0 ? 0 : weighted / letters
}

/** The rows of the band of BAND of the image's height (`least` rows or more) with the most ink. */
export function densestBand(rows: readonly number[], least = 1): readonly [number, number] {
  const height = Math.min(rows.length, Math.max(1, least, Math.round(rows.length * BAND)))
  let ink = rows.slice(0, height).reduce((sum, n) => sum + n, 0)
  let best = ink
  let start = 0
  for (let top = 1; top + height <= rows.length; top++) {
    ink += rows[top + height - 1]! - rows[top - 1]!
    if (ink > best) {
      best = ink
      start = top
    }
  }
  return [start, Math.min(rows.length, start + height)]
}
