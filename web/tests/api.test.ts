import { describe, expect, it } from 'vitest';
import { backoffMs, readClock, readOffers, socketUrl } from '../src/api';
import { invitationUrl } from '../src/screens/home';
import { route } from '../src/router';

describe('reconnect backoff', () => {
    it('doubles from half a second up to 15 s, with jitter within ±25 %', () => {
        const mid = () => 0.5;
        expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffMs(n, mid))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
        expect(backoffMs(0, () => 0)).toBe(375);
        expect(backoffMs(0, () => 1)).toBe(625);
    });
});

describe('addresses', () => {
    const loc = (href: string) => new URL(href) as unknown as Location;
    it('builds the socket address with the token escaped', () => {
        expect(socketUrl('ab12', 't/k+n', loc('http://localhost:8080/g/ab12'))).toBe('ws://localhost:8080/api/games/ab12/ws?token=t%2Fk%2Bn');
        expect(socketUrl('ab12', undefined, loc('https://x.org/'))).toBe('wss://x.org/api/games/ab12/ws');
    });
    it('makes invitation links absolute and names the seat', () => {
        expect(invitationUrl('g1', { seat: 'black', token: 'T', url: '/g/g1?token=T' }, 'http://h:1')).toBe('http://h:1/g/g1?token=T&seat=black');
        expect(invitationUrl('g1', { seat: 'west', token: 'T2' }, 'http://h:1')).toBe('http://h:1/g/g1?token=T2&seat=west');
    });
    it('routes paths to screens', () => {
        expect(route('/')).toEqual({ screen: 'home' });
        expect(route('/g/abc-123')).toEqual({ screen: 'game', id: 'abc-123' });
        expect(route('/g/')).toEqual({ screen: 'missing' });
        expect(route('/g/a/b')).toEqual({ screen: 'missing' });
        expect(route('/g/<script>')).toEqual({ screen: 'missing' });
    });
});

describe('tolerant readers of clock and offers', () => {
    it('reads the flat clock form and the nested ones', () => {
        expect(readClock({ white: 1000, black: 2000, running: 'black' })).toEqual({ remaining: { white: 1000, black: 2000 }, running: 'black' });
        expect(readClock({ remaining_ms: { east: 5 }, running: 'east' })).toEqual({ remaining: { east: 5 }, running: 'east' });
        expect(readClock({ seats: [{ seat: 'south', remaining_ms: 7 }] })).toEqual({ remaining: { south: 7 }, running: null });
        expect(readClock(null)).toBeNull();
        expect(readClock({ nonsense: true })).toBeNull();
    });
    it('reads offers as an object or a list, ignoring junk', () => {
        expect(readOffers({ draw: ['white'], alliance: [{ from: 'south', with: 'west' }] })).toEqual({ draw: ['white'], alliance: [{ from: 'south', with: 'west' }] });
        expect(readOffers([{ type: 'draw', seat: 'black' }, { type: 'alliance', from: 'north', with: 'east' }, 5, null])).toEqual({ draw: ['black'], alliance: [{ from: 'north', with: 'east' }] });
        expect(readOffers(undefined)).toEqual({ draw: [], alliance: [] });
        expect(readOffers({ draw: ['purple'] })).toEqual({ draw: [], alliance: [] });
    });
});
