/**
 * Fonts for the scripts Recto reads (its OCR languages among them) that a machine may have no
 * font for: where one is missing the browser draws □ for every letter. Noto Sans in its regular
 * weight, cut by Fontsource into slices by unicode-range, so that a page loads only the slices
 * of the characters it shows. vite.config.ts leaves their WOFF copies out: every browser the app
 * runs in reads WOFF2. docs/guide.md gives the disk they take.
 */
import '@fontsource/noto-sans-jp/400.css'
import '@fontsource/noto-sans-sc/400.css'
import '@fontsource/noto-sans-tc/400.css'
import '@fontsource/noto-sans-kr/400.css'
import '@fontsource/noto-sans-arabic/400.css'
import '@fontsource/noto-sans-hebrew/400.css'
