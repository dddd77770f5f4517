// How each piece moves, in words for a child, in every language: the piece card's texts
// (piece_card.ts). One table per language, each with every rule, so that a missing text does
// not compile. A piece's name comes from the catalogues (`piece_*`, `pawn_of`); a rule is chosen
// by the variant, since a pawn or a king moves differently from game to game (rules/*.md).

import { type Variant, isFourKingdoms } from './geometry';
import { type Language, capitalised, language, t } from './i18n';
import type { Kind, Piece } from './notation';

export type PieceRule =
    | 'K'
    | 'Q'
    | 'R'
    | 'B'
    | 'N'
    | 'P'
    | 'silverman_K'
    | 'silverman_P'
    | 'pawnrace_P'
    | 'fourkingdoms_P'
    | 'tamerlane_K'
    | 'H'
    | 'A'
    | 'G'
    | 'V'
    | 'Z'
    | 'T'
    | 'E'
    | 'C'
    | 'D'
    | 'tamerlane_P'
    | 'tamerlane_PP';

// `{piece}` in a Tamerlane pawn's rule is the piece it becomes.
const EN: Record<PieceRule, string> = {
    K: 'One step in any direction. Once a game it may castle: two steps towards a rook, which jumps to its other side. Never leave it in check.',
    Q: 'As far as it likes in a straight line: along a row, a column or a diagonal. It cannot jump over pieces.',
    R: 'As far as it likes along a row or a column. It cannot jump over pieces.',
    B: 'As far as it likes along a diagonal, so it stays on one colour. It cannot jump over pieces.',
    N: 'Jumps in an L: two squares one way, then one to the side. It may jump over pieces.',
    P: 'One step forward, or two from its first square. It takes one step diagonally forward, also a pawn that just passed it (en passant). On the last row it becomes a queen, rook, bishop or knight.',
    silverman_K: 'One step in any direction. There is no castling in this game. Never leave it in check.',
    silverman_P:
        'One step forward, never two. It takes one step diagonally forward. On the last row it becomes a queen or a rook.',
    pawnrace_P:
        'One step forward, or two from its first square. It takes one step diagonally forward. The first pawn to reach the far side wins!',
    fourkingdoms_P:
        'At home it moves like a chess pawn: forward, two steps from its start, taking diagonally forward. Out of its home it steps one square straight in any direction and takes one square diagonally in any direction, but never goes home again. On the far side it may become a queen, rook, bishop or knight.',
    tamerlane_K:
        'One step in any direction. Once a game, in check or stuck, it may swap places with one of its own pieces. If it steps into the enemy’s citadel, the game is a draw.',
    H: 'One step in any direction, like the king. It counts as a king: while you have two or more, you may leave one in danger.',
    A: 'One step in any direction, like the king. It counts as a king, and it is the only one that may hide in its own citadel, where nothing can attack it.',
    G: 'One step diagonally.',
    V: 'One step straight: forward, back or to the side.',
    Z: 'One step diagonally, then straight on, away from where it started, at least three more squares. Every square on its way must be empty.',
    T: 'Along a diagonal like a bishop, but at least two squares: it cannot stop on the first square, which must be empty.',
    E: 'Jumps exactly two squares diagonally, over anything in between.',
    C: 'Jumps like a long knight: three squares one way and one to the side, over anything.',
    D: 'Jumps exactly two squares straight (forward, back or to the side), over anything in between.',
    tamerlane_P:
        'One step forward (never two). It takes one step diagonally forward. On the last row it becomes its piece: {piece}.',
    tamerlane_PP:
        'One step forward; it takes one step diagonally forward. The first time it reaches the last row it waits there, then may jump to where it attacks two enemy pieces. The second time it goes back to the king’s pawn’s square; the third time it becomes an adventitious king.',
};

