import { describe, expect, it } from 'vitest';
import { VARIANTS, geometryOf } from '../src/geometry';
import { CATALOGUES, type Language } from '../src/i18n';
import { START_FEN, parsePosition } from '../src/notation';
import { route, rulesPath } from '../src/router';
import { DIAGRAMS } from '../src/rules/diagrams';
import { RULE_SECTIONS, rulesPage } from '../src/rules';

const LANGUAGES = Object.keys(CATALOGUES) as Language[];

describe('how to play', () => {
    for (const variant of VARIANTS)
        for (const lang of LANGUAGES)
            it(`${variant} in ${lang}: every section, in order, none empty, from the start position`, () => {
                const page = rulesPage(variant, lang);
                expect(page.sections.map((s) => s.id)).toEqual([...RULE_SECTIONS[variant]]);
                for (const s of page.sections) {
                    expect(s.title.trim(), `${variant}.${s.id}`).not.toBe('');
                    expect(s.text.length, `${variant}.${s.id}`).toBeGreaterThan(0);
                    for (const p of s.text) expect(p.trim(), `${variant}.${s.id}`).not.toBe('');
                }
                expect(page.start).toBe(START_FEN[variant]);
                expect(parsePosition(variant, page.start).pieces.size).toBeGreaterThan(0);
            });

    it('writes each language in its own words (no English left in zh and vi)', () => {
        for (const variant of VARIANTS) {
            const en = rulesPage(variant, 'en').sections;
            for (const lang of ['zh', 'vi'] as const)
                rulesPage(variant, lang).sections.forEach((s, i) => {
                    expect(s.title, `${lang} ${variant}.${s.id}`).not.toBe(en[i]!.title);
                    expect(s.text[0], `${lang} ${variant}.${s.id}`).not.toBe(en[i]!.text[0]);
                });
        }
    });

    it('draws every picture on its own board, for sections the rules have', () => {
        for (const variant of VARIANTS) {
            const g = geometryOf(variant);
            for (const [id, d] of Object.entries(DIAGRAMS[variant])) {
                expect(RULE_SECTIONS[variant] as readonly string[], `${variant}.${id}`).toContain(id);
                const squares = [
                    ...Object.keys(d!.pieces),
                    ...(d!.reach ?? []),
                    ...(d!.captures ?? []),
                    ...(d!.arrows ?? []).flat(),
                    ...(d!.check ?? []),
                ];
                for (const sq of squares) expect(g.has(sq), `${variant}.${id}: ${sq}`).toBe(true);
                for (const sq of d!.captures ?? []) expect(d!.pieces[sq], `${variant}.${id}: ${sq}`).toBeDefined();
                for (const sq of d!.reach ?? []) expect(d!.pieces[sq], `${variant}.${id}: ${sq}`).toBeUndefined();
            }
        }
    });

    it('marks where a piece goes: blocked, taking, jumping, and the long Tamerlane leaps', () => {
        const chess = DIAGRAMS.chess;
        expect(chess['rook']!.captures).toEqual(['g4']);
        expect(chess['rook']!.reach).not.toContain('h4'); // behind the knight it takes
        expect(chess['queen']!.reach).not.toContain('g1'); // behind its own pawn
        expect([...chess['knight']!.reach!].sort()).toEqual(['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3']);
        expect(chess['knight']!.captures).toEqual(['f5']);
        const tamerlane = DIAGRAMS.tamerlane;
        expect([...tamerlane['giraffe']!.reach!].sort()).toEqual(
            ['a4', 'a6', 'b4', 'b6', 'e1', 'e10', 'e9', 'g1', 'g10', 'g9', 'j4', 'j6', 'k4', 'k6'].sort(),
        );
        expect(tamerlane['picket']!.reach).toContain('h7');
        expect(tamerlane['picket']!.reach).not.toContain('g6');
        expect([...tamerlane['camel']!.reach!].sort()).toEqual(['c4', 'c6', 'e2', 'e8', 'g2', 'g8', 'i4', 'i6']);
    });

    it('has an address for every game', () => {
        for (const variant of VARIANTS) expect(route(rulesPath(variant))).toEqual({ screen: 'rules', variant });
        expect(route('/rules/checkers')).toEqual({ screen: 'missing' });
    });
});
