// The variant players' screens: the Four Kingdoms move list by player and round (rounds.ts,
// GameModel.moverOf), every piece's card text in every language (piece_texts.ts), and the
// Tamerlane citadel notes' trigger (citadel_note.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameModel } from '../src/game';
import type { Seat, Variant } from '../src/geometry';
import { type Language, setLanguage } from '../src/i18n';
import { type Kind, type Piece, START_FEN, parsePosition } from '../src/notation';
import { PIECE_RULES, pieceInfo, pieceRule } from '../src/piece_texts';
import { type CitadelNote, FirstTimes, citadelNotes } from '../src/screens/game/citadel_note';
import { roundsOf } from '../src/screens/game/rounds';
import { type StateMessage, readMessage } from '../src/turn';
import fourKingdomsAlliance from './fixtures/fourkingdoms_alliance.json';

const ORDER: Seat[] = ['east', 'south', 'west', 'north'];
const ALL: Seat[] = [...ORDER];
const moversOf = (movers: Seat[]) => (ply: number) => movers[ply - 1];
const sans = (n: number) => Array.from({ length: n }, (_, i) => `m${i + 1}`);

describe('Four Kingdoms rounds', () => {
    it('put a move made first because of check in its player’s column', () => {
        // East checks West, who moves before South (passed over); then North; then a full round.
        const movers: Seat[] = ['east', 'west', 'north', 'east', 'south', 'west', 'north'];
        const rows = roundsOf(sans(7), moversOf(movers), ORDER, 1, ALL);
        expect(rows.map((r) => r.round)).toEqual([1, 2]);
        expect(rows[0]!.cells).toEqual([{ ply: 1, san: 'm1' }, null, { ply: 2, san: 'm2' }, { ply: 3, san: 'm3' }]);
        expect(rows[1]!.cells.map((c) => c && c !== 'out' && c.ply)).toEqual([4, 5, 6, 7]);
    });
    it('count rounds as the record does: a new one when the turn passes over or lands on East', () => {
        // From a position with South to move in round 3: South, West, then South again (in check:
        // the turn passes over North and East, so round 4 starts), West, North, then East (round 5).
        const movers: Seat[] = ['south', 'west', 'south', 'west', 'north', 'east'];
        const rows = roundsOf(sans(6), moversOf(movers), ORDER, 3, ALL);
        expect(rows.map((r) => r.round)).toEqual([3, 4, 5]);
        expect(rows[0]!.cells[0]).toBeNull();
        expect(rows[2]!.cells[0]).toEqual({ ply: 6, san: 'm6' });
    });
    it('mark a player out of the game in every round after its last move', () => {
        const movers: Seat[] = ['east', 'south', 'west', 'north', 'east', 'south', 'north', 'east'];
        const rows = roundsOf(sans(8), moversOf(movers), ORDER, 1, ['east', 'south', 'north']);
        expect(rows[0]!.cells[2]).toEqual({ ply: 3, san: 'm3' });
        expect(rows[1]!.cells[2]).toBe('out');
        expect(rows[2]!.cells).toEqual([{ ply: 8, san: 'm8' }, null, 'out', null]);
    });
    it('name each move’s player: the army’s commander, for moves the page did not see played', () => {
        // North is out and East commands its army; South, West, then East moves a North pawn.
        const start = readMessage(fourKingdomsAlliance[0], true) as StateMessage;
        const model = new GameModel({
            ...start,
            moves: ['h1h2', 'a8a7', 'd13d12'],
            san: ['Kh2', 'Ka7', 'd13-d12'],
            plies: 3,
            fen: '',
        });
        expect([1, 2, 3].map((p) => model.moverOf(p))).toEqual(['south', 'west', 'east']);
        const rows = roundsOf(model.san, (p) => model.moverOf(p), ORDER, 1, model.inGame);
        expect(rows.map((r) => r.cells)).toEqual([
            [null, { ply: 1, san: 'Kh2' }, { ply: 2, san: 'Ka7' }, 'out'],
            [{ ply: 3, san: 'd13-d12' }, null, null, 'out'],
        ]);
    });
});

const kept = new Map<string, string>();
beforeEach(() => {
    kept.clear();
    vi.stubGlobal('localStorage', {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => void kept.set(k, v),
    });
});
afterEach(() => {
    setLanguage('en');
    vi.unstubAllGlobals();
});

