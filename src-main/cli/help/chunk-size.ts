import { DEFAULT_ENCODING, ENCODINGS } from '../../export/chunk-encodings.js'

/** The options of `export --chunks` that size the chunks, as its help lists them. */
export const CHUNK_SIZE_HELP = [
  "  --chunk-size <n>    the chunks' size target in characters (default 2000, about 500 tokens)",
  '  --max-tokens <n>    instead: no chunk longer than n tokens of --tokenizer',
  `  --tokenizer <name>  ${ENCODINGS.join(', ')} (default ${DEFAULT_ENCODING}, GPT-4's and`,
  "                      OpenAI's embeddings'), bundled: nothing is downloaded",
  '  --overlap <n>       repeat the last sentences of a chunk cut for size, up to n (characters,',
  '                      or tokens with --max-tokens), at the start of the next one'
]
