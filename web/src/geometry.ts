// Board geometry of every variant: which cells exist, their names, how they are laid out on
// screen, and how the board turns so that a seat sits at the bottom.

export type Variant = 'chess' | 'silverman' | 'pawnrace' | 'tamerlane' | 'fourkingdoms' | 'fourkingdoms-teams';

export const VARIANTS: readonly Variant[] = [
    'chess',
    'silverman',
    'pawnrace',
    'tamerlane',
    'fourkingdoms',
    'fourkingdoms-teams',
];

export type Seat = 'white' | 'black' | 'east' | 'south' | 'west' | 'north';

// Every seat of every variant, in the server's seat order (two players, then Four Kingdoms).
export const SEATS: readonly Seat[] = ['white', 'black', 'east', 'south', 'west', 'north'];

export const FILE_LETTERS = 'abcdefghijklmn';

// A cell of the board; `file` and `rank` count from 0 (a, 1). Tamerlane's citadels have
// files -1 (z) and 11 (l), which is also the letter 'l' of FILE_LETTERS.
export interface Cell {
    readonly name: string;
    readonly file: number;
    readonly rank: number;
}

export interface Geometry {
    readonly variant: Variant;
    readonly files: number; // files of the rectangle
    readonly ranks: number;
    readonly minFile: number; // -1 for Tamerlane (z9)
    readonly maxFile: number; // 11 for Tamerlane (l2)
    readonly cells: readonly Cell[];
    readonly citadels: readonly string[];
    readonly seats: readonly Seat[];
    // Parity of (file + rank), 0-based, that makes a dark square.
    readonly darkParity: 0 | 1;
    has(name: string): boolean;
    cell(name: string): Cell | undefined;
}

export function isVariant(v: string): v is Variant {
    return (VARIANTS as readonly string[]).includes(v);
}

export function isFourKingdoms(v: Variant): boolean {
    return v === 'fourkingdoms' || v === 'fourkingdoms-teams';
}

export function fileLetter(file: number): string {
    return file === -1 ? 'z' : FILE_LETTERS.charAt(file);
}

export function squareName(file: number, rank: number): string {
    return `${fileLetter(file)}${rank + 1}`;
}

// "e4" -> file 4, rank 3; "z9" -> file -1. Undefined for anything that is not a square name.
export function parseSquare(text: string): { file: number; rank: number } | undefined {
    const m = /^([a-z])([1-9][0-9]?)$/.exec(text);
    if (!m) return undefined;
    const letter = m[1]!;
    const file = letter === 'z' ? -1 : FILE_LETTERS.indexOf(letter);
    if (file < 0 && letter !== 'z') return undefined;
    return { file, rank: Number(m[2]) - 1 };
}

function fourKingdomsCorner(file: number, rank: number): boolean {
    const edge = (x: number) => x < 3 || x > 10;
    return edge(file) && edge(rank);
}

const cache = new Map<Variant, Geometry>();

export function geometryOf(variant: Variant): Geometry {
    const known = cache.get(variant);
    if (known) return known;
    const g = buildGeometry(variant);
    cache.set(variant, g);
    return g;
}

function buildGeometry(variant: Variant): Geometry {
    let files = 8;
    let ranks = 8;
    let citadels: string[] = [];
    let seats: Seat[] = ['white', 'black'];
    let darkParity: 0 | 1 = 0;
    let onBoard: (f: number, r: number) => boolean = () => true;
    if (variant === 'silverman') files = ranks = 4;
    if (variant === 'tamerlane') {
        files = 11;
        ranks = 10;
        citadels = ['l2', 'z9'];
    }
    if (isFourKingdoms(variant)) {
        files = ranks = 14;
        seats = ['east', 'south', 'west', 'north'];
        darkParity = 1;
        onBoard = (f, r) => !fourKingdomsCorner(f, r);
    }
    const cells: Cell[] = [];
    for (let rank = 0; rank < ranks; rank++) {
        for (let file = 0; file < files; file++) {
            if (onBoard(file, rank)) cells.push({ name: squareName(file, rank), file, rank });
        }
    }
    for (const c of citadels) {
        const p = parseSquare(c)!;
        cells.push({ name: c, file: p.file, rank: p.rank });
    }
    const byName = new Map(cells.map((c) => [c.name, c]));
    return {
        variant,
        files,
        ranks,
        minFile: citadels.length ? -1 : 0,
        maxFile: citadels.length ? files : files - 1,
        cells,
        citadels,
        seats,
        darkParity,
        has: (name) => byName.has(name),
        cell: (name) => byName.get(name),
    };
}

// Clockwise quarter turns of the picture: 0 keeps White/South at the bottom.
export type Rotation = 0 | 1 | 2 | 3;

export function rotationFor(seat: Seat): Rotation {
    switch (seat) {
        case 'white':
        case 'south':
            return 0;
        case 'east':
            return 1; // turning clockwise brings the right-hand side (East) to the bottom
        case 'black':
        case 'north':
            return 2;
        case 'west':
            return 3;
    }
}

export interface Layout {
    readonly columns: number;
    readonly rows: number;
}

// The unrotated grid: column 0 is the westmost file (z on Tamerlane), row 0 the top rank.
function baseGrid(g: Geometry): Layout {
    return { columns: g.maxFile - g.minFile + 1, rows: g.ranks };
}

export function layoutOf(g: Geometry, rotation: Rotation): Layout {
    const b = baseGrid(g);
    return rotation % 2 === 0 ? b : { columns: b.rows, rows: b.columns };
}

// Where a cell is drawn: column x, row y (0 = top) of the rotated grid.
export function displayPosition(g: Geometry, file: number, rank: number, rotation: Rotation): { x: number; y: number } {
    const b = baseGrid(g);
    const x = file - g.minFile;
    const y = g.ranks - 1 - rank;
    switch (rotation) {
        case 0:
            return { x, y };
        case 1:
            return { x: b.rows - 1 - y, y: x };
        case 2:
            return { x: b.columns - 1 - x, y: b.rows - 1 - y };
        case 3:
            return { x: y, y: b.columns - 1 - x };
    }
}

// The inverse of displayPosition; undefined when no cell of the board is drawn there.
export function cellAt(g: Geometry, x: number, y: number, rotation: Rotation): Cell | undefined {
    for (const c of g.cells) {
        const p = displayPosition(g, c.file, c.rank, rotation);
        if (p.x === x && p.y === y) return c;
    }
    return undefined;
}

export function isDark(g: Geometry, file: number, rank: number): boolean {
    return (((file + rank) % 2) + 2) % 2 === g.darkParity;
}
