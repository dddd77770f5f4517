// MOCK ONLY (development): writes a Position back as FEN / TFEN / K4FEN so that the mock server
// can answer with a `fen` after each move. Never shipped in dist/.
import { geometryOf, isFourKingdoms, squareName } from '../src/geometry';
import type { Piece, Position } from '../src/notation';

function letter(p: Piece, variant: Position['variant']): string {
    if (isFourKingdoms(variant)) return p.army.charAt(0) + p.kind;
    const s = p.kind === 'P' && p.pawnOf ? `P${p.pawnOf}` : p.kind;
    return p.army === 'white' ? s : s.toLowerCase();
}

export function writePosition(pos: Position): string {
    const g = geometryOf(pos.variant);
    const rows: string[] = [];
    for (let r = g.ranks - 1; r >= 0; r--) {
        let row = '';
        let empty = 0;
        for (let f = 0; f < g.files; f++) {
            const sq = squareName(f, r);
            const p = pos.pieces.get(sq);
            if (!g.has(sq) || p) {
                if (empty) row += String(empty);
                empty = 0;
                row += g.has(sq) ? letter(p!, pos.variant) : 'x';
            } else empty++;
        }
        if (empty) row += String(empty);
        rows.push(row);
    }
    const board = rows.join('/');
    if (pos.variant === 'tamerlane') {
        const c = (sq: string) => (pos.pieces.get(sq) ? letter(pos.pieces.get(sq)!, 'tamerlane') : '-');
        return `${board} ${pos.toMove.charAt(0)} ${c('l2')}/${c('z9')} ${pos.swaps ?? '-'} ${pos.pawnOfPawns ?? '0/0'} ${pos.halfmove} ${pos.fullmove}`;
    }
    if (isFourKingdoms(pos.variant)) {
        return `${board} ${pos.toMove.charAt(0)} ${pos.castling} ${pos.enPassant} ${pos.halfmove} ${pos.fullmove} ${pos.control ?? 'eswn'} ${pos.alliance ?? '-'}`;
    }
    return `${board} ${pos.toMove.charAt(0)} ${pos.castling} ${pos.enPassant} ${pos.halfmove} ${pos.fullmove}`;
}
