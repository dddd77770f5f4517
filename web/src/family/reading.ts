// A child's "read everything aloud" (docs/learn.md: a child's `read_aloud`): while a child of the
// family is learning, Learn's switch is that child's, kept on the server for every device and in
// this browser's memory of the child, so that the next text already follows it. Without a child,
// the browser's own setting (speech.ts).

import type { ReadingKeeper } from '../speech';
import { familyApi } from './api';
import { chooseChild, loadFamily } from './memory';

export const childReading: ReadingKeeper = {
    get: () => loadFamily()?.child?.read_aloud,
    set(on) {
        const memory = loadFamily();
        if (!memory?.child) return false;
        chooseChild({ ...memory.child, read_aloud: on });
        // Not reached: this browser keeps it, and the server's copy comes back on the next visit
        // to the map (the choice is a child's comfort, not a record).
        familyApi.changeChild(memory.key, memory.child.id, { read_aloud: on }).catch(() => undefined);
        return true;
    },
};
