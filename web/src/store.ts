// The games this browser created or joined, kept so that none is lost (localStorage
// `citadel.games`): the home page lists them, the game page plays their seats and shows the
// invitation links again. Versioned JSON, the newest first:
//
//   {"v": 1, "games": [{"id": "3f9c0a7d12e4b6a8", "variant": "chess", "created": 1767225600000,
//                       "tokens": {"white": "…", "black": "…"}, "mine": ["white"], "turn_board": true}]}
//
// `tokens`: every seat token this browser knows; `mine`: the seats it plays. A token of a seat not
// in `mine` is an invitation this browser (the game's creator) handed out. `created`: when it was
// created or joined here (ms since 1970). `turn_board`: a one-device game turns the board to the
// player to move. At most MAX_GAMES are kept, the newest. Whatever is not of this form (another
// version, broken JSON, an entry with a bad id, variant, seat or token) is left out, never trusted.
// Games kept by the version before (`citadel.game.<id>`: the tokens only) are taken in once, with
// no variant until the server has said it (`variant: null`).

import { type Seat, type Variant, SEATS, isVariant } from './geometry';
import { browserStorage } from './kept';

const KEY = 'citadel.games';
const VERSION = 1;
const OLD_PREFIX = 'citadel.game.';

export const MAX_GAMES = 50;

export interface KeptGame {
    id: string;
    variant: Variant | null;
    created: number;
    tokens: Partial<Record<Seat, string>>;
    mine: Seat[];
    turn_board?: boolean;
}

// Where the games are kept: localStorage, or what a test gives.
export interface GameStorage {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
    readonly length: number;
    key(index: number): string | null;
}

// A game id or a seat token as the server makes them (and the routes read them).
const isName = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(v);
const isSeat = (v: unknown): v is Seat => SEATS.includes(v as Seat);
const isObjectOf = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);

function readTokens(v: unknown): Partial<Record<Seat, string>> | undefined {
    if (!isObjectOf(v)) return undefined;
    const out: Partial<Record<Seat, string>> = {};
    for (const [seat, token] of Object.entries(v)) {
        if (!isSeat(seat) || !isName(token)) return undefined;
        out[seat] = token;
    }
    return out;
}

// One kept game, or undefined where anything of it is not as written above.
function readGame(v: unknown): KeptGame | undefined {
    if (!isObjectOf(v)) return undefined;
    const { id, variant, created, tokens, mine, turn_board } = v;
    const held = readTokens(tokens);
    if (!isName(id) || !held) return undefined;
    if (variant !== null && !(typeof variant === 'string' && isVariant(variant))) return undefined;
    if (typeof created !== 'number' || !Number.isFinite(created) || created < 0) return undefined;
    if (!Array.isArray(mine) || !mine.every((s) => isSeat(s) && held[s] !== undefined)) return undefined;
    if (turn_board !== undefined && typeof turn_board !== 'boolean') return undefined;
    const game: KeptGame = { id, variant, created, tokens: held, mine: SEATS.filter((s) => mine.includes(s)) };
    if (turn_board !== undefined) game.turn_board = turn_board;
    return game;
}

// Newest first, one entry per id (the first found), at most MAX_GAMES.
function tidy(games: readonly KeptGame[]): KeptGame[] {
    const seen = new Set<string>();
    return games
        .filter((g) => !seen.has(g.id) && !!seen.add(g.id))
        .sort((a, b) => b.created - a.created)
        .slice(0, MAX_GAMES);
}

// The games of the version before, to be taken in: every seat it kept was this browser's.
function oldGames(storage: GameStorage): { games: KeptGame[]; keys: string[] } {
    const games: KeptGame[] = [];
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i);
        if (k?.startsWith(OLD_PREFIX)) keys.push(k);
    }
    for (const k of keys) {
        try {
            const old = JSON.parse(storage.getItem(k) ?? 'null') as unknown;
            const id = k.slice(OLD_PREFIX.length);
            const tokens = isObjectOf(old) ? readTokens(old['tokens']) : undefined;
            if (!isName(id) || !tokens || Object.keys(tokens).length === 0) continue;
            const game: KeptGame = { id, variant: null, created: 0, tokens, mine: SEATS.filter((s) => tokens[s]) };
            if (isObjectOf(old) && typeof old['turnBoard'] === 'boolean') game.turn_board = old['turnBoard'];
            games.push(game);
        } catch {
            /* unreadable: nothing to take in */
        }
    }
    return { games, keys };
}