const ZH: Record<PieceRule, string> = {
    K: '向任意方向走一格。每局可以王车易位一次：王向车走两格，车跳到王的另一边。不能让王被将军。',
    Q: '沿横线、竖线或斜线走，想走多远都行。不能跳过别的棋子。',
    R: '沿横线或竖线走，想走多远都行。不能跳过别的棋子。',
    B: '沿斜线走，想走多远都行，所以总在同一种颜色的格子上。不能跳过别的棋子。',
    N: '走“L”形：一个方向走两格，再向旁边走一格。可以跳过别的棋子。',
    P: '向前走一格，第一步可以走两格。斜着向前一格吃子，也可以吃刚从旁边走过的兵（吃过路兵）。走到最后一行时变成后、车、象或马。',
    silverman_K: '向任意方向走一格。这个游戏没有王车易位。不能让王被将军。',
    silverman_P: '向前走一格，不能走两格。斜着向前一格吃子。走到最后一行时变成后或车。',
    pawnrace_P: '向前走一格，第一步可以走两格。斜着向前一格吃子。第一个走到对面底线的兵获胜！',
    fourkingdoms_P:
        '在自己家里像国际象棋的兵一样走：向前，起点可以走两格，斜着向前吃子。出了家以后，可以向任意直线方向走一格，向任意斜线方向吃一格，但再也不能回家。走到对面底线时可以变成后、车、象或马。',
    tamerlane_K:
        '向任意方向走一格。每局一次，被将军或无路可走时，可以和自己的一个棋子交换位置。走进对方的城堡，这盘棋就是和棋。',
    H: '像王一样向任意方向走一格。它也算王：你有两个或更多王的时候，可以让其中一个冒险。',
    A: '像王一样向任意方向走一格。它也算王，而且只有它可以躲进自己的城堡，在那里谁也攻击不到它。',
    G: '斜着走一格。',
    V: '直着走一格：向前、向后或向旁边。',
    Z: '先斜着走一格，再向外直走至少三格。路上的每一格都必须是空的。',
    T: '像象一样沿斜线走，但至少走两格：不能停在第一格，第一格必须是空的。',
    E: '斜着正好跳两格，中间有棋子也能跳过去。',
    C: '像加长的马一样跳：一个方向三格，再向旁边一格，可以跳过任何棋子。',
    D: '直着正好跳两格（向前、向后或向旁边），中间有棋子也能跳过去。',
    tamerlane_P: '向前走一格（不能走两格）。斜着向前一格吃子。走到最后一行时变成它的棋子：{piece}。',
    tamerlane_PP:
        '向前走一格，斜着向前一格吃子。第一次走到最后一行时先在那里等着，以后可以跳到能同时攻击两个敌方棋子的格子。第二次回到王前兵的起点；第三次变成替身王。',
};

