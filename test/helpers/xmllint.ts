import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { validateXML } from 'xmllint-wasm'

/**
 * libxml2's xmllint, compiled to WASM (the `xmllint-wasm` package): an XML parser and XSD
 * validator independent of Recto that needs no system package. It validates `file` against
 * `schema` and returns the document in canonical form (C14N), where every attribute is written
 * `name="value"` and every empty element `<x></x>`, so the test can read it without a parser of
 * its own.
 */
export async function validCanonicalXml(file: string, schema: string): Promise<string> {
  const result = await validateXML({
    xml: { fileName: basename(file), contents: readFileSync(file, 'utf8') },
    schema: readFileSync(schema, 'utf8'),
    normalization: 'c14n'
  })
  if (!result.valid) {
    throw new Error(`${file}: ${result.errors.map((e) => e.rawMessage).join('; ')}`)
  }
  return result.normalized
}

/** A canonical attribute value or text as the characters it stands for. */
export function unescapeCanonical(text: string): string {
  return text
    .replace(/&#x([0-9A-F]+);/gu, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/** Values of one attribute of every element with that (unprefixed) name, in document order. */
export function canonicalAttributes(xml: string, element: string, attribute: string): string[] {
  const values: string[] = []
  for (const tag of xml.matchAll(new RegExp(`<${element}(\\s[^>]*)?>`, 'gu'))) {
    const value = new RegExp(`\\s${attribute}="([^"]*)"`, 'u').exec(tag[1] ?? '')
    if (value) values.push(unescapeCanonical(value[1]!))
  }
  return values
}

/** The text of every element with that name that holds only text, in document order. */
export function canonicalTexts(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`, 'gu'))].map(
    (m) => unescapeCanonical(m[1]!)
  )
}
