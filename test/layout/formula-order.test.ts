import { describe, expect, it } from 'vitest'
import { readingOrder } from '../../src-main/layout/order.js'
import { pageText } from '../../src-main/layout/page-text.js'
import { blockRoles } from '../../src-main/layout/roles.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'
import { expectInOrder } from './order-helpers.js'

const GEO_TOPO = 'pypdf-samples__GeoTopo-komprimiert.pdf'

function textOf(pdf: string, page: number): string {
  const layout = layoutOf(corpusPdf(pdf), page)
  return pageText(layout, readingOrder(layout), blockRoles(layout))
}

describe('reading order of pieces sharing a row', () => {
  it('reads a display formula along its row, left-hand side first', () => {
    expectInOrder(textOf(GEO_TOPO, 92), [
      'Gegeben sei ein Kreis mit Radius r',
      'γ(t) =',
      'r · cos t',
      'für t ∈ [0, 2πr]',
      'ist parametrisiert durch Bogenlänge'
    ])
    expectInOrder(textOf(GEO_TOPO, 15), [
      'O. B. d. A. sei N =',
      '0 ... 0 1',
      'Die Gerade durch N und P schneidet die Ebene H in genau',
      'einem Punkt P̂'
    ])
  })

  it('places a block that closes a formula and wraps where its first line starts', () => {
    expectInOrder(textOf(GEO_TOPO, 38), [
      'b) conv(v0, . . . , vk) :=',
      'λi ≥ 0',
      'heißt die konvexe Hülle von v0, . . . , vk.',
      'Definition 35'
    ])
  })

  it('reads a block that wraps after the box its first row starts beside', () => {
    // The radical sign stands taller than "a) Das Differential dA =", so the block starts higher.
    expectInOrder(textOf(GEO_TOPO, 99), [
      'Definition 77',
      'a) Das Differential dA =',
      '√ det(I)du1du2 heißt Flächenelement von S',
      'b) Für eine Funktion f'
    ])
  })

  it('reads boxes of a stack that begin level along the line, not by their tops', () => {
    // Each line number of the form stands 2 pt lower than the text of its line.
    const form = textOf('pdfminer__f1040nr.pdf', 1)
    expect(form).toContain('10a\n\nOrdinary dividends 10a')
    expect(form).toContain('13\n\nBusiness income or (loss).')
    expectInOrder(textOf(GEO_TOPO, 17), [
      'Annahme: A = A1 ∪ A2',
      '⇒ A = (A ∩ A1)',
      '˙∪ (A ∩ A2)',
      'Wäre A ∩ A1 = ∅'
    ])
  })

  it('reads an underbrace and its label right after what it braces', () => {
    expectInOrder(textOf(GEO_TOPO, 84), [
      'd) SL2(R) wird von den Matrizen',
      '=:Aλ',
      '1 t',
      '=:Bt',
      '−1 0',
      '=:C',
      'mit t, λ ∈ R×',
      'erzeugt.'
    ])
  })

  it('reads the lower limits of a display operator right after it', () => {
    expectInOrder(textOf(GEO_TOPO, 7), [
      'M ist Umgebung von x } =',
      '⋃',
      'U⊆M',
      'U∈T',
      'U heißt Inneres oder',
      'Kern von M.',
      '⋂',
      'M⊆A',
      'A heißt abgeschlossene Hülle'
    ])
    expectInOrder(textOf('pdfminer__naacl06-shinyama.pdf', 4), [
      'Vw(A) = IDF(w)',
      '∑',
      'i∈P OS(w,A)',
      'exp(−avgwords)',
      'where Vw(A) is a vector element'
    ])
  })

  it('reads a display operator with its limits where it stands along the formula', () => {
    const flat = (pdf: string, page: number) => textOf(pdf, page).replace(/\s+/g, ' ')
    // "n⋂" (upper limit and operator in one block) stands higher than "Sei V :=" beside it.
    expect(flat(GEO_TOPO, 20)).toContain('Sei V := n⋂ i=1 Vxi')
    expect(flat(GEO_TOPO, 21)).toContain('⇒ V ∩ ( n⋃ i=1 Uxi ) = ∅')
    expect(flat(GEO_TOPO, 45)).toContain(
      'der Dimension d gilt: d ∑ k=0 (−1)kbk(K) = d ∑ k=0 (−1)kak(K) = χ(K)'
    )
    expect(flat('pdfminer__naacl06-shinyama.pdf', 5)).toContain('WE = ∑ e∈E mentions(e)')
    // An integral's limits stand at its lower right, not centred under it.
    expect(flat(GEO_TOPO, 99)).toContain('heißt ∫ V f dA := ∫ U f(F(u1, u2)')
    expect(flat(GEO_TOPO, 99)).toContain('Etwa: ∫ S fdA = n ∑ i=1 ∫ Vi fdA − ∑ i̸=j ∫ Vi∩Vj fdA')
  })

  it('reads the cells of a form row left to right although their tops differ', () => {
    expectInOrder(textOf('pymupdf__test_3854.pdf', 1), [
      'Part of Discharge',
      'Place of Delivery',
      'Cargo Quantity',
      'T/S'
    ])
  })
})

