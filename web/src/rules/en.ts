// How to play, in English: the reference catalogue of the rules pages (index.ts lists the
// sections). Short sentences for a child of 8 reading with a grown-up.

import type { RuleTexts, SectionText } from './index';

// Four Kingdoms' sections that are the same for every player and for the teams.
const FK_BOARD: SectionText = {
    title: 'The board and the players',
    text: [
        'Four players sit round a board shaped like a cross: East (green), South (red), West (yellow) and North (blue). Each has a whole chess army.',
        'East moves first, then South, West and North: round the board, clockwise.',
    ],
};
const FK_PIECES: SectionText = {
    title: 'The pieces',
    text: [
        'Kings, queens, rooks, bishops and knights move as in chess, and a king may castle as in chess.',
        'The missing corners are holes: lines stop there, but a knight may jump over them.',
    ],
};
const FK_PAWNS: SectionText = {
    title: 'Pawns',
    text: [
        'In its own home (the three rows along its own edge of the board) a pawn moves as in chess: forward, two steps from its start, taking one step diagonally forward, en passant too.',
        'Out of its home a pawn steps one square straight in any of the four directions and takes one square diagonally in any direction. It may never go back into its own home.',
    ],
};
const FK_PROMOTION: SectionText = {
    title: 'Promotion',
    text: [
        'A pawn that reaches the back row of the player opposite may become a queen, rook, bishop or knight. Here it is a choice: it may also stay a pawn and promote later, while it is on that row.',
    ],
};
const FK_TURNS: SectionText = {
    title: 'Whose turn: check comes first',
    text: [
        'After each move, a player whose king is in check moves next, even if it is not their turn yet. Then play goes on clockwise from there. A player who was skipped does not get that turn back.',
        'Partners and allies never take or check each other, and their kings may stand side by side.',
    ],
};

