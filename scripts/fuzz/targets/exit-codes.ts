/** The exit code of a Jazzer.js run that a MuPDF trap ended (75: EX_TEMPFAIL, try again). */
export const TRAPPED_EXIT = 75
