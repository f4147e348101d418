import { describe, expect, it } from 'vitest'
import { MissingLanguageError } from '../../src-main/language/languages.js'
import { modelsFor } from '../../src-main/ocr/stand-in.js'

/** A machine with these models and no others. */
const machine = (...codes: string[]) => ({ hasLanguage: (code: string) => codes.includes(code) })

describe('modelsFor', () => {
  it('reads each language with its own model where it is installed', () => {
    expect(modelsFor(machine('eng', 'fra'), ['fra', 'eng'])).toEqual({
      models: ['fra', 'eng'],
      standIns: []
    })
  })

  it('reads a language without a model with the closest of its script, and says what to install', () => {
    expect(modelsFor(machine('eng', 'ukr', 'bel'), ['rus'])).toEqual({
      models: ['bel'],
      standIns: [{ language: 'rus', model: 'bel', install: 'apt-get install tesseract-ocr-rus' }]
    })
    expect(modelsFor(machine('eng', 'ces'), ['slk']).models).toEqual(['ces'])
    // No closer language of its script: the script's most common.
    expect(modelsFor(machine('eng', 'deu'), ['fin'])).toEqual({
      models: ['eng'],
      standIns: [{ language: 'fin', model: 'eng', install: 'npm install @tesseract.js-data/fin' }]
    })
  })

  it('fails only where no model of the script is installed, naming both packages', () => {
    expect(() => modelsFor(machine('eng'), ['ell'])).toThrow(MissingLanguageError)
    expect(() => modelsFor(machine('eng'), ['ell'])).toThrow(
      'no OCR model for Greek (ell): npm install @tesseract.js-data/ell, or apt-get install tesseract-ocr-ell'
    )
    expect(() => modelsFor(machine('eng'), ['xyz'])).toThrow(MissingLanguageError)
  })
})
