// The contract's two sides: every message the server wrote (fixtures/, made by the C++
// tests/messages_test.cpp) passes the client's strict reader (src/turn.ts), the reader names what
// is wrong in a message that does not, and the fixtures played into a GameModel end as the games
// did.
import { describe, expect, it } from 'vitest';
import { GameModel } from '../src/game';
import { allianceChoices } from '../src/screens/game/controls';
import { type MoveMessage, SchemaError, readMessage } from '../src/turn';
import chessClaims from './fixtures/chess_claims.json';
import chessMate from './fixtures/chess_mate.json';
import chessTakeBack from './fixtures/chess_take_back.json';
import fourKingdomsAlliance from './fixtures/fourkingdoms_alliance.json';
import fourKingdomsTeams from './fixtures/fourkingdoms_teams.json';
import variants from './fixtures/variants.json';
import { fixtures } from './message_fixtures';

const FIXTURES: Record<string, readonly unknown[]> = {
    chess_claims: chessClaims,
    chess_mate: chessMate,
    chess_take_back: chessTakeBack,
    fourkingdoms_alliance: fourKingdomsAlliance,
    fourkingdoms_teams: fourKingdomsTeams,
    variants,
};

// The model after the first `count` messages, fed in order as the game screen does (a state of
// another variant starts another model).
function playTo(messages: readonly unknown[], count = messages.length): GameModel {
    let model: GameModel | undefined;
    for (const m of fixtures(messages.slice(0, count))) {
        if (m.type === 'state') {
            if (!model || model.variant !== m.variant) model = new GameModel(m);
            else model.applyState(m);
        } else if (m.type === 'take_back') model!.applyState(m);
        else if (m.type === 'move') expect(model!.applyMove(m)).toBe('applied');
        else if (m.type === 'action') expect(model!.applyAction(m)).toBe('applied');
        else if (m.type === 'seat') model!.applySeat(m);
        else if (m.type === 'end') model!.applyEnd(m);
    }
    return model!;
}

// The error readMessage throws for `v`, or a failure.
function refusal(v: unknown, strict = false): string {
    try {
        readMessage(v, strict);
    } catch (e) {
        expect(e).toBeInstanceOf(SchemaError);
        return (e as Error).message;
    }
    throw new Error('readMessage accepted it');
}

const aMove = (): Record<string, unknown> => structuredClone(chessMate[1]!);

describe('the fixtures pass the strict reader', () => {
    for (const [name, messages] of Object.entries(FIXTURES)) {
        it(name, () => {
            messages.forEach((m, i) => expect(() => readMessage(m, true), `${name}[${i}]`).not.toThrow());
        });
    }
    it('covers every kind of message', () => {
        const types = new Set(Object.values(FIXTURES).flatMap((ms) => fixtures(ms).map((m) => m.type)));
        expect([...types].sort()).toEqual([
            'action',
            'end',
            'error',
            'move',
            'pong',
            'rematch',
            'seat',
            'state',
            'take_back',
        ]);
    });
});

describe('readMessage refuses what the contract does not say, naming the field', () => {
    it('a missing field', () => {
        const m = aMove();
        delete m['fen'];
        expect(refusal(m)).toBe('move.fen: missing');
        const state = structuredClone(chessMate[0]!) as Record<string, unknown>;
        delete (state['offers'] as Record<string, unknown>)['alliance'];
        expect(refusal(state)).toBe('state.offers.alliance: missing');
    });
    it('a wrong type', () => {
        expect(refusal({ ...aMove(), plies: '1' })).toBe('move.plies: not an integer');
        expect(refusal({ ...structuredClone(chessTakeBack[3]!), taken: 'two' })).toBe(
            'take_back.taken: not an integer',
        );
        expect(refusal({ ...structuredClone(chessTakeBack.at(-2)!), seat: 'red' })).toBe(
            'rematch.seat: not a seat: "red"',
        );
        expect(refusal({ ...aMove(), in_check: 0 })).toBe('move.in_check: not true or false');
        expect(refusal({ ...aMove(), legal_moves: 'e2e4' })).toBe('move.legal_moves: not a list');
        expect(refusal({ ...aMove(), claims: ['perpetual'] })).toMatch(/^move\.claims\[0\]: not one of/);
        expect(refusal({ ...aMove(), clock: { white: 1, black: 2, running: null, initial_ms: 'five' } })).toBe(
            'move.clock.initial_ms: not an integer',
        );
    });
    it('an unknown seat, where a seat or a seat key is', () => {
        expect(refusal({ ...aMove(), to_move: 'purple' })).toBe('move.to_move: not a seat: "purple"');
        expect(refusal({ ...aMove(), commanders: { white: 'white', red: 'white' } })).toBe(
            'move.commanders key: not a seat: "red"',
        );
        expect(refusal({ type: 'seat', seat: 'nobody', connected: true })).toBe('seat.seat: not a seat: "nobody"');
    });
    it("the old reader's alliance proposal ({from, with})", () => {
        const m = { ...aMove(), offers: { draw: [], alliance: { from: 'south', with: 'west' } } };
        expect(refusal(m)).toBe('move.offers.alliance.to: missing');
    });
    it('an unknown type, or none', () => {
        expect(refusal({ type: 'moved' })).toBe('message: unknown type "moved"');
        expect(refusal({ move: 'e2e4' })).toBe('message: not an object with a string type');
        expect(refusal(null)).toBe('message: not an object with a string type');
    });
    it('an unknown event or action', () => {
        expect(refusal({ ...aMove(), events: [{ kind: 'stalemate' }] })).toMatch(
            /^move\.events\[0\]\.kind: not one of/,
        );
        const action = structuredClone(chessMate[2]!) as Record<string, unknown>;
        expect(refusal({ ...action, action: 'takeback' })).toMatch(/^action\.action: not one of/);
    });
    it('an extra field in strict mode only (the app lets a server add fields)', () => {
        const m = { ...aMove(), you: 'white' };
        expect(refusal(m, true)).toBe('move.you: not a field of this message');
        expect(readMessage(m).type).toBe('move');
        const offers = { ...aMove(), offers: { draw: [], alliance: null, takeback: [] } };
        expect(refusal(offers, true)).toBe('move.offers.takeback: not a field of this message');
    });
});

