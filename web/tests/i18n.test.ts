import { describe, expect, it } from 'vitest';
import { CATALOGUES, setLanguage, t } from '../src/i18n';
import { en } from '../src/i18n/en';
// The rules core's source, read as text (Vite's ?raw; the web tests have no Node types).
import illegalCpp from '../../src/core/illegal.cpp?raw';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// Every id that reason_id() in src/core/illegal.cpp returns: the `return "...";` lines of its body.
function reasonIds(source: string): string[] {
    const body = /std::string_view\s+reason_id\s*\([^)]*\)\s*\{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
    return [...new Set([...body.matchAll(/return\s+"(\w+)"\s*;/g)].map((m) => m[1] as string))];
}

describe('interface text catalogues', () => {
    for (const [lang, cat] of Object.entries(CATALOGUES)) {
        it(`${lang} has every key, no extra key, no empty text, the same placeholders`, () => {
            expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
            for (const [k, v] of Object.entries(cat)) {
                expect(typeof v === 'string' && v.trim().length > 0, `${lang}.${k}`).toBe(true);
                expect(placeholders(v), `${lang}.${k}`).toEqual(placeholders(en[k as keyof typeof en]));
            }
        });
    }
    it('explains every reason the rules core gives for an illegal move, in every language', () => {
        const ids = reasonIds(illegalCpp);
        expect(ids.length, 'reason ids found in src/core/illegal.cpp').toBeGreaterThanOrEqual(40);
        const missing = Object.entries(CATALOGUES).flatMap(([lang, cat]) =>
            ids.filter((id) => !(`reason_${id}` in cat)).map((id) => `${lang}: reason_${id}`),
        );
        expect(missing, `reasons without a text: ${missing.join(', ')}`).toEqual([]);
        for (const cat of Object.values(CATALOGUES)) expect('reason_other' in cat).toBe(true);
    });
    it('names every variant, seat and piece', () => {
        for (const v of ['chess', 'silverman', 'pawnrace', 'tamerlane', 'fourkingdoms', 'fourkingdoms-teams']) {
            expect(`variant_${v}` in en && `about_${v}` in en).toBe(true);
        }
        for (const s of ['white', 'black', 'east', 'south', 'west', 'north']) expect(`seat_${s}` in en).toBe(true);
        for (const k of 'KQRBNPHAGVZTECD') expect(`piece_${k}` in en).toBe(true);
    });
    it('has a phrase for every goal the judge knows (learn.md), for the grown-ups’ view', () => {
        const goals = ['give_check', 'escape_check', 'mate_in_1', 'mate_in_2', 'checkmate', 'castle', 'promote'];
        goals.push('capture_en_passant', 'avoid_stalemate', 'win_pawn_race', 'answer', 'other');
        goals.push('can_castle', 'castle_condition', 'en_passant_or_gone'); // practice questions
        for (const cat of Object.values(CATALOGUES))
            for (const g of goals) expect(`family_goal_${g}` in cat, g).toBe(true);
    });
    it('has a grown-up phrase for every reason a chess, Silverman or pawn-race learner can hit', () => {
        const reasons = ['no_piece', 'not_your_piece', 'not_that_pieces_move', 'path_blocked', 'own_piece_on_target'];
        reasons.push('pawn_cannot_capture_forward', 'pawn_moves_diagonally_only_to_capture');
        reasons.push('pawn_double_step_only_from_start', 'no_double_step_in_variant', 'en_passant_expired');
        reasons.push('castling_king_moved', 'castling_rook_moved', 'castling_in_check', 'castling_through_attack');
        reasons.push('castling_into_check', 'castling_path_blocked', 'castling_not_allowed_in_variant');
        reasons.push('piece_pinned', 'still_in_check', 'king_would_be_attacked');
        reasons.push('promotion_missing', 'promotion_not_allowed', 'promotion_not_on_last_rank');
        for (const cat of Object.values(CATALOGUES))
            for (const r of reasons) expect(`family_reason_${r}` in cat, r).toBe(true);
        // and no phrase for a reason the rules core does not give (a misspelt id would never be shown)
        const ids = new Set(reasonIds(illegalCpp));
        const stray = Object.keys(en)
            .filter((k) => k.startsWith('family_reason_'))
            .filter((k) => !ids.has(k.slice('family_reason_'.length)));
        expect(stray).toEqual([]);
    });
    it('fills placeholders in the chosen language', () => {
        setLanguage('zh');
        expect(t('to_move', { seat: '白方' })).toBe('轮到白方走');
        setLanguage('vi');
        expect(t('winner', { seat: 'Đen' })).toBe('Đen thắng!');
        setLanguage('en');
        expect(t('clock_minutes', { min: 5, inc: 3 })).toBe('5 min + 3 s');
    });
});
