// The client side of the family routes (docs/learn.md, "Families and children"): a family made,
// read; a child added, changed, removed; a browser's progress merged into a child's. The key goes
// only in the `Authorization: Bearer` header, never in an address. Every answer goes through its
// reader (contract.ts); errors are api.ts's ApiError (`403 unknown_family` for a wrong key).

import { ApiError, call } from '../api';
import {
    type Avatar,
    type Child,
    type Family,
    type KeptProgress,
    type NewFamily,
    SchemaError,
    readChild,
    readDeleted,
    readFamily,
    readNewFamily,
} from './contract';

export const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });

const childPath = (id: string) => `/api/family/children/${encodeURIComponent(id)}`;

export const familyApi = {
    create: async (): Promise<NewFamily> => readNewFamily(await call<unknown>('POST', '/api/families', {})),
    get: async (key: string): Promise<Family> =>
        readFamily(await call<unknown>('GET', '/api/family', undefined, bearer(key))),
    addChild: async (key: string, name: string, avatar: Avatar): Promise<Child> =>
        readChild(await call<unknown>('POST', '/api/family/children', { name, avatar }, bearer(key))),
    changeChild: async (
        key: string,
        id: string,
        change: { name?: string; avatar?: Avatar; read_aloud?: boolean },
    ): Promise<Child> => readChild(await call<unknown>('PUT', childPath(id), change, bearer(key))),
    removeChild: async (key: string, id: string): Promise<void> => {
        const { deleted } = readDeleted(await call<unknown>('DELETE', childPath(id), undefined, bearer(key)));
        if (deleted !== id) throw new SchemaError(`deleted: "${deleted}", not the child asked for`);
    },
    // The best stars and the larger counts win, so the same merge twice changes nothing.
    mergeProgress: async (key: string, id: string, progress: KeptProgress): Promise<Child> =>
        readChild(await call<unknown>('POST', `${childPath(id)}/progress`, progress, bearer(key))),
};

// Whether `e` is the server's "no family has this key" (or this child is not the family's).
// A wrong key, or a child no longer of the family (removed on another device): either way the
// browser forgets what it held.
export const isUnknownFamily = (e: unknown): boolean =>
    e instanceof ApiError && (e.body.code === 'unknown_family' || e.body.code === 'unknown_child');
