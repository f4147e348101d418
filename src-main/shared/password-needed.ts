/** Why a page image of an encrypted document failed: the review screen asks for the password. */
export const PASSWORD_NEEDED = 'encrypted: its password is needed to draw the page'