const VI: Record<PieceRule, string> = {
    K: 'Đi một ô theo mọi hướng. Mỗi ván được nhập thành một lần: vua đi hai ô về phía xe, xe nhảy sang bên kia vua. Đừng bao giờ để vua bị chiếu.',
    Q: 'Đi thẳng bao xa cũng được: theo hàng ngang, hàng dọc hoặc đường chéo. Không nhảy qua quân khác.',
    R: 'Đi bao xa cũng được theo hàng ngang hoặc hàng dọc. Không nhảy qua quân khác.',
    B: 'Đi bao xa cũng được theo đường chéo, nên luôn ở trên ô cùng một màu. Không nhảy qua quân khác.',
    N: 'Nhảy hình chữ L: hai ô theo một hướng, rồi một ô sang bên. Được nhảy qua quân khác.',
    P: 'Đi thẳng một ô, hoặc hai ô từ ô đầu tiên. Ăn chéo một ô về phía trước, kể cả con tốt vừa đi qua bên cạnh (bắt tốt qua đường). Đến hàng cuối thì thành hậu, xe, tượng hoặc mã.',
    silverman_K: 'Đi một ô theo mọi hướng. Trò này không có nhập thành. Đừng bao giờ để vua bị chiếu.',
    silverman_P:
        'Đi thẳng một ô, không bao giờ hai ô. Ăn chéo một ô về phía trước. Đến hàng cuối thì thành hậu hoặc xe.',
    pawnrace_P:
        'Đi thẳng một ô, hoặc hai ô từ ô đầu tiên. Ăn chéo một ô về phía trước. Con tốt nào đến bên kia trước thì thắng!',
    fourkingdoms_P:
        'Ở trong nhà, nó đi như tốt cờ vua: đi thẳng, hai ô từ chỗ xuất phát, ăn chéo về phía trước. Ra khỏi nhà, nó đi một ô thẳng theo mọi hướng và ăn một ô chéo theo mọi hướng, nhưng không bao giờ được về nhà nữa. Đến bên kia, nó có thể thành hậu, xe, tượng hoặc mã.',
    tamerlane_K:
        'Đi một ô theo mọi hướng. Mỗi ván một lần, khi bị chiếu hoặc không còn nước đi, nó được đổi chỗ với một quân của mình. Nếu nó bước vào thành trì của đối phương, ván cờ hòa.',
    H: 'Đi một ô theo mọi hướng, như vua. Nó cũng tính là vua: khi có từ hai vua trở lên, bạn được để một vua gặp nguy hiểm.',
    A: 'Đi một ô theo mọi hướng, như vua. Nó cũng tính là vua, và chỉ nó được trốn vào thành trì của mình, nơi không ai tấn công được nó.',
    G: 'Đi chéo một ô.',
    V: 'Đi thẳng một ô: lên, xuống hoặc sang bên.',
    Z: 'Đi chéo một ô, rồi đi thẳng ra xa thêm ít nhất ba ô. Mọi ô trên đường đi phải trống.',
    T: 'Đi theo đường chéo như tượng, nhưng ít nhất hai ô: không được dừng ở ô đầu tiên, và ô đó phải trống.',
    E: 'Nhảy đúng hai ô chéo, qua bất cứ quân nào ở giữa.',
    C: 'Nhảy như con mã dài: ba ô theo một hướng và một ô sang bên, qua bất cứ quân nào.',
    D: 'Nhảy thẳng đúng hai ô (lên, xuống hoặc sang bên), qua bất cứ quân nào ở giữa.',
    tamerlane_P:
        'Đi thẳng một ô (không bao giờ hai ô). Ăn chéo một ô về phía trước. Đến hàng cuối thì thành quân của nó: {piece}.',
    tamerlane_PP:
        'Đi thẳng một ô; ăn chéo một ô về phía trước. Lần đầu đến hàng cuối, nó đứng chờ ở đó, rồi có thể nhảy đến ô tấn công được hai quân địch cùng lúc. Lần thứ hai nó trở về ô của tốt vua; lần thứ ba nó thành vua dự phòng.',
};

export const PIECE_RULES: Record<Language, Record<PieceRule, string>> = { en: EN, zh: ZH, vi: VI };

// Which rule a piece of `variant` moves by.
export function pieceRule(variant: Variant, piece: Piece): PieceRule {
    if (variant === 'tamerlane') {
        if (piece.kind === 'P') return piece.pawnOf === 'P' ? 'tamerlane_PP' : 'tamerlane_P';
        return piece.kind === 'K' ? 'tamerlane_K' : piece.kind;
    }
    if (variant === 'silverman' && piece.kind === 'K') return 'silverman_K';
    if (variant === 'silverman' && piece.kind === 'P') return 'silverman_P';
    if (variant === 'pawnrace' && piece.kind === 'P') return 'pawnrace_P';
    if (isFourKingdoms(variant) && piece.kind === 'P') return 'fourkingdoms_P';
    return piece.kind;
}

// The kind a Tamerlane pawn becomes (the pawn of kings a prince).
function becomes(pawnOf: Kind): Kind {
    return pawnOf === 'K' ? 'H' : pawnOf;
}

// A piece's name and how it moves, in the page's language.
export function pieceInfo(variant: Variant, piece: Piece): { name: string; moves: string } {
    const kindName = (k: Kind) => t(`piece_${k}`);
    const name =
        piece.kind === 'P' && piece.pawnOf ? t('pawn_of', { piece: kindName(piece.pawnOf) }) : kindName(piece.kind);
    const target = piece.pawnOf ? kindName(becomes(piece.pawnOf)) : '';
    const moves = PIECE_RULES[language()][pieceRule(variant, piece)].replace('{piece}', target);
    return { name: capitalised(name), moves };
}
