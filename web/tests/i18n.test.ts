import { describe, expect, it } from 'vitest';
import { CATALOGUES, setLanguage, t } from '../src/i18n';
import { en } from '../src/i18n/en';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

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
    it('names every variant, seat and piece', () => {
        for (const v of ['chess', 'silverman', 'pawnrace', 'tamerlane', 'fourkingdoms', 'fourkingdoms-teams']) {
            expect(`variant_${v}` in en && `about_${v}` in en).toBe(true);
        }
        for (const s of ['white', 'black', 'east', 'south', 'west', 'north']) expect(`seat_${s}` in en).toBe(true);
        for (const k of 'KQRBNPHAGVZTECD') expect(`piece_${k}` in en).toBe(true);
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
