// The tokenizers' names apart from the tokenizer, so that `recto export --help` names them
// without loading js-tiktoken.

/** The encodings js-tiktoken bundles, by the names OpenAI's tiktoken gives them. */
export const ENCODINGS = ['cl100k_base', 'o200k_base', 'p50k_base', 'r50k_base', 'gpt2'] as const
export type EncodingName = (typeof ENCODINGS)[number]

/** The encoding `--tokenizer` names when it names none: GPT-4's and most embedding models'. */
export const DEFAULT_ENCODING: EncodingName = 'cl100k_base'

export function isEncodingName(name: string): name is EncodingName {
  return (ENCODINGS as readonly string[]).includes(name)
}
