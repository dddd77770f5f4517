// Tamerlane: a short note under the board when a king (a royal) stands at a citadel's door or
// inside it, saying what that citadel means for it (rules/tamerlane.md, "Royals and check"): the
// enemy's citadel is a draw for the side's senior royal and closed to the others; a side's own
// citadel is a refuge for its adventitious king only. Each note is shown once per game and per
// royal: while it stands there the first time, not again afterwards.

import { el } from '../../dom';
import type { Seat } from '../../geometry';
import { type StringKey, capitalised, t } from '../../i18n';
import type { Kind, Position } from '../../notation';

// Each citadel's side and the three squares a royal steps in from.
const CITADELS: Record<string, { owner: Seat; doors: readonly string[] }> = {
    l2: { owner: 'white', doors: ['k1', 'k2', 'k3'] },
    z9: { owner: 'black', doors: ['a8', 'a9', 'a10'] },
};
const ROYALS: readonly Kind[] = ['K', 'H', 'A'];

export interface CitadelNote {
    id: string; // the royal and the citadel, for showing it once
    army: Seat;
    kind: Kind;
    citadel: string;
    say: StringKey;
}

// The notes for the royals at a citadel's door or inside one in `pos`.
export function citadelNotes(pos: Position): CitadelNote[] {
    if (pos.variant !== 'tamerlane') return [];
    const out: CitadelNote[] = [];
    for (const [square, piece] of pos.pieces) {
        if (!ROYALS.includes(piece.kind)) continue;
        for (const [citadel, { owner, doors }] of Object.entries(CITADELS)) {
            if (square !== citadel && !doors.includes(square)) continue;
            const say = noteFor(pos, piece.army, piece.kind, owner, square === citadel);
            out.push({
                id: `${piece.army}-${piece.kind}-${citadel}`,
                army: piece.army,
                kind: piece.kind,
                citadel,
                say,
            });
        }
    }
    return out;
}

function noteFor(pos: Position, army: Seat, kind: Kind, owner: Seat, inside: boolean): StringKey {
    if (owner === army) {
        if (kind !== 'A') return 'citadel_note_own_closed';
        return inside ? 'citadel_note_own_inside' : 'citadel_note_own_refuge';
    }
    return kind === seniorRoyal(pos, army) ? 'citadel_note_enemy_draw' : 'citadel_note_enemy_closed';
}

// The royal that may enter the enemy's citadel: the King; without one, a prince; without one,
// the adventitious king.
function seniorRoyal(pos: Position, army: Seat): Kind | undefined {
    const kinds = new Set([...pos.pieces.values()].filter((p) => p.army === army).map((p) => p.kind));
    return ROYALS.find((k) => kinds.has(k));
}

// Which notes to show: each while its royal stands there the first time, never again after.
export class FirstTimes {
    private readonly showing = new Set<string>();
    private readonly done = new Set<string>();

    keep(notes: readonly CitadelNote[]): CitadelNote[] {
        const here = new Set(notes.map((n) => n.id));
        for (const id of this.showing) {
            if (here.has(id)) continue;
            this.showing.delete(id);
            this.done.add(id);
        }
        for (const n of notes) if (!this.done.has(n.id)) this.showing.add(n.id);
        return notes.filter((n) => this.showing.has(n.id));
    }
}

export class CitadelNotes {
    readonly element = el('div', { class: 'citadel-notes', id: 'citadel-notes', 'aria-live': 'polite' });
    private readonly firstTimes = new FirstTimes();

    // `pos`: the position now.
    update(pos: Position): void {
        this.element.replaceChildren(
            ...this.firstTimes.keep(citadelNotes(pos)).map((n) =>
                el(
                    'p',
                    { class: 'citadel-note', 'data-citadel': n.citadel },
                    capitalised(
                        t(n.say, {
                            army: t(`seat_${n.army}`),
                            piece: t(`piece_${n.kind}`),
                            owner: t(`seat_${CITADELS[n.citadel]!.owner}`),
                        }),
                    ),
                ),
            ),
        );
    }
}
