// The players' clocks: the server's `clock` object ({seat: ms, running, initial_ms,
// increment_ms}) counted down here between its messages, drawn into the `.clock[data-seat]`
// nodes of a container.

import type { Seat } from '../../geometry';
import type { Clock } from '../../turn';

// "5:00", "1:02:03"; tenths under ten seconds ("0:09.5"); never below zero.
export function formatClock(ms: number): string {
    const clamped = Math.max(0, ms);
    const total = Math.floor(clamped / 1000);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    if (clamped < 10000) return `${m}:${String(s).padStart(2, '0')}.${Math.floor((clamped % 1000) / 100)}`;
    return h
        ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
        : `${m}:${String(s).padStart(2, '0')}`;
}

// Under this the clock turns red.
const LOW_MS = 20000;

export class Clocks {
    // The last clock the server sent and when it came (performance.now()).
    private last: { clock: Clock; at: number } | null = null;

    set(clock: Clock | null, now = performance.now()): void {
        this.last = clock ? { clock, at: now } : null;
    }

    // A seat's time left now; undefined in an untimed game. `stopped`: the game is over, so
    // nothing runs whatever the last clock said.
    msOf(seat: Seat, stopped: boolean, now = performance.now()): number | undefined {
        if (!this.last) return undefined;
        const base = this.last.clock[seat];
        if (base === undefined) return undefined;
        return this.last.clock.running === seat && !stopped ? base - (now - this.last.at) : base;
    }

    tick(container: ParentNode, stopped: boolean): void {
        for (const node of container.querySelectorAll<HTMLElement>('.clock[data-seat]')) {
            const ms = this.msOf(node.dataset['seat'] as Seat, stopped);
            node.textContent = ms === undefined ? '' : formatClock(ms);
            node.classList.toggle('low', ms !== undefined && ms < LOW_MS);
        }
    }
}
