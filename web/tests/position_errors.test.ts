// A refused start position in the user's words (position_errors.ts): every problem the page's
// reader names and every rule the server names has a sentence in every language, with its
// values filled, and never the server's English.
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Language, hasKey, setLanguage } from '../src/i18n';
import { NotationError, type NotationProblem, parsePosition } from '../src/notation';
import { notationErrorText, positionRefusalText } from '../src/position_errors';

const SERVER_RULES = [
    'king_count',
    'piece_not_in_variant',
    'pawn_on_back_rank',
    'opposite_check',
    'castling_without_king',
    'castling_without_rook',
    'en_passant_square',
    'no_royal',
    'non_royal_in_citadel',
    'royal_in_own_citadel',
    'not_senior_in_citadel',
    'swap_without_king',
    'two_pawns_of_pawns',
    'waiting_pawn_arrivals',
    'pawn_of_pawns_after_third',
    'counter_out_of_range',
    'too_many_pieces',
    'player_not_in_game',
    'commander',
    'alliance',
    'mated',
    'turn_order',
];
const FIELDS = [
    'fen',
    'board',
    'side',
    'castling',
    'en passant',
    'halfmove clock',
    'fullmove number',
    'citadels',
    'swaps',
    'pawn-of-pawns',
    'player',
    'control',
    'alliance',
    'tfen',
    'k4fen',
];

describe('position errors', () => {
    it('says a problem of the page’s reader with its values, in each language', () => {
        for (const lang of Object.keys(CATALOGUES) as Language[]) {
            setLanguage(lang);
            let text = '';
            try {
                parsePosition('chess', '8/8/8/8/8/8/8/8 w KQkq - 0');
            } catch (e) {
                text = notationErrorText(e as NotationError);
            }
            expect(text).toContain('5');
            expect(text).not.toMatch(/[{}]/);
        }
        setLanguage('en');
    });
    it('has a sentence for every problem and every rule and field the server names', () => {
        const problems: NotationProblem[] = [
            'too_long',
            'fen_fields',
            'fields',
            'ranks',
            'empty_count',
            'off_board',
            'unknown_character',
            'not_removed',
            'files',
            'side',
            'castling',
            'en_passant',
            'halfmove',
            'move_number',
            'citadels',
            'citadel_occupant',
            'swaps',
            'pawn_of_pawns',
            'player',
            'control',
            'alliance',
        ];
        for (const p of problems)
            expect(notationErrorText(new NotationError(p, { text: 'x' }))).not.toBe(`notation_${p}`);
        for (const rule of SERVER_RULES) expect(hasKey(`position_rule_${rule}`), rule).toBe(true);
        for (const field of FIELDS) expect(hasKey(`position_field_${field.replace(/[ -]/g, '_')}`), field).toBe(true);
    });
    it('says the server’s refusal by its rule or field, never its English sentence', () => {
        setLanguage('zh');
        const rule = positionRefusalText({
            type: 'error',
            code: 'bad_request',
            message: 'fen: illegal position: two kings',
            reason: 'king_count',
        });
        expect(rule).toBe('每一方必须正好有一个王。');
        const field = positionRefusalText({
            type: 'error',
            code: 'bad_request',
            message: 'fen: invalid castling: x',
            reason: 'unreadable',
            field: 'castling',
        });
        expect(field).toContain('王车易位部分');
        expect(field).not.toContain('invalid');
        // A rule or field this page does not know yet still gets a sentence of its own language.
        expect(positionRefusalText({ type: 'error', code: 'bad_request', message: 'm', reason: 'new_rule' })).toBe(
            '规则不允许这个局面。',
        );
        expect(
            positionRefusalText({
                type: 'error',
                code: 'bad_request',
                message: 'm',
                reason: 'unreadable',
                field: '??',
            }),
        ).toContain('部分数量');
        expect(positionRefusalText({ type: 'error', code: 'bad_request', message: 'unknown variant' })).toBeUndefined();
        setLanguage('en');
    });
});
