// Moves and positions in words, for a screen reader (and anyone who likes to read them): "Black:
// knight to f6, check", "White: pawn takes bishop on d5", "White: castles kingside", and the
// pieces by square, army by army ("White: king e1; rook a1, h1; …"). Read from the position
// before the move and the move's message; plain words from plain data, no DOM.

import { type Seat, parseSquare } from '../../geometry';
import { t } from '../../i18n';
import { type Kind, type Piece, type Position, applyMoveForDisplay, parseMove } from '../../notation';
import type { MoveMessage } from '../../turn';
import { sentences } from './status';

const name = (seat: Seat) => t(`seat_${seat}`);

// A piece's name: "knight", "pawn of rooks" (Tamerlane).
export function pieceName(p: Piece): string {
    const kind = t(`piece_${p.kind}`);
    return p.pawnOf ? t('pawn_of', { piece: t(`piece_${p.pawnOf}`) }) : kind;
}

// What a move does, without who or check: "knight to f6", "pawn takes bishop on d5".
function action(before: Position, m: Pick<MoveMessage, 'move' | 'san'>): string | undefined {
    const mv = parseMove(m.move);
    const piece = mv && before.pieces.get(mv.from);
    if (!mv || !piece) return undefined;
    const target = before.pieces.get(mv.to);
    const what = pieceName(piece);
    const a = parseSquare(mv.from)!;
    const b = parseSquare(mv.to)!;
    if (
        piece.kind === 'K' &&
        before.variant !== 'tamerlane' &&
        Math.max(Math.abs(a.file - b.file), Math.abs(a.rank - b.rank)) === 2
    )
        return t(
            m.san.startsWith('O-O-O')
                ? 'move_castles_long'
                : m.san.startsWith('O-O')
                  ? 'move_castles_short'
                  : 'move_castles',
        );
    let text: string;
    if (target && target.army === piece.army)
        text = t('move_swaps', { piece: what, captured: pieceName(target), square: mv.to }); // Tamerlane's king
    else if (target) text = t('move_takes', { piece: what, captured: pieceName(target), square: mv.to });
    else if (piece.kind === 'P' && a.file !== b.file && a.rank !== b.rank && before.variant !== 'tamerlane')
        text = t('move_en_passant', { piece: what, captured: t('piece_P'), square: mv.to });
    else text = t('move_to', { piece: what, square: mv.to });
    const now = applyMoveForDisplay(before, m.move).pieces.get(mv.to);
    if (now && now.army === piece.army && (now.kind !== piece.kind || now.pawnOf !== piece.pawnOf))
        text = t('move_promotes', { move: text, piece: pieceName(now) });
    return text;
}

// The move `m` in words, from the position before it: who, what, and whether it checks or mates
// (its SAN, or what it caused).
export function moveText(
    before: Position,
    m: Pick<MoveMessage, 'seat' | 'move' | 'san' | 'events' | 'status'>,
): string {
    let move = action(before, m) ?? m.san;
    const mate = /#$/.test(m.san) || m.status === 'checkmate' || m.events.some((e) => e.kind === 'checkmate');
    if (mate) move = t('move_checkmate', { move });
    else if (/\+$/.test(m.san) || m.events.some((e) => e.kind === 'check')) move = t('move_check', { move });
    return t('move_words', { seat: name(m.seat), move });
}

// The kinds in the order they are named: the royals, then the big pieces, the pawns last.
const KIND_ORDER: readonly Kind[] = ['K', 'H', 'A', 'Q', 'G', 'V', 'R', 'Z', 'T', 'E', 'C', 'D', 'B', 'N', 'P'];

// Where a square comes in a list: by file, then by rank (a1, a2, …, b1).
function squareOrder(x: string, y: string): number {
    const a = parseSquare(x)!;
    const b = parseSquare(y)!;
    return a.file - b.file || a.rank - b.rank;
}

// The pieces of the position by square, army by army in `armies`' order: "White: king e1; rook
// a1, h1; pawn a2, b2. Black: …". An army with no piece left is not named.
export function positionText(pos: Position, armies: readonly Seat[]): string {
    const out: string[] = [];
    for (const army of armies) {
        const groups = new Map<string, { order: number; squares: string[] }>();
        for (const [square, p] of pos.pieces) {
            if (p.army !== army) continue;
            const key = pieceName(p);
            const order = KIND_ORDER.indexOf(p.kind) * 100 + (p.pawnOf ? KIND_ORDER.indexOf(p.pawnOf) + 1 : 0);
            const g = groups.get(key) ?? { order, squares: [] };
            g.squares.push(square);
            groups.set(key, g);
        }
        if (groups.size === 0) continue;
        const pieces = [...groups.entries()]
            .sort((x, y) => x[1].order - y[1].order)
            .map(([piece, g]) =>
                t('describe_kind', { piece, squares: g.squares.sort(squareOrder).join(t('list_separator')) }),
            );
        out.push(t('describe_army', { seat: name(army), pieces: pieces.join(t('describe_separator')) }));
    }
    return sentences(out);
}