describe('reading order of pieces standing apart by less than an em', () => {
  it('reads a display formula whose pieces stand apart whole, then the sentence under it', () => {
    // "= (z1 − z4)·(z3 − z2)" stands 5.9 pt right of the fraction before it.
    expectInOrder(textOf(GEO_TOPO, 87), [
      'Dann heißt',
      'DV(z1, z2, z3, z4) :=',
      '= (z1 − z4) · (z3 − z2)',
      '(z1 − z2) · (z3 − z4)',
      'Doppelverhältnis von z1, . . . , z4.',
      'Bemerkung 70'
    ])
  })

  it('keeps the limit under an operator with the operator', () => {
    expectInOrder(textOf('pdfminer__issue-1061-colour-space-stack.pdf', 3), [
      'Δf = max x,y∈D',
      'd(x,y)=1',
      '∥f(x) − f(y)∥1 ,',
      'where d(x, y) means'
    ])
  })
})

describe('reading order of slices cut by a band of whitespace', () => {
  it('does not join a figure beside nothing to the box below it', () => {
    expectInOrder(textOf(GEO_TOPO, 80), [
      'Abbildung 4.17: Satz des Pythagoras',
      'Satz 4.8',
      'Bis auf Isometrie gibt es genau eine euklidische Ebene'
    ])
  })

  it('reads each half of a landscape spread whole, across bands that hold only a space', () => {
    expectInOrder(textOf('pymupdf__test_2634.pdf', 9), [
      'Figure 1 : Evolution de la puissance raccordée en MW en France',
      'La région Nouvelle-Aquitaine reste la région',
      'Carte 2 : Puissance solaire raccordée par région',
      'Figure 2 : Puissances installées et en développement',
      '2.4 ETAT DES LIEUX REGIONAL'
    ])
  })
})

describe('reading order of sub-figures', () => {
  it('reads each sub-caption whole, also where the two captions touch', () => {
    expectInOrder(textOf(GEO_TOPO, 43), [
      '(a) Die beiden markierten Dreiecke schneiden sich im',
      'Mittelpunkt und in einer Seite.',
      '(b) Die beiden markierten Dreiecke schneiden sich im',
      'Mittelpunkt und außen.',
      'Abbildung 2.11'
    ])
  })

  it('reads sub-figures side by side as columns, not as the rows of a grid', () => {
    expectInOrder(textOf(GEO_TOPO, 48), [
      '(a) γ1 und γ2 sind homotop,',
      'da man sie „zueinander verschieben“ kann.',
      '(b) γ1 und γ2 sind wegen dem',
      'Hindernis nicht homotop.',
      'Abbildung 3.1'
    ])
  })
})
