// The built-in candidates' names, apart from the scoring, so that `recto score --help` names them
// without loading it.

export const RECTO = 'recto'
export const MUPDF_RAW = 'mupdf-raw'
