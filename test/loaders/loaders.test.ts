import { join } from 'node:path'
import { Document as LangChainDocument } from '@langchain/core/documents'
import { BaseDocumentLoader } from '@langchain/core/document_loaders/base'
import { Document as LlamaDocument, MetadataMode } from '@llamaindex/core/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Tiktoken } from 'js-tiktoken/lite'
import cl100k from 'js-tiktoken/ranks/cl100k_base'
import { ChunkRecord } from '../../src-main/export/chunk-record.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { PROSE } from '../helpers/prose.js'
import { writeOutlinePdf } from '../export/outline-pdf.js'
import { corpusPdf, ingestPdf, review } from '../export/project.js'

type LangChainModule = typeof import('../../src-main/loaders/langchain.js')
type LlamaIndexModule = typeof import('../../src-main/loaders/llamaindex.js')

/**
 * Loaded as a user's code loads them, through the package's subpath exports (the built `out/`,
 * after `npm run build:main`), and checked against the frameworks' own classes.
 */
const langchain = async () => (await import('recto/langchain' as string)) as LangChainModule
const llamaindex = async () => (await import('recto/llamaindex' as string)) as LlamaIndexModule

describe('framework loaders', () => {
  const tmp = tempDir('recto-loaders-')
  let pdf: string
  let project: string

  beforeAll(() => {
    pdf = writeOutlinePdf(tmp.dir)
    project = join(tmp.dir, 'project.recto')
    const db = openDatabase(project)
    const doc = ingestPdf(db, pdf)
    review(db, doc, 2, { status: 'approved' })
    ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    db.close()
  })
  afterAll(() => tmp.remove())

  it('recto/langchain loads chunks of a PDF as LangChain documents with their metadata', async () => {
    const { RectoLoader } = await langchain()
    const loader = new RectoLoader(pdf, { mode: 'chunks', workers: 1, metadata: 'record' })
    expect(loader).toBeInstanceOf(BaseDocumentLoader)
    const docs = await loader.load()
    expect(docs).toHaveLength(6)
    for (const doc of docs) {
      expect(doc).toBeInstanceOf(LangChainDocument)
      // The metadata is the chunk record but for its text, which is the page content.
      const record = ChunkRecord.parse({ ...doc.metadata, text: doc.pageContent })
      expect(doc.id).toBe(record.id)
      expect(record.source).toBe('outline.pdf')
    }
    const railway = docs.find((d) => d.pageContent.includes('The railway reached the valley'))!
    expect(railway.metadata).toMatchObject({
      heading_path: ['Coast and Country', 'Growing Fruit', 'Rail to the Valley'],
      reviewed: false,
      trust: 'ok'
    })
    expect((railway.metadata['pages'] as { page: number }[]).map((p) => p.page)).toEqual([1])
    // The same ids on another run.
    const again = await new RectoLoader([pdf], { workers: 2 }).load()
    expect(again.map((d) => d.id)).toEqual(docs.map((d) => d.id))
  })

  it('gives flat metadata by default, as Chroma and Pinecone take it, with the full path', async () => {
    const { RectoLoader } = await langchain()
    const docs = await new RectoLoader(project).load()
    const elements = await new RectoLoader(project, { mode: 'elements' }).load()
    for (const doc of [...docs, ...elements]) {
      for (const value of Object.values(doc.metadata)) {
        expect(['string', 'number', 'boolean']).toContain(typeof value)
      }
    }
    const railway = docs.find((d) => d.pageContent.includes('The railway reached the valley'))!
    expect(railway.metadata).toMatchObject({
      source: pdf,
      file_name: 'outline.pdf',
      heading_path: 'Coast and Country > Growing Fruit > Rail to the Valley',
      page: 1,
      last_page: 1,
      decision: 'ok',
      trust: 'ok'
    })
    const [box] = JSON.parse(railway.metadata['boxes'] as string) as { bbox: number[] }[]
    expect(box!.bbox).toHaveLength(4)
  })

  it('sizes chunks in tokens of a bundled tokenizer, as export --max-tokens does', async () => {
    const { RectoLoader } = await langchain()
    const docs = await new RectoLoader(project, { maxTokens: 40, tokenizer: 'cl100k_base' }).load()
    const tokenizer = new Tiktoken(cl100k)
    for (const doc of docs) {
      expect(tokenizer.encode(doc.pageContent, [], []).length).toBeLessThanOrEqual(40)
    }
    expect(docs.length).toBeGreaterThan((await new RectoLoader(project).load()).length)
  })

  it('recto/langchain reads a project with its reviews, as elements and as Markdown', async () => {
    const { RectoLoader } = await langchain()
    const chunks = await new RectoLoader(project).load()
    expect(chunks.filter((d) => d.metadata['reviewed'] === true)).toHaveLength(3)
    const elements = await new RectoLoader(project, { mode: 'elements' }).load()
    const bakery = elements.find((d) => d.pageContent.startsWith('The bakery on the corner'))!
    expect(bakery.metadata).toMatchObject({
      source: pdf,
      page: 2,
      role: 'body',
      status: 'approved'
    })
    expect(JSON.parse(bakery.metadata['bbox'] as string)).toHaveLength(4)
    expect(elements.some((d) => d.metadata['role'] === 'table')).toBe(true)
    const markdown = await new RectoLoader(project, { mode: 'markdown' }).load()
    expect(markdown.map((d) => d.metadata['file_name'])).toEqual([
      'outline.pdf',
      'pdfbox__eu-001.pdf'
    ])
    expect(markdown[0]!.metadata['source']).toBe(pdf)
    expect(markdown[0]!.pageContent).toMatch(/^<!-- page 1 -->\n\n# Coast and Country\n\n/u)
    expect(markdown[0]!.pageContent).toContain('### Rail to the Valley')
  })

  it('recto/llamaindex reads the same as LlamaIndex documents, ids and metadata kept', async () => {
    const { RectoReader } = await llamaindex()
    const { RectoLoader } = await langchain()
    const docs = await new RectoReader({ mode: 'chunks' }).loadData(project)
    const same = await new RectoLoader(project).load()
    expect(docs.map((d) => d.id_)).toEqual(same.map((d) => d.id))
    for (const doc of docs) expect(doc).toBeInstanceOf(LlamaDocument)
    const library = docs.find((d) => d.text.includes(PROSE.library.slice(0, 40)))!
    expect(library.metadata).toMatchObject({
      heading_path: 'Coast and Country > Growing Fruit > Books in Town',
      reviewed: true,
      trust: 'reviewed'
    })
    // The embedding sees the heading path and source, not the boxes and hashes.
    const embedded = library.getContent(MetadataMode.EMBED)
    expect(embedded).toContain('Books in Town')
    expect(embedded).not.toContain(library.metadata['sha256'] as string)
    const elements = await new RectoReader({ mode: 'elements' }).loadData(pdf)
    expect(elements.length).toBeGreaterThanOrEqual(12)
  })

  it('names a file it cannot read, or reports it and loads the rest', async () => {
    const { RectoLoader } = await langchain()
    const missing = join(tmp.dir, 'missing.pdf')
    await expect(new RectoLoader([pdf, missing]).load()).rejects.toThrow(
      `recto: ${missing}: file not found`
    )
    const failed: string[] = []
    const docs = await new RectoLoader([pdf, missing], {
      onError: (path, reason) => failed.push(`${path}: ${reason}`)
    }).load()
    expect(failed).toEqual([`${missing}: file not found`])
    expect(docs).toHaveLength(6)
  })
})
