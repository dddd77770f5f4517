// The checks every reader of a server message is built from (turn.ts for the games, learn.ts for
// the course): each takes a value and where it is ("state.offers.alliance.to") and throws a
// SchemaError naming the first field that is wrong. No guessing: a value is of its type or refused.

export class SchemaError extends Error {}

export type Check = (v: unknown, where: string) => void;

export const fail = (where: string, what: string): never => {
    throw new SchemaError(`${where}: ${what}`);
};
export const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);

export const str: Check = (v, w) => void (typeof v === 'string' || fail(w, 'not a string'));
export const num: Check = (v, w) => void ((typeof v === 'number' && Number.isFinite(v)) || fail(w, 'not a number'));
export const int: Check = (v, w) => void ((typeof v === 'number' && Number.isInteger(v)) || fail(w, 'not an integer'));
export const bool: Check = (v, w) => void (typeof v === 'boolean' || fail(w, 'not true or false'));
export const oneOf =
    (...values: readonly string[]): Check =>
    (v, w) =>
        void (values.includes(v as string) || fail(w, `not one of ${values.join(', ')}`));
export const exactly =
    (value: unknown): Check =>
    (v, w) =>
        void (v === value || fail(w, `not ${JSON.stringify(value)}`));
export const nullable =
    (c: Check): Check =>
    (v, w) =>
        v === null ? undefined : c(v, w);
export const list =
    (c: Check): Check =>
    (v, w) => {
        if (!Array.isArray(v)) fail(w, 'not a list');
        (v as unknown[]).forEach((e, i) => c(e, `${w}[${i}]`));
    };
// An object used as a map: every value passes `c` (its keys are free, so no field is "outside").
export const mapOf =
    (c: Check): Check =>
    (v, w) => {
        if (!isObject(v)) fail(w, 'not an object');
        for (const [k, e] of Object.entries(v as Record<string, unknown>)) c(e, `${w}.${k}`);
    };
// Whether a field outside the schema is an error (the tests and the mock: the two sides of the
// contract must not drift apart unnoticed) or ignored (the app: the server may add fields).
let strictFields = false;

// An object with these required fields (and these optional ones).
export const record =
    (required: Record<string, Check>, optional: Record<string, Check> = {}): Check =>
    (v, w) => {
        if (!isObject(v)) fail(w, 'not an object');
        const o = v as Record<string, unknown>;
        for (const [k, c] of Object.entries(required)) {
            if (!(k in o)) fail(`${w}.${k}`, 'missing');
            c(o[k], `${w}.${k}`);
        }
        for (const [k, e] of Object.entries(o)) {
            if (k in required) continue;
            const c = optional[k];
            if (c) c(e, `${w}.${k}`);
            else if (strictFields) fail(`${w}.${k}`, 'not a field of this message');
        }
    };

// Runs `check` on `v` (called `where`); `strict`: a field the schema does not name is wrong too.
export function checkWith(check: Check, v: unknown, where: string, strict: boolean): void {
    strictFields = strict;
    try {
        check(v, where);
    } finally {
        strictFields = false;
    }
}