// Every game kept, newest first: what can be trusted of it.
export function loadGames(storage: GameStorage | undefined = browserStorage()): KeptGame[] {
    if (!storage) return [];
    let games: KeptGame[] = [];
    try {
        const parsed = JSON.parse(storage.getItem(KEY) ?? 'null') as unknown;
        if (isObjectOf(parsed) && parsed['v'] === VERSION && Array.isArray(parsed['games']))
            games = parsed['games'].map(readGame).filter((g): g is KeptGame => g !== undefined);
    } catch {
        /* broken JSON: nothing kept */
    }
    const old = oldGames(storage);
    if (old.keys.length === 0) return tidy(games);
    games = tidy([...games, ...old.games]);
    if (saveGames(games, storage)) for (const k of old.keys) storage.removeItem(k);
    return games;
}

// Writes the list (tidied); false where the storage refused it.
function saveGames(games: readonly KeptGame[], storage: GameStorage | undefined): boolean {
    try {
        storage?.setItem(KEY, JSON.stringify({ v: VERSION, games: tidy(games) }));
        return storage !== undefined;
    } catch {
        return false; // storage full or off: the games last this page only
    }
}

export function keptGame(id: string, storage: GameStorage | undefined = browserStorage()): KeptGame | undefined {
    return loadGames(storage).find((g) => g.id === id);
}

// Keeps `game`, in place of the one with its id.
export function keepGame(game: KeptGame, storage: GameStorage | undefined = browserStorage()): void {
    saveGames([game, ...loadGames(storage).filter((g) => g.id !== game.id)], storage);
}

export function forgetGame(id: string, storage: GameStorage | undefined = browserStorage()): void {
    const games = loadGames(storage);
    if (games.some((g) => g.id === id))
        saveGames(
            games.filter((g) => g.id !== id),
            storage,
        );
}

// Keeps that this browser plays `seat` with `token` (a link opened here) and that the game is
// of `variant`: a game not kept yet is kept from now. Undefined (and nothing kept) for a game
// neither kept nor joined: one only watched.
export function joinGame(
    id: string,
    variant: Variant,
    seat: Seat | undefined,
    token: string | undefined,
    storage: GameStorage | undefined = browserStorage(),
    now: number = Date.now(),
): KeptGame | undefined {
    const known = keptGame(id, storage);
    const joins = seat !== undefined && isName(token);
    if (!known && !joins) return undefined;
    const game: KeptGame = known
        ? { ...known, variant, tokens: { ...known.tokens }, mine: [...known.mine] }
        : { id, variant, created: now, tokens: {}, mine: [] };
    if (joins) {
        game.tokens[seat] = token;
        game.mine = SEATS.filter((s) => s === seat || game.mine.includes(s));
    }
    keepGame(game, storage);
    return game;
}

// The seats whose links this browser handed out (it knows their tokens and plays another seat,
// or none), in seat order.
export function invitedSeats(game: KeptGame): Seat[] {
    return SEATS.filter((s) => game.tokens[s] !== undefined && !game.mine.includes(s));
}

// The seat a token holds, where this browser knows it.
export function seatOfToken(game: KeptGame | undefined, token: string): Seat | undefined {
    return game ? SEATS.find((s) => game.tokens[s] === token) : undefined;
}

// Every seat whose token this browser knows, with it, in seat order.
export function keptSeats(game: KeptGame): { seat: Seat; token: string }[] {
    return SEATS.flatMap((seat) => {
        const token = game.tokens[seat];
        return token === undefined ? [] : [{ seat, token }];
    });
}