const VARIANTS = Object.keys(START_FEN) as Variant[];
// Every kind each game can have: its start position's and what its pawns may become.
function piecesOf(v: Variant): Piece[] {
    const start = [...parsePosition(v, START_FEN[v]).pieces.values()];
    const more: Kind[] = v === 'tamerlane' ? ['H', 'A'] : v === 'pawnrace' ? [] : ['Q', 'R', 'B', 'N'];
    return [...start, ...more.map((kind) => ({ army: start[0]!.army, kind }))];
}

describe('piece cards', () => {
    it('have a name and a text for every piece kind of every variant in every language', () => {
        for (const lang of ['en', 'zh', 'vi'] as Language[]) {
            setLanguage(lang);
            for (const v of VARIANTS) {
                for (const piece of piecesOf(v)) {
                    const { name, moves } = pieceInfo(v, piece);
                    expect(name.length, `${lang} ${v} ${piece.kind}`).toBeGreaterThan(0);
                    expect(moves.length, `${lang} ${v} ${piece.kind}`).toBeGreaterThan(4);
                    expect(moves, `${lang} ${v} ${piece.kind}`).not.toMatch(/[{}]/);
                }
            }
        }
    });
    it('say what a Tamerlane pawn becomes, and tell the games’ pawns apart', () => {
        setLanguage('en');
        expect(pieceInfo('tamerlane', { army: 'white', kind: 'P', pawnOf: 'C' })).toEqual({
            name: 'Pawn of camels',
            moves: expect.stringContaining('becomes its piece: camel') as string,
        });
        expect(pieceInfo('tamerlane', { army: 'black', kind: 'P', pawnOf: 'K' }).moves).toContain('prince');
        const pawn = { army: 'white', kind: 'P' } as const;
        const rules = ['chess', 'silverman', 'pawnrace', 'fourkingdoms'].map((v) => pieceRule(v as Variant, pawn));
        expect(new Set(rules).size).toBe(4);
    });
    it('are written in every language, none empty, with the same placeholders', () => {
        const placeholders = (s: string) => s.match(/\{\w+\}/g)?.sort() ?? [];
        for (const [rule, text] of Object.entries(PIECE_RULES.en)) {
            for (const lang of ['zh', 'vi'] as Language[]) {
                const other = PIECE_RULES[lang][rule as keyof typeof PIECE_RULES.en];
                expect(other.trim().length, `${lang} ${rule}`).toBeGreaterThan(0);
                expect(placeholders(other), `${lang} ${rule}`).toEqual(placeholders(text));
            }
        }
    });
});

// A Tamerlane position with these pieces (TFEN placement built from squares).
function tamerlane(pieces: Record<string, string>): ReturnType<typeof parsePosition> {
    const base = parsePosition('tamerlane', '11/5k5/11/11/11/11/11/11/5K5/11 w -/- - 0/0 0 1');
    const map = new Map(base.pieces);
    for (const [sq, code] of Object.entries(pieces)) {
        const army = code === code.toUpperCase() ? 'white' : 'black';
        map.set(sq, { army, kind: code.toUpperCase() as Kind });
    }
    return { ...base, pieces: map };
}
const says = (notes: CitadelNote[]) => notes.map((n) => `${n.army} ${n.kind} ${n.citadel} ${n.say}`);

describe('citadel notes', () => {
    it('say what the citadel next to a king means for it', () => {
        expect(citadelNotes(tamerlane({}))).toEqual([]);
        expect(says(citadelNotes(tamerlane({ a9: 'A' })))).toEqual(['white A z9 citadel_note_enemy_closed']);
        expect(says(citadelNotes(tamerlane({ k2: 'A', a10: 'h' })))).toEqual([
            'white A l2 citadel_note_own_refuge',
            'black H z9 citadel_note_own_closed',
        ]);
        expect(says(citadelNotes(tamerlane({ l2: 'A' })))).toEqual(['white A l2 citadel_note_own_inside']);
        const noKing = tamerlane({ a8: 'H' });
        const pieces = new Map(noKing.pieces);
        pieces.delete('f2'); // White's King gone: the prince is senior
        expect(says(citadelNotes({ ...noKing, pieces }))).toEqual(['white H z9 citadel_note_enemy_draw']);
        expect(citadelNotes(parsePosition('chess', START_FEN.chess))).toEqual([]);
    });
    it('are shown once per game and per king: while it stands there the first time', () => {
        const once = new FirstTimes();
        const near = citadelNotes(tamerlane({ k3: 'A' }));
        expect(once.keep(near)).toHaveLength(1);
        expect(once.keep(near)).toHaveLength(1);
        expect(once.keep([])).toEqual([]);
        expect(once.keep(near)).toEqual([]);
        expect(once.keep(citadelNotes(tamerlane({ a10: 'k' })))).toHaveLength(1);
    });
});