export const en: RuleTexts = {
    chess: {
        aim: {
            title: 'The aim',
            text: [
                'Two players, White and Black, each have 16 pieces. White moves first, then you take turns.',
                'You win by checkmating the other king: it is attacked and has no way out.',
            ],
        },
        king: {
            title: 'The king',
            text: ['The king steps one square in any direction. It must never stand where it can be taken.'],
        },
        queen: {
            title: 'The queen',
            text: ['The queen goes as far as she likes in a straight line or diagonally, but not over other pieces.'],
        },
        rook: { title: 'The rook', text: ['The rook goes as far as it likes along a row or a column.'] },
        bishop: {
            title: 'The bishop',
            text: ['The bishop goes as far as it likes diagonally, so it always stays on squares of one colour.'],
        },
        knight: {
            title: 'The knight',
            text: [
                'The knight jumps in an L: two squares one way and one square to the side. It is the only piece that jumps over others.',
            ],
        },
        pawn: {
            title: 'The pawn',
            text: [
                'A pawn moves one square forward, or two on its very first move. It cannot move backwards.',
                'It takes diagonally: one square forward to the left or right. A piece right in front of it blocks it.',
            ],
        },
        check: {
            title: 'Check and checkmate',
            text: [
                'When a king is attacked, it is in check. Its player must get it out of check at once: move the king, block the attack, or take the attacker.',
                'If there is no way out, it is checkmate and the game is over.',
            ],
        },
        castling: {
            title: 'Castling',
            text: [
                'Once a game, the king and a rook can move together: the king goes two squares towards the rook, and the rook jumps over to the other side of the king.',
                'Only if neither has moved yet, the squares between them are empty, and the king is not in check, does not pass an attacked square and does not land on one.',
            ],
        },
        en_passant: {
            title: 'En passant',
            text: [
                'When a pawn makes its two-square first move and lands right beside an enemy pawn, that pawn may take it as if it had moved only one square.',
                'Only on the very next move: later, the chance is gone.',
            ],
        },
        promotion: {
            title: 'Promotion',
            text: [
                'A pawn that reaches the far side must become a queen, rook, bishop or knight. Most players choose a queen.',
            ],
        },
        end: {
            title: 'How the game ends',
            text: [
                'Checkmate wins. You may also resign, or run out of time on the clock and lose.',
                'It is a draw when the player to move has no legal move but is not in check (stalemate), when only kings and too few pieces to mate are left, when both players agree, or when the same position comes three times or 50 moves pass without a capture or pawn move (a player may ask for the draw).',
            ],
        },
    },
    silverman: {
        aim: {
            title: 'The aim',
            text: [
                'Chess on a tiny board of 4 by 4 squares. Each side has a king, a queen, two rooks and four pawns.',
                'The pawns touch from the start, so the game begins with captures. Checkmate wins, as in chess.',
            ],
        },
        pieces: {
            title: 'The pieces',
            text: [
                'The king, the queen and the rooks move just as in chess. There are no bishops and no knights.',
                'Check and checkmate work as in chess.',
            ],
        },
        pawns: {
            title: 'Pawns and promotion',
            text: [
                'A pawn steps one square forward and takes diagonally. There is no two-square first move, so no en passant. There is no castling either.',
                'A pawn that reaches the far side becomes a queen or a rook.',
            ],
        },
        end: {
            title: 'How the game ends',
            text: ['As in chess: checkmate wins; stalemate, agreement or a repeated position is a draw.'],
        },
    },
    pawnrace: {
        aim: {
            title: 'The aim',
            text: [
                'Only pawns: each side has its eight pawns. The first pawn to reach the other side wins at once.',
                'There are no kings, so there is no check. A great game to learn pawns with.',
            ],
        },
        pawns: {
            title: 'How pawns move',
            text: [
                'A pawn moves one square forward, or two on its first move, and takes one square diagonally forward.',
                'A piece right in front of a pawn blocks it.',
            ],
        },
        en_passant: {
            title: 'En passant',
            text: [
                'When a pawn makes its two-square first move and lands right beside an enemy pawn, that pawn may take it as if it had moved only one square, on the very next move only.',
            ],
        },
        end: {
            title: 'Who wins',
            text: [
                'The first pawn to reach the last row wins.',
                'You also win if the other side has no pawns left, or cannot move at all on its turn.',
            ],
        },
    },
    tamerlane: {
        aim: {
            title: 'The aim',
            text: [
                'A big old game from the court of Timur (Tamerlane): a board of 11 by 10 squares, many kinds of pieces, and a pawn for each kind.',
                'Win by checkmating the enemy king or leaving the enemy with no move at all.',
            ],
        },
        board: {
            title: 'The board',
            text: [
                "Beside the board are two extra squares with walls: the citadels. White's is next to k2, Black's next to a9.",
                'Every piece takes the way it moves.',
            ],
        },
        king: {
            title: 'The king',
            text: ['One step in any direction. The prince and the adventitious king move the same way.'],
        },
        general: { title: 'The general', text: ['One step diagonally.'] },
        vizier: { title: 'The vizier', text: ['One step straight: forward, back or to the side.'] },
        rook: { title: 'The rook', text: ['As in chess: as far as it likes along a row or a column.'] },
        knight: { title: 'The knight', text: ['As in chess: it jumps in an L, two squares and one to the side.'] },
        picket: {
            title: 'The picket',
            text: ['Diagonally like a bishop, but at least two squares: it can never stop on the first square.'],
        },
        giraffe: {
            title: 'The giraffe',
            text: [
                'One step diagonally, then straight on outward, at least three more squares. Every square on its way must be empty.',
            ],
        },
        elephant: { title: 'The elephant', text: ['Jumps exactly two squares diagonally, over anything.'] },
        camel: { title: 'The camel', text: ['Jumps like a long knight: three squares one way and one to the side.'] },
        war_engine: { title: 'The war engine', text: ['Jumps exactly two squares straight, over anything.'] },
        pawns: {
            title: 'Pawns',
            text: [
                'Every pawn belongs to a piece: its picture shows which. It steps one square forward and takes one square diagonally forward, with no two-square first move.',
                'On the last row it becomes its piece by itself. The pawn of kings becomes a prince.',
            ],
        },
        pawn_of_pawns: {
            title: 'The pawn of pawns',
            text: [
                'The first time it reaches the last row it waits there. Later its player may, as a move, put it on a square where it attacks two enemy pieces at once, or a piece that cannot move.',
                'The second time it jumps back to the pawn of kings’ start square. The third time it becomes an adventitious king.',
            ],
        },
        royals: {
            title: 'Kings, princes and check',
            text: [
                'The king, a prince and an adventitious king are royal. A side with one royal is in check when it is attacked, and must get out of check.',
                'A side with two or more royals need not mind check: the enemy may take a royal like any other piece.',
            ],
        },
        swap: {
            title: 'The king swap',
            text: [
                'Once a game, when it is in check or has no other move, the king may change places with any of its own pieces, anywhere on the board, if it is safe on its new square.',
            ],
        },
        citadels: {
            title: 'The citadels',
            text: [
                'A royal enters a citadel with one step from one of the three squares beside it. Nothing can attack a piece there.',
                "If your king (or a prince, once the king is gone) steps into the enemy's citadel, the game is a draw at once. Your own citadel is only for an adventitious king.",
            ],
        },
        end: {
            title: 'How the game ends',
            text: [
                'A player who cannot move loses: checkmate loses, and here stalemate loses too.',
                'A king in the enemy citadel, or the same position three times, is a draw. You may also resign or agree a draw.',
            ],
        },
    },
    fourkingdoms: {
        aim: {
            title: 'The aim',
            text: [
                'Chess for four players, each for themselves. Checkmate the others one by one: the last king on the board wins.',
            ],
        },
        board: FK_BOARD,
        pieces: FK_PIECES,
        pawns: FK_PAWNS,
        promotion: FK_PROMOTION,
        turns: FK_TURNS,
        command: {
            title: 'Taking over an army',
            text: [
                'A checkmated king leaves the board. The player who gave the mate takes command of its whole army and moves it on their own turns.',
                'A player who resigns loses all their pieces.',
            ],
        },
        alliance: {
            title: 'Alliances',
            text: [
                'When three players are left and one of them has taken over an army, the other two may become allies against it. Both must agree, and it cannot be undone.',
                'When another player falls, the alliance ends. Right then, a king that stands next to a former ally may be taken.',
            ],
        },
        end: {
            title: 'How the game ends',
            text: [
                'The last player left wins. Stalemate, the same position three times, 60 rounds without a capture or pawn move, or everyone agreeing is a draw.',
                'Points: the winner gets 2, the first and second players out get 1 each, the third 0. On a draw, each player still in gets 1.',
            ],
        },
    },
    'fourkingdoms-teams': {
        aim: {
            title: 'The aim',
            text: [
                'Four players in two teams: East and South against West and North. A team wins when both enemy kings are out.',
            ],
        },
        board: FK_BOARD,
        pieces: FK_PIECES,
        pawns: FK_PAWNS,
        promotion: FK_PROMOTION,
        turns: FK_TURNS,
        partners: {
            title: 'Partners',
            text: [
                'When a player is checkmated or resigns, their king leaves the board and their partner takes command of the army, moving it on their own turns.',
            ],
        },
        end: {
            title: 'How the game ends',
            text: [
                'The team with a king left wins. Stalemate, the same position three times, 60 rounds without a capture or pawn move, or everyone agreeing is a draw.',
            ],
        },
    },
};
