// What this browser remembers of its family (localStorage `citadel.family`):
//
//   {"key": "<43 characters>", "child": {"id": "k3Jx9aQ2", "name": "Linh", "avatar": "fox", "read_aloud": true}}
//
// the family's key and the child learning now (null: none chosen). The child's name, avatar and
// choice of reading aloud are kept so that the Learn screens have them at once; the server's family (GET /api/family) is the
// truth and refreshes them. A value that is not of this form is ignored, as if there were no
// family. Whether the browser's own stars were offered to a child is kept beside it
// (`citadel.family.offered`), so that the offer is made once.

import { type Avatar, isAvatar, isFamilyKey } from './contract';
import { browserStorage } from '../kept';

const KEY = 'citadel.family';
const OFFERED_KEY = 'citadel.family.offered';

export interface ChosenChild {
    id: string;
    name: string;
    avatar: Avatar;
    read_aloud: boolean;
}

export interface FamilyMemory {
    key: string;
    child: ChosenChild | null;
}

// What a request made for a child carries: the family's key (in the header) and the child's id.
export interface ForChild {
    key: string;
    child: string;
}

// Where it is kept: localStorage, or what a test gives.
export interface KeptStorage {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
}

const isChosen = (v: unknown): v is ChosenChild => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    return typeof o['id'] === 'string' && o['id'] !== '' && typeof o['name'] === 'string' && isAvatar(o['avatar']);
};

export function loadFamily(
    storage: Pick<KeptStorage, 'getItem'> | undefined = browserStorage(),
): FamilyMemory | undefined {
    let parsed: unknown;
    try {
        parsed = JSON.parse(storage?.getItem(KEY) ?? 'null');
    } catch {
        return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { key, child } = parsed as Record<string, unknown>;
    if (!isFamilyKey(key)) return undefined;
    return { key, child: isChosen(child) ? chosen(child) : null };
}

export function saveFamily(memory: FamilyMemory, storage: KeptStorage | undefined = browserStorage()): void {
    try {
        storage?.setItem(KEY, JSON.stringify(memory));
    } catch {
        /* storage full or off: the family lasts this page only */
    }
}

// Forgets the family on this device (its link opens it again).
export function forgetFamily(storage: KeptStorage | undefined = browserStorage()): void {
    storage?.removeItem(KEY);
}

// What is kept of a child (a memory from before `read_aloud` was kept reads aloud, the default).
const chosen = (c: Omit<ChosenChild, 'read_aloud'> & { read_aloud?: unknown }): ChosenChild => ({
    id: c.id,
    name: c.name,
    avatar: c.avatar,
    read_aloud: c.read_aloud !== false,
});

// Makes `child` the one learning now (null: nobody); nothing without a family.
export function chooseChild(child: ChosenChild | null, storage: KeptStorage | undefined = browserStorage()): void {
    const memory = loadFamily(storage);
    if (memory) saveFamily({ ...memory, child: child && chosen(child) }, storage);
}

// The key and the child for a request, when a child is learning.
export function forChild(storage: Pick<KeptStorage, 'getItem'> | undefined = browserStorage()): ForChild | undefined {
    const memory = loadFamily(storage);
    return memory?.child ? { key: memory.key, child: memory.child.id } : undefined;
}

export const starsOffered = (storage: Pick<KeptStorage, 'getItem'> | undefined = browserStorage()): boolean =>
    storage?.getItem(OFFERED_KEY) === 'true';

export function markStarsOffered(storage: KeptStorage | undefined = browserStorage()): void {
    try {
        storage?.setItem(OFFERED_KEY, 'true');
    } catch {
        /* asked again next time */
    }
}
