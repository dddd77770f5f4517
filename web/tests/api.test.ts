import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, backoffMs, socketUrl } from '../src/api';
import { route } from '../src/router';
import { invitationUrl } from '../src/screens/home';
import { SchemaError } from '../src/turn';
import chessMate from './fixtures/chess_mate.json';

describe('reconnect backoff', () => {
    it('doubles from half a second up to 15 s, with jitter within ±25 %', () => {
        const mid = () => 0.5;
        expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffMs(n, mid))).toEqual([
            500, 1000, 2000, 4000, 8000, 15000, 15000, 15000,
        ]);
        expect(backoffMs(0, () => 0)).toBe(375);
        expect(backoffMs(0, () => 1)).toBe(625);
    });
});

describe('addresses', () => {
    const loc = (href: string) => new URL(href) as unknown as Location;
    it('builds the socket address with the token escaped', () => {
        expect(socketUrl('ab12', 't/k+n', loc('http://localhost:8080/g/ab12'))).toBe(
            'ws://localhost:8080/api/games/ab12/ws?token=t%2Fk%2Bn',
        );
        expect(socketUrl('ab12', undefined, loc('https://x.org/'))).toBe('wss://x.org/api/games/ab12/ws');
    });
    it('makes invitation links absolute and names the seat', () => {
        expect(invitationUrl('g1', { seat: 'black', token: 'T', url: '/g/g1?token=T' }, 'http://h:1')).toBe(
            'http://h:1/g/g1?token=T&seat=black',
        );
        expect(invitationUrl('g1', { seat: 'west', token: 'T2' }, 'http://h:1')).toBe(
            'http://h:1/g/g1?token=T2&seat=west',
        );
    });
    it('routes paths to screens', () => {
        expect(route('/')).toEqual({ screen: 'home' });
        expect(route('/g/abc-123')).toEqual({ screen: 'game', id: 'abc-123' });
        expect(route('/g/')).toEqual({ screen: 'missing' });
        expect(route('/g/a/b')).toEqual({ screen: 'missing' });
        expect(route('/g/<script>')).toEqual({ screen: 'missing' });
    });
});

describe('HTTP answers go through the contract', () => {
    // fetch answers `body` with `status`; the requests are kept.
    function answer(status: number, body: unknown): { method: string; url: string; body: unknown }[] {
        const asked: { method: string; url: string; body: unknown }[] = [];
        vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
            asked.push({
                method: init.method ?? 'GET',
                url,
                body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
            });
            return Promise.resolve(new Response(JSON.stringify(body), { status }));
        });
        return asked;
    }
    afterEach(() => {
        vi.unstubAllGlobals();
    });

    it('reads the state and a move as the server wrote them', async () => {
        answer(200, chessMate[0]);
        const s = await api.state('g1');
        expect([s.type, s.variant, s.to_move]).toEqual(['state', 'chess', 'white']);
        const asked = answer(200, chessMate[1]);
        const m = await api.move('g 1', 'tok', 'f2f3', 0);
        expect([m.type, m.san, m.plies]).toEqual(['move', 'f3', 1]);
        expect(asked).toEqual([
            { method: 'POST', url: '/api/games/g%201/moves', body: { token: 'tok', move: 'f2f3', ply: 0 } },
        ]);
    });
    it('refuses an answer outside the contract, naming the field', async () => {
        const broken = { ...chessMate[0], offers: { draw: [], alliance: { from: 'south', with: 'west' } } };
        answer(200, broken);
        await expect(api.state('g1')).rejects.toThrow(new SchemaError('state.offers.alliance.to: missing'));
    });
    it('turns an error answer into an ApiError with the server’s body', async () => {
        answer(400, chessMate[4]);
        const err = await api.move('g1', 'tok', 'e1e3', 1).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(400);
        expect((err as ApiError).body.reason).toBe('not_your_piece');
    });
});