describe('the fixtures played into a GameModel', () => {
    it('chess_mate: an offer, its decline, refusals, and the mate', () => {
        expect(playTo(chessMate, 3).offers.draw).toEqual(['black']);
        expect(playTo(chessMate, 4).offers.draw).toEqual([]); // declined
        const end = playTo(chessMate);
        expect(end.over).toBe(true);
        expect(end.status).toBe('checkmate');
        expect(end.result).toBe('0-1');
        expect(end.text).toBe('Black wins by checkmate.');
        expect(end.san).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
        expect(end.legal).toEqual([]);
        expect(end.inCheck).toBe(true);
        expect(end.clock).toEqual({
            white: 300000,
            black: 300000,
            running: null,
            initial_ms: 300000,
            increment_ms: 2000,
        });
        expect(end.checkSquaresAt(4)).toEqual(['e1']);
        const refusals = fixtures(chessMate).filter((m) => m.type === 'error');
        expect(refusals.map((m) => m.type === 'error' && [m.code, m.reason])).toEqual([
            ['illegal_move', 'not_your_piece'],
            ['bad_request', undefined],
        ]);
    });
    it('chess_claims: the repeating move may be played with a claim, then the draw is agreed', () => {
        const beforeRepetition = playTo(chessClaims, 8);
        expect(beforeRepetition.toMove).toBe('black');
        expect(beforeRepetition.claimsWith('f6g8')).toEqual(['threefold_repetition']);
        expect(beforeRepetition.claimsWith('g8f6')).toEqual([]);
        expect(beforeRepetition.canClaimDraw()).toBe(false); // nothing to claim without the move
        expect(playTo(chessClaims, 9).offers.draw).toEqual(['black']);
        const end = playTo(chessClaims);
        expect([end.status, end.result]).toEqual(['agreement', '1/2-1/2']);
        expect(end.claimsWith('f6g8')).toEqual([]);
        expect(end.ply).toBe(7);
    });
    it('fourkingdoms_alliance: West is offered to accept South’s proposal', () => {
        const [start, proposed, formed] = [1, 2, 3].map((n) => playTo(fourKingdomsAlliance, n));
        expect(start!.armiesOf('east')).toEqual(['east', 'north']); // East commands North's army
        expect(start!.inGame).toEqual(['east', 'south', 'west']);
        expect(allianceChoices(start!, ['south'])).toEqual([
            { seat: 'south', action: 'propose_alliance', with: 'west' },
        ]);
        expect(allianceChoices(start!, ['east'])).toEqual([]); // the absorber
        expect(proposed!.offers.alliance).toEqual({ from: 'south', to: 'west' });
        expect(allianceChoices(proposed!, ['west'])).toEqual([
            { seat: 'west', action: 'accept_alliance', with: 'south' },
        ]);
        expect(allianceChoices(proposed!, ['south'])).toEqual([]); // its own proposal stands
        expect(proposed!.events).toEqual([
            { kind: 'alliance_proposed', player: 'south', other: 'west', text: 'South proposes an alliance to West' },
        ]);
        expect(formed!.offers.alliance).toBeNull();
        expect(allianceChoices(formed!, ['east', 'south', 'west'])).toEqual([]);
    });
    it('fourkingdoms_teams: a resignation hands the army to the partner', () => {
        const end = playTo(fourKingdomsTeams);
        expect(end.over).toBe(false);
        expect(end.inGame).toEqual(['east', 'south', 'north']);
        expect(end.commanders.west).toBe('north');
        expect(end.armiesOf('north')).toEqual(['west', 'north']);
        expect(end.offers.draw).toEqual(['south']);
        expect(end.seats.find((s) => s.seat === 'north')?.player).toBe('engine');
        expect(end.events.map((e) => e.kind)).toEqual(['resignation', 'command']);
    });
    it('variants: each start, its first move, a check, a seat gone', () => {
        const after = variants.map((_, i) => playTo(variants, i + 1));
        expect(after.map((m) => [m.variant, m.ply])).toEqual([
            ['silverman', 0],
            ['silverman', 1],
            ['pawnrace', 0],
            ['pawnrace', 1],
            ['tamerlane', 0],
            ['tamerlane', 1],
            ['tamerlane', 1],
            ['tamerlane', 1],
        ]);
        expect(after[1]!.inCheck).toBe(true);
        expect(after[1]!.positionAt(1).pieces.get('b3')).toEqual({ army: 'white', kind: 'P' });
        expect(after[5]!.seats.find((s) => s.seat === 'black')?.connected).toBe(true);
        expect(after[6]!.seats.find((s) => s.seat === 'black')?.connected).toBe(false);
    });
    it('a move message names the mover and counts the plies', () => {
        const moves = fixtures(chessMate).filter((m): m is MoveMessage => m.type === 'move');
        for (const m of moves) expect(m.plies).toBe(m.ply + 1);
        expect(moves.map((m) => m.seat)).toEqual(['white', 'black', 'white', 'black']);
    });
});
