import { deflateSync } from 'node:zlib'

/**
 * A one-page PDF whose small, compressed content stream draws `chars` glyphs: a few kilobytes on
 * disk that expand to a structured-text page of tens of megabytes in MuPDF, the shape of a
 * hostile or runaway file. Offsets in the cross-reference table are exact.
 */
export function densePdf(chars: number): Buffer {
  const run = 'A'.repeat(1000)
  const line = `1 0 0 1 0 0 Tm (${run}) Tj\n`
  const content = Buffer.from('BT /F1 1 Tf\n' + line.repeat(Math.ceil(chars / 1000)) + 'ET\n')
  const stream = deflateSync(content)
  const objects: (string | Buffer)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
        '/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>'
    ],
    [`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, stream, '\nendstream'],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>']
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')]
  let offset = parts[0]!.length
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(offset)
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      ...body.map((b) => (typeof b === 'string' ? Buffer.from(b) : b)),
      Buffer.from('\nendobj\n')
    ])
    parts.push(chunk)
    offset += chunk.length
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`
  parts.push(Buffer.from(xref))
  return Buffer.concat(parts)
}
