// "How to play" for every variant: which sections each game's rules have (in reading order), the
// types of their texts, and the page they make in a language. The texts live in one catalogue per
// language beside this file (en.ts is the reference: zh.ts and vi.ts have its type, so a missing
// section does not compile), the pictures in diagrams.ts; docs/rules/ is what they retell.

import type { Variant } from '../geometry';
import type { Language } from '../i18n';
import { START_FEN } from '../notation';
import { type Diagram, DIAGRAMS } from './diagrams';

export type { Diagram } from './diagrams';
import { en } from './en';
import { vi } from './vi';
import { zh } from './zh';

export const RULE_SECTIONS = {
    chess: [
        'aim',
        'king',
        'queen',
        'rook',
        'bishop',
        'knight',
        'pawn',
        'check',
        'castling',
        'en_passant',
        'promotion',
        'end',
    ],
    silverman: ['aim', 'pieces', 'pawns', 'end'],
    pawnrace: ['aim', 'pawns', 'en_passant', 'end'],
    tamerlane: [
        'aim',
        'board',
        'king',
        'general',
        'vizier',
        'rook',
        'knight',
        'picket',
        'giraffe',
        'elephant',
        'camel',
        'war_engine',
        'pawns',
        'pawn_of_pawns',
        'royals',
        'swap',
        'citadels',
        'end',
    ],
    fourkingdoms: ['aim', 'board', 'pieces', 'pawns', 'promotion', 'turns', 'command', 'alliance', 'end'],
    'fourkingdoms-teams': ['aim', 'board', 'pieces', 'pawns', 'promotion', 'turns', 'partners', 'end'],
} as const satisfies Record<Variant, readonly string[]>;

export type SectionId<V extends Variant> = (typeof RULE_SECTIONS)[V][number];

// One section: a short heading and its paragraphs, each a sentence or two.
export interface SectionText {
    readonly title: string;
    readonly text: readonly string[];
}

export type RuleTexts = { readonly [V in Variant]: { readonly [S in SectionId<V>]: SectionText } };

const TEXTS: Record<Language, RuleTexts> = { en, zh, vi };

export interface RuleSection extends SectionText {
    readonly id: string;
    readonly diagram?: Diagram;
}

export interface RulesPage {
    readonly variant: Variant;
    readonly start: string; // the start position the page opens with
    readonly sections: readonly RuleSection[];
}

// The rules of `variant` in `language`: its start position, then its sections in order.
export function rulesPage(variant: Variant, language: Language): RulesPage {
    const texts: Record<string, SectionText> = TEXTS[language][variant];
    const pictures: Partial<Record<string, Diagram>> = DIAGRAMS[variant];
    const sections = RULE_SECTIONS[variant].map((id: string) => {
        const diagram = pictures[id];
        return diagram ? { id, ...texts[id]!, diagram } : { id, ...texts[id]! };
    });
    return { variant, start: START_FEN[variant], sections };
}
