"""Baseline extractors for `npm run eval`: prints one PDF's text, pages separated by a form feed.

Usage: /usr/bin/python3 scripts/eval-baselines.py (pymupdf|pdfminer) <pdf>
Debian's python3-fitz and python3-pdfminer; each with its usual reading-order setting:
PyMuPDF get_text(sort=True), pdfminer.six extract_text with default LAParams.
"""

import sys


def pymupdf_pages(path):
    import fitz

    with fitz.open(path) as doc:
        return [page.get_text(sort=True) for page in doc]


def pdfminer_pages(path):
    from pdfminer.high_level import extract_text
    from pdfminer.layout import LAParams

    # pdfminer's text converter already ends every page with a form feed.
    return extract_text(path, laparams=LAParams()).split("\f")[:-1]


def main():
    tool, path = sys.argv[1], sys.argv[2]
    pages = pymupdf_pages(path) if tool == "pymupdf" else pdfminer_pages(path)
    sys.stdout.write("\f".join(p.replace("\f", "") for p in pages))


if __name__ == "__main__":
    main()
