import { describe, expect, it } from 'vitest'
import {
  installHint,
  languageOf,
  languageOfTag,
  MissingLanguageError
} from '../../src-main/language/languages.js'
import {
  cjkLanguageOfText,
  languageOfText,
  cyrillicLanguageOfText,
  latinLanguageOfText,
  latinScores,
  scriptOfText,
  sureLatinLanguage
} from '../../src-main/language/text-language.js'
import { LANGUAGE_SAMPLES } from '../helpers/language-samples.js'
import { CHINESE, CZECH, ENGLISH, GERMAN, JAPANESE, KOREAN } from '../helpers/ocr-samples.js'

const text = (lines: readonly string[]) => lines.join('\n')

describe('the language of a text', () => {
  it('tells the script of a page by most of its letters, and nothing of a few', () => {
    expect(scriptOfText(text(CZECH.lines))).toBe('latin')
    expect(scriptOfText(text(KOREAN.lines))).toBe('cjk')
    expect(scriptOfText('Отчёт о деятельности компании за прошлый год')).toBe('cyrillic')
    expect(scriptOfText('يعرض هذا التقرير نشاط الشركة خلال العام الماضي')).toBe('arabic')
    expect(scriptOfText('Page 3 of 5')).toBeNull()
  })

  it('tells Latin languages apart by their common words, even read without accents', () => {
    expect(latinLanguageOfText(text(CZECH.lines))).toBe('ces')
    // How an English model reads Czech: accents lost, the words Czech or Slovak, whose commonest
    // words are the same; trial readings in both models settle it (read-upright.ts).
    const folded = text(CZECH.lines).normalize('NFD').replace(/\p{M}/gu, '')
    expect(sureLatinLanguage(folded)).toBeNull()
    expect(
      latinScores(folded)
        .slice(0, 2)
        .map(({ code }) => code)
        .sort()
    ).toEqual(['ces', 'slk'])
    expect(latinLanguageOfText(text(GERMAN.lines))).toBe('deu')
    expect(latinLanguageOfText(text(ENGLISH.lines))).toBe('eng')
    expect(
      latinLanguageOfText('Le conseil a approuvé le budget de la société pour les deux ans.')
    ).toBe('fra')
    for (const sample of LANGUAGE_SAMPLES.filter(
      ({ code }) => languageOf(code)?.script === 'latin'
    )) {
      const language = sureLatinLanguage(text(sample.lines))
      // Close languages tie on a page of three lines; their own models' readings tell them.
      if (language !== null) expect(language, sample.code).toBe(sample.code)
    }
    // Too little to tell: English, the model that reads most Latin text best.
    expect(latinLanguageOfText('ISBN 978 3 16')).toBe('eng')
  })

  it('tells Russian, Ukrainian and Belarusian by the letters only they write', () => {
    const sample = (code: string) => text(LANGUAGE_SAMPLES.find((s) => s.code === code)!.lines)
    expect(cyrillicLanguageOfText(sample('rus'))).toBe('rus')
    expect(cyrillicLanguageOfText(sample('ukr'))).toBe('ukr')
    expect(cyrillicLanguageOfText('Беларуская мова і ўсё, што мы ведаем пра яе')).toBe('bel')
    // Bulgarian writes none of them: the most confident of the models' readings tells it.
    expect(cyrillicLanguageOfText(sample('bul'))).toBeNull()
    expect(languageOfText(sample('rus'))).toBe('rus')
  })

  it('tells Chinese, Japanese and Korean apart by kana, Hangul and simplified forms', () => {
    expect(cjkLanguageOfText(text(CHINESE.lines))).toBe('chi_sim')
    expect(cjkLanguageOfText('董事會認為，公司的發展方向是正確的。我們將繼續加強管理。')).toBe(
      'chi_tra'
    )
    expect(cjkLanguageOfText(text(JAPANESE.lines))).toBe('jpn')
    expect(cjkLanguageOfText(text(KOREAN.lines))).toBe('kor')
    expect(languageOfText(text(KOREAN.lines))).toBe('kor')
    expect(languageOfText('שלום עולם, זהו מסמך בעברית עם מספיק אותיות')).toBe('heb')
  })

  it('reads a catalog /Lang tag as a Tesseract language', () => {
    expect(languageOfTag('cs-CZ')).toBe('ces')
    expect(languageOfTag('de')).toBe('deu')
    expect(languageOfTag('zh-Hant-TW')).toBe('chi_tra')
    expect(languageOfTag('zh-CN')).toBe('chi_sim')
    expect(languageOfTag('ru-RU')).toBe('rus')
    expect(languageOfTag('ga-IE')).toBe('gle')
    expect(languageOfTag('x-unknown')).toBeUndefined()
  })

  it('names the package to install for a missing model, for both backends', () => {
    expect(new MissingLanguageError('ces').message).toBe(
      'no OCR model for Czech (ces): npm install @tesseract.js-data/ces, or apt-get install tesseract-ocr-ces'
    )
    // Russian has no npm package: only Debian's, which tesseract.js reads too.
    expect(installHint('rus')).toBe(
      'no OCR model for Russian (rus): apt-get install tesseract-ocr-rus'
    )
    expect(installHint('chi_tra')).toContain('apt-get install tesseract-ocr-chi-tra')
  })
})
