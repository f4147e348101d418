import { ExtractError } from '../extract/errors.js'
import { cmapFileName } from '../repair/cmap-file.js'
import { lineRecognizer } from '../repair/line-backend.js'
import {
  editFontCode,
  learnFromReview,
  repairStoredDocument,
  storedFontMap
} from '../repair/stored-repair.js'
import { toUnicodeCMap } from '../repair/to-unicode.js'
import { getDocument } from '../store/documents.js'
import { fontCodes, getFontProgram, listFontPrograms } from '../store/font-maps.js'
import { verifyStoredDocuments } from '../verify/stored-verify.js'
import type { Context } from './context.js'
import { AppError, notFound } from './errors.js'
import type { Handlers } from './handler.js'

function known(ctx: Context, program: string): NonNullable<ReturnType<typeof getFontProgram>> {
  const found = getFontProgram(ctx.db, program)
  if (!found) throw notFound(`font program ${program.slice(0, 12)}`)
  return found
}

/** A file that is gone or changed is the reviewer's to fix: a plain refusal, not a crash. */
async function orRefuse<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ExtractError) throw new AppError('conflict', error.reason)
    throw error
  }
}

function changed(ctx: Context, documents: readonly number[]): void {
  ctx.emit('documents.changed', {})
  for (const documentId of documents) {
    const pages = getDocument(ctx.db, documentId)?.pageCount ?? 0
    for (let pageNo = 1; pageNo <= pages; pageNo++) ctx.emit('page.changed', { documentId, pageNo })
  }
}

export const fontHandlers: Handlers<
  | 'fonts.list'
  | 'fonts.codes'
  | 'fonts.repair'
  | 'fonts.setCode'
  | 'fonts.learnFromReview'
  | 'fonts.cmap'
> = {
  'fonts.list': ({ documentId }, ctx) => listFontPrograms(ctx.db, documentId),
  'fonts.codes': ({ program }, ctx) => {
    known(ctx, program)
    return fontCodes(ctx.db, program).map((c) => ({
      ...c,
      glyph: c.glyph ? Buffer.from(c.glyph).toString('base64') : null
    }))
  },
  // A job: OCR of the sampled lines takes seconds to minutes (TAMReview: 202 lines, 18 s), with
  // progress by line and a Stop that keeps nothing half learned.
  'fonts.repair': ({ documentId, language }, ctx) => {
    if (!getDocument(ctx.db, documentId)) throw notFound(`document ${documentId}`)
    const jobId = ctx.jobs.startTask('font-repair', async ({ signal, onProgress }) => {
      const recognizer = lineRecognizer(language)
      try {
        const result = await repairStoredDocument(ctx.db, documentId, recognizer, {
          signal,
          onLines: onProgress
        })
        // What the repair read again is read back against its glyphs, as the cascade does: a
        // code learned wrong flags its pages (glyph_mismatch) instead of passing them as ok.
        if (!signal.aborted) {
          await verifyStoredDocuments(ctx.db, result.documents, { language, signal })
        }
        changed(ctx, result.documents)
      } finally {
        await recognizer.close()
      }
    })
    return { jobId }
  },
  'fonts.setCode': async ({ program, code, text }, ctx) => {
    known(ctx, program)
    const documents = await orRefuse(() => editFontCode(ctx.db, program, code, text))
    changed(ctx, documents)
    return { documents: [...documents] }
  },
  'fonts.learnFromReview': async ({ documentId }, ctx) => {
    if (!getDocument(ctx.db, documentId)) throw notFound(`document ${documentId}`)
    const result = await orRefuse(() => learnFromReview(ctx.db, documentId))
    changed(ctx, result.documents)
    return { codes: result.codes, documents: [...result.documents] }
  },
  'fonts.cmap': ({ program }, ctx) => {
    const found = known(ctx, program)
    const map = storedFontMap(ctx.db, program)
    return {
      fileName: cmapFileName({ id: found.id, name: found.name, width: found.codeWidth }),
      cmap: toUnicodeCMap(map?.map ?? new Map(), found.codeWidth)
    }
  }
}
