// MOCK ONLY — the development mock's learning API (learn.md), NOT the real server's: a small fixed
// course of four lessons (check, checkmate, castling, promotion) in English, 简体中文 and Tiếng
// Việt, whose verdicts, hints and explanations are written out below per level and per line, and
// practice for the lessons' four topics (escape_check, checkmate, castling, promotion) from a few
// fixed levels each, dealt by the seed. It knows no rules. Every answer goes through the client's strict readers (src/learn_contract.ts)
// before it is sent, so the client never meets another form. Used by dev/mock-server.ts.

import type { Variant } from '../src/geometry';
import { type Language, isLanguage } from '../src/i18n';
import {
    type Arrow,
    type Course,
    type Escape,
    type Explain,
    type Hint,
    type Lesson,
    type Level,
    type Verdict,
    readCourse,
    readEscape,
    readExplain,
    readHint,
    readLesson,
    readLevel,
    readPractice,
    readVerdict,
} from '../src/learn_contract';
import { applyMoveForDisplay, parseMove, parsePosition } from '../src/notation';
import { type SpeechWords, readSpeechWords } from '../src/speech';
import { readMessage } from '../src/turn';
import { checksAlong } from './mock-checks';

type Tr = Record<Language, string>;
export interface Answer {
    status: number;
    body: object;
}

// ---- the course ----

interface MockStep {
    text: Tr;
    fen: string;
    arrows?: Arrow[];
    highlights?: string[];
    moves?: string[];
}

interface MockVerdict {
    verdict: 'wrong' | 'good' | 'solved';
    message: Tr;
    san?: string;
    consequence?: string[];
    reply?: string | null;
    arrows?: Arrow[];
    highlights?: string[];
}

interface MockIllegal {
    reason: string;
    message: Tr;
    arrows: Arrow[];
}

// A position of a move level: the line that reached it is its key.
interface MockNode {
    legal: string[]; // what the rules allow here (the mock's own list)
    answers: Record<string, MockVerdict>; // moves with their own verdict
    otherwise: MockVerdict; // any other legal move (a 'wrong')
    illegal: Record<string, MockIllegal>; // by move, or by the square moved from
    hint: { square: string; move: string; one: Tr; two: Tr };
}

interface MockLevel {
    id: string;
    kind: 'move' | 'choice';
    fen: string;
    side: 'white' | 'black';
    goal: Tr;
    goal_id: string;
    par: number;
    choices?: { id: string; text: Tr; verdict: MockVerdict }[];
    choiceHint?: { one: Tr; choice: string; two: Tr };
    nodes?: Record<string, MockNode>;
}

interface MockLesson {
    id: string;
    title: Tr;
    summary: Tr;
    tip: Tr;
    topics: string[];
    practice: string | null; // the practice topic that goes on from it
    learn: MockStep[];
    levels: MockLevel[];
}

const NOT_THAT: MockIllegal = {
    reason: 'not_that_pieces_move',
    message: {
        en: 'That piece does not move like that.',
        zh: '这个棋子不能这样走。',
        vi: 'Quân này không đi như thế.',
    },
    arrows: [],
};

// The moves from `from` to every square of `files` × `ranks`.
const movesTo = (from: string, files: string, ranks: string) =>
    [...files].flatMap((f) => [...ranks].map((r) => `${from}${f}${r}`));

const CHECK_1 = '4r1k1/8/8/8/8/2N5/3P1P2/4K2R w K - 0 1';
const STILL_IN_CHECK: MockIllegal = {
    reason: 'still_in_check',
    message: {
        en: 'Your king is still in check: the rook on e8 still attacks it.',
        zh: '你的王还在被将军：e8的车还在攻击它。',
        vi: 'Vua của bạn vẫn bị chiếu: xe ở e8 vẫn tấn công nó.',
    },
    arrows: [['e8', 'e1']],
};
const BLOCKED: Tr = {
    en: 'Great block! The knight stands between the rook and your king.',
    zh: '挡得好！马站在车和你的王中间。',
    vi: 'Chặn hay lắm! Con mã đứng giữa xe và vua của bạn.',
};
const RAN: Tr = {
    en: 'Good running! Your king stepped off the rook’s line and is safe.',
    zh: '逃得好！你的王离开了车的线路，安全了。',
    vi: 'Chạy giỏi lắm! Vua đã rời khỏi đường của xe và an toàn rồi.',
};

const MATE_1 = '6k1/5ppp/8/8/8/8/1r3PPP/3R2K1 w - - 0 1';
const BACK_ROW: MockVerdict = {
    verdict: 'wrong',
    message: {
        en: 'Careful! Your rook left the back row. Now Black’s rook checks your king, and it is checkmate.',
        zh: '小心！你的车离开了底线。黑车来将军，你的王被将死了。',
        vi: 'Cẩn thận! Xe của bạn rời hàng cuối. Xe đen chiếu vua của bạn, và thế là chiếu hết.',
    },
    arrows: [['b2', 'b1']],
    highlights: ['g1'],
};

const MATE_2 = '6k1/8/8/8/8/8/1R6/R5K1 w - - 0 1';
const LADDER_HINT_TWO: Tr = {
    en: 'Now check on the last row with the other rook.',
    zh: '现在用另一个车在底线将军。',
    vi: 'Bây giờ dùng xe kia chiếu ở hàng cuối.',
};
const LADDER_MATE: Tr = {
    en: 'Checkmate! One rook closes row 7, the other checks on row 8.',
    zh: '将死！一个车封住第7行，另一个车在第8行将军。',
    vi: 'Chiếu hết! Một xe chặn hàng 7, xe kia chiếu ở hàng 8.',
};
const NOT_YET: MockVerdict = {
    verdict: 'wrong',
    message: {
        en: 'Not checkmate yet. Look for a check on the last row.',
        zh: '还没有将死。找一找在底线将军的走法。',
        vi: 'Chưa chiếu hết. Hãy tìm nước chiếu ở hàng cuối.',
    },
};
const OTHER_ROOK: Tr = { en: 'Now the other rook!', zh: '现在走另一个车！', vi: 'Giờ đến xe kia!' };

const CASTLE = '4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1';
const THROUGH_F1: MockIllegal = {
    reason: 'castling_through_attack',
    message: {
        en: 'The king cannot castle across f1: the bishop on c4 attacks it.',
        zh: '王不能经过f1易位：c4的象在攻击这个格子。',
        vi: 'Vua không thể nhập thành qua f1: tượng ở c4 tấn công ô đó.',
    },
    arrows: [['c4', 'f1']],
};

const PROMOTE = '8/4P3/8/8/8/8/k7/4K3 w - - 0 1';

const COURSE: MockLesson[] = [
    {
        id: 'check',
        practice: 'escape_check',
        title: { en: 'Check!', zh: '将军！', vi: 'Chiếu!' },
        summary: {
            en: 'When a king is attacked, it is in check. Learn the three ways out: run, block, capture.',
            zh: '王被攻击就是被将军。学会三种逃法：逃走、挡住、吃掉。',
            vi: 'Khi vua bị tấn công là bị chiếu. Học ba cách thoát: chạy, chặn, ăn quân.',
        },
        tip: {
            en: 'Ask your child: “Which piece is attacking the king?” Then: “Can the king run? Can a piece block? Can we capture the attacker?” At the table, set up a king and a rook and take turns giving check.',
            zh: '问问孩子：“哪个棋子在攻击王？”再问：“王能逃走吗？能挡住吗？能吃掉攻击的棋子吗？”在棋盘上摆一个王和一个车，轮流将军。',
            vi: 'Hãy hỏi con: “Quân nào đang tấn công vua?” Rồi hỏi: “Vua chạy được không? Có quân nào chặn được không? Ăn được quân tấn công không?” Bày một vua và một xe lên bàn cờ, thay nhau chiếu.',
        },
        topics: ['check', 'run', 'block', 'capture'],
        learn: [
            {
                text: {
                    en: 'The white rook attacks the black king. That is called check!',
                    zh: '白车在攻击黑王。这就叫将军！',
                    vi: 'Xe trắng đang tấn công vua đen. Đó gọi là chiếu!',
                },
                fen: '4k3/8/8/8/8/8/8/4RK2 b - - 0 1',
                arrows: [['e1', 'e8']],
                highlights: ['e8'],
            },
            {
                text: {
                    en: 'A king in check must get out at once. It can run away to a safe square.',
                    zh: '被将军的王必须马上逃出来。它可以逃到安全的格子上。',
                    vi: 'Vua bị chiếu phải thoát ngay. Vua có thể chạy sang một ô an toàn.',
                },
                fen: '4k3/8/8/8/8/8/8/4RK2 b - - 0 1',
                arrows: [['e1', 'e8']],
                highlights: ['d7'],
                moves: ['e8d7'],
            },
            {
                text: {
                    en: 'Or a piece can block the attack, or capture the attacker. Here the bishop blocks.',
                    zh: '也可以让一个棋子挡住攻击，或者吃掉攻击的棋子。这里黑象挡住了。',
                    vi: 'Hoặc một quân chặn đường tấn công, hoặc ăn quân tấn công. Ở đây tượng đen chặn lại.',
                },
                fen: '4k3/8/8/2b5/8/8/8/4RK2 b - - 0 1',
                arrows: [['e1', 'e8']],
                highlights: ['e7'],
                moves: ['c5e7'],
            },
        ],
        levels: [
            {
                id: 'check-1',
                kind: 'move',
                fen: CHECK_1,
                side: 'white',
                goal: {
                    en: 'Your king is in check! Get it out of check.',
                    zh: '你的王被将军了！让它脱离将军。',
                    vi: 'Vua của bạn bị chiếu! Hãy đưa vua thoát khỏi thế chiếu.',
                },
                goal_id: 'escape_check',
                par: 1,
                nodes: {
                    '': {
                        legal: ['e1d1', 'e1f1', 'c3e2', 'c3e4'],
                        answers: {
                            e1d1: { verdict: 'solved', san: 'Kd1', message: RAN, highlights: ['d1'] },
                            e1f1: { verdict: 'solved', san: 'Kf1', message: RAN, highlights: ['f1'] },
                            c3e2: {
                                verdict: 'solved',
                                san: 'Ne2',
                                message: BLOCKED,
                                arrows: [['e8', 'e2']],
                                highlights: ['e2'],
                            },
                            c3e4: {
                                verdict: 'solved',
                                san: 'Ne4',
                                message: BLOCKED,
                                arrows: [['e8', 'e4']],
                                highlights: ['e4'],
                            },
                        },
                        otherwise: { verdict: 'wrong', message: RAN },
                        illegal: {
                            e1e2: {
                                reason: 'king_would_be_attacked',
                                message: {
                                    en: 'The king cannot go to e2: the rook would still attack it there.',
                                    zh: '王不能去e2：车在那里还会攻击它。',
                                    vi: 'Vua không thể đi e2: xe vẫn tấn công nó ở đó.',
                                },
                                arrows: [['e8', 'e2']],
                            },
                            e1g1: {
                                reason: 'castling_in_check',
                                message: {
                                    en: 'You cannot castle while your king is in check.',
                                    zh: '王被将军的时候不能易位。',
                                    vi: 'Không được nhập thành khi vua đang bị chiếu.',
                                },
                                arrows: [['e8', 'e1']],
                            },
                            // the moves the pieces could make, but that leave the king in check
                            ...Object.fromEntries(
                                [
                                    'd2d3',
                                    'd2d4',
                                    'f2f3',
                                    'f2f4',
                                    'h1g1',
                                    'h1f1',
                                    ...movesTo('h1', 'h', '2345678'),
                                    ...['a2', 'a4', 'b1', 'b5', 'd1', 'd5'].map((to) => `c3${to}`),
                                ].map((m) => [m, STILL_IN_CHECK]),
                            ),
                        },
                        hint: {
                            square: 'c3',
                            move: 'c3e2',
                            one: {
                                en: 'This knight can help!',
                                zh: '这匹马可以帮忙！',
                                vi: 'Con mã này giúp được đấy!',
                            },
                            two: {
                                en: 'Put the knight on e2, between the rook and your king.',
                                zh: '把马走到e2，挡在车和你的王中间。',
                                vi: 'Đưa mã tới e2, chắn giữa xe và vua của bạn.',
                            },
                        },
                    },
                },
            },
            {
                id: 'check-2',
                kind: 'choice',
                fen: '4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1',
                side: 'white',
                goal: {
                    en: 'The knight gives check. What is the best way out?',
                    zh: '黑马在将军。最好的逃法是什么？',
                    vi: 'Mã đen đang chiếu. Cách thoát nào tốt nhất?',
                },
                goal_id: 'answer',
                par: 1,
                choices: [
                    {
                        id: 'run',
                        text: { en: 'Run: move the king', zh: '逃走：移动王', vi: 'Chạy: di chuyển vua' },
                        verdict: {
                            verdict: 'wrong',
                            message: {
                                en: 'Running is possible, but you can do better: your pawn can take the knight!',
                                zh: '逃走也可以，但还有更好的：你的兵可以吃掉这匹马！',
                                vi: 'Chạy cũng được, nhưng còn cách hay hơn: tốt của bạn ăn được con mã!',
                            },
                            arrows: [['e2', 'd3']],
                        },
                    },
                    {
                        id: 'block',
                        text: {
                            en: 'Block: put a piece in between',
                            zh: '挡住：在中间放一个棋子',
                            vi: 'Chặn: đặt một quân vào giữa',
                        },
                        verdict: {
                            verdict: 'wrong',
                            message: {
                                en: 'You can never block a knight: it jumps over pieces.',
                                zh: '马的将军是挡不住的：马会跳过棋子。',
                                vi: 'Không bao giờ chặn được mã: mã nhảy qua các quân khác.',
                            },
                            arrows: [['d3', 'e1']],
                        },
                    },
                    {
                        id: 'capture',
                        text: { en: 'Capture: take the knight', zh: '吃掉：吃掉这匹马', vi: 'Ăn quân: ăn con mã' },
                        verdict: {
                            verdict: 'solved',
                            message: {
                                en: 'Yes! The pawn on e2 takes the knight, and the check is gone.',
                                zh: '对！e2的兵吃掉马，将军就没有了。',
                                vi: 'Đúng rồi! Tốt ở e2 ăn con mã, thế là hết bị chiếu.',
                            },
                            arrows: [['e2', 'd3']],
                            highlights: ['d3'],
                        },
                    },
                ],
                choiceHint: {
                    one: {
                        en: 'Which of your pieces stands next to the knight?',
                        zh: '你的哪个棋子就在马的旁边？',
                        vi: 'Quân nào của bạn đứng ngay cạnh con mã?',
                    },
                    choice: 'capture',
                    two: {
                        en: 'Your pawn can take it!',
                        zh: '你的兵可以吃掉它！',
                        vi: 'Tốt của bạn ăn được nó!',
                    },
                },
            },
        ],
    },
    {
        id: 'checkmate',
        practice: 'checkmate',
        title: { en: 'Checkmate', zh: '将死', vi: 'Chiếu hết' },
        summary: {
            en: 'Check with no way out is checkmate: the game is won!',
            zh: '被将军又无路可逃，就是将死：赢了！',
            vi: 'Bị chiếu mà không có cách thoát là chiếu hết: thắng rồi!',
        },
        tip: {
            en: 'Checkmate is check with no way out. Ask: “Can the king run? Block? Capture?” If all three answers are no, it is mate. At the table, play the back-row mate: a rook against a king behind its own pawns.',
            zh: '将死就是被将军又逃不掉。问孩子：“王能逃走吗？能挡住吗？能吃掉吗？”三个都不能，就是将死。在棋盘上练习底线杀：一个车对付躲在自己兵后面的王。',
            vi: 'Chiếu hết là bị chiếu mà không thoát được. Hãy hỏi: “Vua chạy được không? Chặn được không? Ăn được không?” Nếu cả ba đều không, đó là chiếu hết. Trên bàn cờ, hãy chơi thế chiếu hết hàng cuối: một xe đấu với vua đứng sau các tốt của mình.',
        },
        topics: ['checkmate', 'back_rank_mate', 'escape_square'],
        learn: [
            {
                text: {
                    en: 'The black king is in check, and it cannot run, block or capture. Checkmate!',
                    zh: '黑王被将军了，它不能逃、不能挡、也不能吃。将死！',
                    vi: 'Vua đen bị chiếu, không chạy được, không chặn được, không ăn được. Chiếu hết!',
                },
                fen: 'R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1',
                arrows: [['a8', 'g8']],
                highlights: ['g8'],
            },
            {
                text: {
                    en: 'Its own pawns keep the king in. The rook comes to the back row: mate!',
                    zh: '它自己的兵把王关住了。车走到底线：将死！',
                    vi: 'Chính các tốt của nó nhốt vua lại. Xe đi xuống hàng cuối: chiếu hết!',
                },
                fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1',
                highlights: ['f7', 'g7', 'h7'],
                moves: ['a1a8'],
            },
        ],
        levels: [
            {
                id: 'mate-1',
                kind: 'move',
                fen: MATE_1,
                side: 'white',
                goal: {
                    en: 'Checkmate in one move! Can you find it?',
                    zh: '一步将死！你能找到吗？',
                    vi: 'Chiếu hết trong một nước! Bạn tìm được không?',
                },
                goal_id: 'mate_in_1',
                par: 1,
                nodes: {
                    '': {
                        legal: [
                            ...movesTo('d1', 'abcef', '1'),
                            ...movesTo('d1', 'd', '2345678'),
                            'g1f1',
                            'g1h1',
                            ...movesTo('f2', 'f', '34'),
                            ...movesTo('g2', 'g', '34'),
                            ...movesTo('h2', 'h', '34'),
                        ],
                        answers: {
                            d1d8: {
                                verdict: 'solved',
                                san: 'Rd8#',
                                message: {
                                    en: 'Checkmate! The rook checks from d8, and the king’s own pawns block its way out.',
                                    zh: '将死！车在d8将军，王自己的兵挡住了它的退路。',
                                    vi: 'Chiếu hết! Xe chiếu từ d8, và chính các tốt chặn đường thoát của vua.',
                                },
                                arrows: [['d8', 'g8']],
                                highlights: ['g8'],
                            },
                            d1d2: {
                                verdict: 'wrong',
                                san: 'Rd2',
                                message: {
                                    en: 'Oops! The black rook on b2 can take your rook.',
                                    zh: '哎呀！b2的黑车可以吃掉你的车。',
                                    vi: 'Ối! Xe đen ở b2 ăn được xe của bạn.',
                                },
                                consequence: ['b2d2'],
                                arrows: [['b2', 'd2']],
                            },
                            ...Object.fromEntries(
                                [3, 4, 5, 6, 7].map((r) => [
                                    `d1d${r}`,
                                    { ...BACK_ROW, san: `Rd${r}`, consequence: ['b2b1', `d${r}d1`, 'b1d1'] },
                                ]),
                            ),
                        },
                        otherwise: {
                            verdict: 'wrong',
                            message: {
                                en: 'Not checkmate yet. Look for a rook move that checks the king.',
                                zh: '还没有将死。找一找用车将军的走法。',
                                vi: 'Chưa chiếu hết. Hãy tìm nước xe chiếu vua.',
                            },
                        },
                        illegal: {},
                        hint: {
                            square: 'd1',
                            move: 'd1d8',
                            one: { en: 'Your rook can do it!', zh: '你的车可以做到！', vi: 'Xe của bạn làm được!' },
                            two: {
                                en: 'Rook to d8: check, and the king has no way out.',
                                zh: '车走到d8：将军，王无路可逃。',
                                vi: 'Xe tới d8: chiếu, và vua không còn đường thoát.',
                            },
                        },
                    },
                },
            },
            {
                id: 'mate-2',
                kind: 'move',
                fen: MATE_2,
                side: 'white',
                goal: {
                    en: 'Checkmate in two moves! Use both rooks like a ladder.',
                    zh: '两步将死！让两个车像梯子一样配合。',
                    vi: 'Chiếu hết trong hai nước! Dùng hai xe như cái thang.',
                },
                goal_id: 'mate_in_2',
                par: 2,
                nodes: {
                    '': {
                        legal: [
                            ...movesTo('b2', 'b', '1345678'),
                            ...movesTo('b2', 'acdefgh', '2'),
                            ...movesTo('a1', 'a', '2345678'),
                            ...movesTo('a1', 'bcdef', '1'),
                            ...movesTo('g1', 'fh', '12'),
                            'g1g2',
                        ],
                        answers: {
                            b2b7: {
                                verdict: 'good',
                                san: 'Rb7',
                                message: {
                                    en: 'Good! The rook on b7 closes the seventh row.',
                                    zh: '好！b7的车封住了第七行。',
                                    vi: 'Hay! Xe ở b7 chặn hàng thứ bảy.',
                                },
                                reply: 'g8f8',
                                highlights: ['f7', 'g7', 'h7'],
                            },
                            a1a7: {
                                verdict: 'good',
                                san: 'Ra7',
                                message: {
                                    en: 'Good! The rook on a7 closes the seventh row.',
                                    zh: '好！a7的车封住了第七行。',
                                    vi: 'Hay! Xe ở a7 chặn hàng thứ bảy.',
                                },
                                reply: 'g8h8',
                                highlights: ['f7', 'g7', 'h7'],
                            },
                            b2b8: {
                                verdict: 'wrong',
                                san: 'Rb8+',
                                message: {
                                    en: 'Check, but the king just steps up to the seventh row.',
                                    zh: '将军了，但王走到第七行就逃掉了。',
                                    vi: 'Chiếu rồi, nhưng vua chỉ cần bước lên hàng bảy.',
                                },
                                consequence: ['g8g7'],
                                arrows: [['b8', 'g8']],
                            },
                        },
                        otherwise: {
                            verdict: 'wrong',
                            message: {
                                en: 'That does not trap the king yet. First close a row with one rook.',
                                zh: '这样还关不住王。先用一个车封住一行。',
                                vi: 'Như vậy chưa nhốt được vua. Trước hết dùng một xe chặn một hàng.',
                            },
                        },
                        illegal: {},
                        hint: {
                            square: 'b2',
                            move: 'b2b7',
                            one: { en: 'Start with the rook on b2.', zh: '先走b2的车。', vi: 'Bắt đầu với xe ở b2.' },
                            two: {
                                en: 'Rook to b7 closes a row for the king.',
                                zh: '车走到b7，给王封住一行。',
                                vi: 'Xe tới b7 chặn một hàng của vua.',
                            },
                        },
                    },
                    'b2b7,g8f8': {
                        legal: [...movesTo('a1', 'a', '2345678'), 'b7b8', 'g1f1', 'g1h1'],
                        answers: {
                            a1a8: {
                                verdict: 'solved',
                                san: 'Ra8#',
                                message: LADDER_MATE,
                                arrows: [['a8', 'f8']],
                                highlights: ['f8'],
                            },
                        },
                        otherwise: NOT_YET,
                        illegal: {},
                        hint: { square: 'a1', move: 'a1a8', one: OTHER_ROOK, two: LADDER_HINT_TWO },
                    },
                    'a1a7,g8h8': {
                        legal: [...movesTo('b2', 'b', '134568'), 'g1f1', 'g1h1'],
                        answers: {
                            b2b8: {
                                verdict: 'solved',
                                san: 'Rb8#',
                                message: LADDER_MATE,
                                arrows: [['b8', 'h8']],
                                highlights: ['h8'],
                            },
                        },
                        otherwise: NOT_YET,
                        illegal: {},
                        hint: { square: 'b2', move: 'b2b8', one: OTHER_ROOK, two: LADDER_HINT_TWO },
                    },
                },
            },
        ],
    },
    {
        id: 'castling',
        practice: 'castling',
        title: { en: 'Castling', zh: '王车易位', vi: 'Nhập thành' },
        summary: {
            en: 'A special move: the king and a rook move together to keep the king safe.',
            zh: '一种特别的走法：王和车一起走，让王更安全。',
            vi: 'Nước đi đặc biệt: vua và xe cùng đi để giữ vua an toàn.',
        },
        tip: {
            en: 'Castling: the king moves two squares towards a rook, and the rook jumps to the king’s other side. It is not allowed if the king or that rook has moved, if the king is in check, or if the king would cross or land on an attacked square. At the table, ask: “Has the king moved? Is anything in the way? Is the king attacked on its way?”',
            zh: '王车易位：王朝一个车走两格，车跳到王的另一边。如果王或那个车已经走过、王正被将军、或者王要经过或停在被攻击的格子，就不能易位。在棋盘上问孩子：“王走过吗？中间有棋子挡着吗？王走的路上被攻击吗？”',
            vi: 'Nhập thành: vua đi hai ô về phía một xe, và xe nhảy sang phía bên kia vua. Không được nhập thành nếu vua hoặc xe đó đã đi, nếu vua đang bị chiếu, hoặc nếu vua đi qua hay dừng ở ô bị tấn công. Trên bàn cờ, hãy hỏi: “Vua đã đi chưa? Có quân nào chắn đường không? Đường vua đi có bị tấn công không?”',
        },
        topics: ['castling', 'castling_king_moved', 'castling_through_attack', 'castling_in_check'],
        learn: [
            {
                text: {
                    en: 'To castle, the king moves two squares towards a rook, and the rook jumps over it.',
                    zh: '易位的时候，王朝车的方向走两格，车跳过王。',
                    vi: 'Khi nhập thành, vua đi hai ô về phía xe, và xe nhảy qua vua.',
                },
                fen: '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1',
                arrows: [
                    ['e1', 'g1'],
                    ['h1', 'f1'],
                ],
                moves: ['e1g1'],
            },
            {
                text: {
                    en: 'The king may not castle out of check, or across a square that an enemy piece attacks.',
                    zh: '王被将军时不能易位，也不能经过被敌方攻击的格子。',
                    vi: 'Vua không được nhập thành khi đang bị chiếu, hoặc đi qua ô bị quân địch tấn công.',
                },
                fen: CASTLE,
                arrows: [['c4', 'f1']],
                highlights: ['f1'],
            },
        ],
        levels: [
            {
                id: 'castle-1',
                kind: 'choice',
                fen: CASTLE,
                side: 'white',
                goal: {
                    en: 'Can White castle on the short side (to the right) now?',
                    zh: '白方现在能向短边（右边）易位吗？',
                    vi: 'Bây giờ Trắng có nhập thành cánh ngắn (bên phải) được không?',
                },
                goal_id: 'answer',
                par: 1,
                choices: [
                    {
                        id: 'yes',
                        text: { en: 'Yes, it can', zh: '能', vi: 'Được' },
                        verdict: {
                            verdict: 'wrong',
                            message: {
                                en: 'Look at the bishop on c4. Which square does it attack?',
                                zh: '看看c4的象。它在攻击哪个格子？',
                                vi: 'Nhìn tượng ở c4 xem. Nó tấn công ô nào?',
                            },
                            arrows: [['c4', 'f1']],
                        },
                    },
                    {
                        id: 'no_check',
                        text: {
                            en: 'No: the king is in check',
                            zh: '不能：王正被将军',
                            vi: 'Không: vua đang bị chiếu',
                        },
                        verdict: {
                            verdict: 'wrong',
                            message: {
                                en: 'The king is not in check: nothing attacks e1 now.',
                                zh: '王没有被将军：现在没有棋子攻击e1。',
                                vi: 'Vua không bị chiếu: không quân nào tấn công e1.',
                            },
                            highlights: ['e1'],
                        },
                    },
                    {
                        id: 'no_attack',
                        text: {
                            en: 'No: the king would cross an attacked square',
                            zh: '不能：王要经过被攻击的格子',
                            vi: 'Không: vua phải đi qua ô bị tấn công',
                        },
                        verdict: {
                            verdict: 'solved',
                            message: {
                                en: 'Right! The bishop on c4 attacks f1, and the king may not cross it.',
                                zh: '对！c4的象攻击f1，王不能从那里经过。',
                                vi: 'Đúng rồi! Tượng ở c4 tấn công f1, và vua không được đi qua đó.',
                            },
                            arrows: [['c4', 'f1']],
                            highlights: ['f1'],
                        },
                    },
                    {
                        id: 'no_moved',
                        text: { en: 'No: the king has moved', zh: '不能：王已经走过了', vi: 'Không: vua đã đi rồi' },
                        verdict: {
                            verdict: 'wrong',
                            message: {
                                en: 'The king is still on e1 and has not moved yet.',
                                zh: '王还在e1，还没有走过。',
                                vi: 'Vua vẫn ở e1 và chưa đi nước nào.',
                            },
                            highlights: ['e1'],
                        },
                    },
                ],
                choiceHint: {
                    one: { en: 'Look at the black bishop.', zh: '看看黑象。', vi: 'Hãy nhìn tượng đen.' },
                    choice: 'no_attack',
                    two: {
                        en: 'The bishop attacks f1, the square the king must cross.',
                        zh: '象攻击f1，那是王必须经过的格子。',
                        vi: 'Tượng tấn công f1, ô mà vua phải đi qua.',
                    },
                },
            },
            {
                id: 'castle-2',
                kind: 'move',
                fen: CASTLE,
                side: 'white',
                goal: {
                    en: 'Castle to keep your king safe. Which side can you castle on?',
                    zh: '易位让你的王更安全。你能往哪边易位？',
                    vi: 'Hãy nhập thành để vua an toàn. Bạn nhập thành được về phía nào?',
                },
                goal_id: 'castle',
                par: 1,
                nodes: {
                    '': {
                        legal: [
                            'e1c1',
                            'e1d1',
                            'e1d2',
                            'e1f2',
                            ...movesTo('a1', 'a', '2345678'),
                            ...movesTo('a1', 'bcd', '1'),
                            ...movesTo('h1', 'h', '2345678'),
                            ...movesTo('h1', 'fg', '1'),
                        ],
                        answers: {
                            e1c1: {
                                verdict: 'solved',
                                san: 'O-O-O',
                                message: {
                                    en: 'Well done! The king went to c1 and the rook jumped to d1.',
                                    zh: '做得好！王走到c1，车跳到了d1。',
                                    vi: 'Giỏi lắm! Vua đến c1 và xe nhảy sang d1.',
                                },
                                highlights: ['c1', 'd1'],
                            },
                        },
                        otherwise: {
                            verdict: 'wrong',
                            message: {
                                en: 'That is a fine move, but this puzzle is about castling. Move the king two squares.',
                                zh: '这步棋不错，但这道题要你易位。把王走两格。',
                                vi: 'Nước đó không tệ, nhưng câu đố này là nhập thành. Hãy đi vua hai ô.',
                            },
                        },
                        illegal: {
                            e1g1: THROUGH_F1,
                            e1f1: { ...THROUGH_F1, reason: 'king_would_be_attacked' },
                            e1e2: {
                                reason: 'king_would_be_attacked',
                                message: {
                                    en: 'The king cannot go to e2: the bishop on c4 attacks it.',
                                    zh: '王不能去e2：c4的象攻击那里。',
                                    vi: 'Vua không thể đi e2: tượng ở c4 tấn công ô đó.',
                                },
                                arrows: [['c4', 'e2']],
                            },
                        },
                        hint: {
                            square: 'e1',
                            move: 'e1c1',
                            one: {
                                en: 'When castling, the king moves first.',
                                zh: '易位时先走王。',
                                vi: 'Khi nhập thành, đi vua trước.',
                            },
                            two: {
                                en: 'King two squares to the left, to c1.',
                                zh: '王向左走两格，到c1。',
                                vi: 'Vua đi hai ô sang trái, tới c1.',
                            },
                        },
                    },
                },
            },
        ],
    },
    {
        id: 'promotion',
        practice: 'promotion',
        title: { en: 'Promotion', zh: '升变', vi: 'Phong cấp' },
        summary: {
            en: 'A pawn that reaches the far side becomes a new piece.',
            zh: '兵走到对面底线，就变成一个新棋子。',
            vi: 'Tốt đi tới phía bên kia sẽ biến thành quân mới.',
        },
        tip: {
            en: 'When a pawn reaches the last row it must be promoted, nearly always to a queen. At the table, ask: “How many moves until this pawn promotes?”',
            zh: '兵走到对方底线时必须升变，通常变成后。在棋盘上问孩子：“这个兵还要走几步才能升变？”',
            vi: 'Khi tốt đi tới hàng cuối bên kia, nó phải phong cấp, thường là thành hậu. Trên bàn cờ, hãy hỏi con: “Tốt này còn mấy bước nữa thì phong cấp?”',
        },
        topics: ['promotion', 'underpromotion'],
        learn: [
            {
                text: {
                    en: 'A pawn that reaches the last row becomes a queen, a rook, a bishop or a knight!',
                    zh: '兵走到最后一行，就能变成后、车、象或马！',
                    vi: 'Tốt đi tới hàng cuối sẽ biến thành hậu, xe, tượng hoặc mã!',
                },
                fen: PROMOTE,
                highlights: ['e8'],
                moves: ['e7e8q'],
            },
        ],
        levels: [
            {
                id: 'promotion-1',
                kind: 'move',
                fen: PROMOTE,
                side: 'white',
                goal: { en: 'Make a new queen!', zh: '变出一个新的后！', vi: 'Hãy tạo ra một quân hậu mới!' },
                goal_id: 'promote',
                par: 1,
                nodes: {
                    '': {
                        legal: ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2'],
                        answers: {
                            e7e8q: {
                                verdict: 'solved',
                                san: 'e8=Q',
                                message: {
                                    en: 'A new queen! She is the strongest piece.',
                                    zh: '一个新的后！她是最强的棋子。',
                                    vi: 'Một quân hậu mới! Hậu là quân mạnh nhất.',
                                },
                                highlights: ['e8'],
                            },
                        },
                        otherwise: {
                            verdict: 'wrong',
                            message: {
                                en: 'That works, but a queen is stronger. Try again!',
                                zh: '这样也可以，但后更强。再试一次！',
                                vi: 'Cũng được, nhưng hậu mạnh hơn. Thử lại nhé!',
                            },
                        },
                        illegal: {
                            e7e8: {
                                reason: 'promotion_missing',
                                message: {
                                    en: 'Your pawn reaches the last row: choose the piece it becomes.',
                                    zh: '你的兵到了最后一行：选它要变成的棋子。',
                                    vi: 'Tốt của bạn tới hàng cuối rồi: hãy chọn quân nó sẽ trở thành.',
                                },
                                arrows: [],
                            },
                        },
                        hint: {
                            square: 'e7',
                            move: 'e7e8q',
                            one: {
                                en: 'Your pawn is almost there!',
                                zh: '你的兵快到了！',
                                vi: 'Tốt của bạn sắp tới nơi rồi!',
                            },
                            two: {
                                en: 'Pawn to e8, and choose the queen.',
                                zh: '兵走到e8，选后。',
                                vi: 'Đi tốt tới e8 và chọn hậu.',
                            },
                        },
                    },
                },
            },
        ],
    },
];

// ---- practice that never runs out (here: a few fixed levels per topic) ----

// A practice level: `kind` names it in its id ("practice-<kind>-<seed>-<n>"), as the server's do.
interface MockPracticeLevel extends Omit<MockLevel, 'id' | 'kind' | 'choices' | 'choiceHint'> {
    kind: string;
}

// The server's goals of practice levels (data/learn/text/*.json, practice.<kind>.goal).
const PRACTICE_GOALS: Record<string, Tr> = {
    mate_in_1: { en: 'Checkmate in one move!', zh: '一步将死！', vi: 'Chiếu hết trong một nước!' },
    mate_in_2: { en: 'Checkmate in two moves!', zh: '两步将死！', vi: 'Chiếu hết trong hai nước!' },
    run: {
        en: 'Your king is in check. Run to a safe square!',
        zh: '你的王被将军了。跑到安全的格子去！',
        vi: 'Vua của bạn đang bị chiếu. Chạy đến ô an toàn!',
    },
    block: {
        en: 'Your king is in check. Block the check, safely!',
        zh: '你的王被将军了。安全地挡住将军！',
        vi: 'Vua của bạn đang bị chiếu. Chặn nước chiếu một cách an toàn!',
    },
    capture: {
        en: 'Your king is in check. Capture the piece that gives check!',
        zh: '你的王被将军了。吃掉将军的棋子！',
        vi: 'Vua của bạn đang bị chiếu. Ăn quân đang chiếu!',
    },
    castle: {
        en: 'Castle now, on the side where it is allowed. Why not the other side?',
        zh: '现在王车易位，走可以易位的那一边。为什么另一边不行？',
        vi: 'Nhập thành ngay, về phía được phép. Vì sao phía kia không được?',
    },
    promote: {
        en: 'Promote your pawn, and choose a piece that keeps the win!',
        zh: '让你的兵升变，选一个能保住胜利的棋子！',
        vi: 'Phong cấp Tốt của bạn, và chọn quân giữ được chiến thắng!',
    },
};

const MATED: Tr = {
    en: 'Checkmate! The king is attacked and has no safe square left.',
    zh: '将死！王被攻击，已经没有安全的格子了。',
    vi: 'Chiếu hết! Vua bị tấn công và không còn ô an toàn nào.',
};
const NO_MATE: MockVerdict = {
    verdict: 'wrong',
    message: {
        en: 'That is not checkmate: the king can still get away. Try again!',
        zh: '这不是将死：王还能逃走。再试一次！',
        vi: 'Chưa phải chiếu hết: vua vẫn còn chạy được. Thử lại nhé!',
    },
};
const NOT_THAT_WAY: MockVerdict = {
    verdict: 'wrong',
    message: {
        en: 'You got out of check, but not the way the puzzle asks. Try again!',
        zh: '你摆脱了将军，但不是题目要的方法。再试一次！',
        vi: 'Bạn đã thoát chiếu, nhưng chưa đúng cách câu đố hỏi. Thử lại nhé!',
    },
};
const HINT_LOOK: Tr = { en: 'Look at this piece!', zh: '看看这个棋子！', vi: 'Hãy nhìn quân này!' };
const still = (checker: string, king: string): MockIllegal => ({
    reason: 'still_in_check',
    message: {
        en: `Your king is still in check from ${checker}.`,
        zh: `你的王还在被${checker}的棋子将军。`,
        vi: `Vua của bạn vẫn bị quân ở ${checker} chiếu.`,
    },
    arrows: [[checker, king]],
});

const PRACTICE: Record<string, MockPracticeLevel[]> = {
    checkmate: [
        {
            kind: 'mate_in_1',
            fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['mate_in_1']!,
            goal_id: 'mate_in_1',
            par: 1,
            nodes: {
                '': {
                    legal: [
                        ...movesTo('a1', 'a', '2345678'),
                        ...movesTo('a1', 'bcdef', '1'),
                        'g1f1',
                        ...['f2f3', 'f2f4', 'g2g3', 'g2g4', 'h2h3', 'h2h4'],
                    ],
                    answers: { a1a8: { verdict: 'solved', san: 'Ra8#', message: MATED, highlights: ['g8'] } },
                    otherwise: NO_MATE,
                    illegal: {},
                    hint: {
                        square: 'a1',
                        move: 'a1a8',
                        one: HINT_LOOK,
                        two: {
                            en: 'Rook to a8: the king is stuck behind its own pawns.',
                            zh: '车走到a8：王被自己的兵挡住了。',
                            vi: 'Xe tới a8: vua bị chính các tốt của mình chặn lại.',
                        },
                    },
                },
            },
        },
        {
            kind: 'mate_in_2',
            fen: '7k/8/8/8/8/8/R7/1R4K1 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['mate_in_2']!,
            goal_id: 'mate_in_2',
            par: 2,
            nodes: {
                '': {
                    legal: [...movesTo('a2', 'a', '134567'), ...movesTo('b1', 'b', '2345678'), 'g1f1', 'g1g2'],
                    answers: {
                        a2a7: {
                            verdict: 'good',
                            san: 'Ra7',
                            message: {
                                en: 'Good! The rook closes row 7. Now the king can only go to g8.',
                                zh: '好！车封住了第7行。现在王只能去g8。',
                                vi: 'Hay! Xe chặn hàng 7. Giờ vua chỉ đi được tới g8.',
                            },
                            reply: 'h8g8',
                            highlights: ['g8'],
                        },
                    },
                    otherwise: NO_MATE,
                    illegal: {},
                    hint: {
                        square: 'a2',
                        move: 'a2a7',
                        one: HINT_LOOK,
                        two: {
                            en: 'Rook to a7 closes the row in front of the king.',
                            zh: '车走到a7，封住王前面的那一行。',
                            vi: 'Xe tới a7 chặn hàng trước mặt vua.',
                        },
                    },
                },
                'a2a7,h8g8': {
                    legal: [...movesTo('b1', 'b', '2345678'), 'g1f1', 'g1g2', 'g1h1', 'g1h2', 'g1f2'],
                    answers: { b1b8: { verdict: 'solved', san: 'Rb8#', message: MATED, highlights: ['g8'] } },
                    otherwise: NO_MATE,
                    illegal: {},
                    hint: {
                        square: 'b1',
                        move: 'b1b8',
                        one: { en: 'Now the other rook!', zh: '现在走另一个车！', vi: 'Giờ đến xe kia!' },
                        two: {
                            en: 'Rook to b8: check on the last row.',
                            zh: '车走到b8：在底线将军。',
                            vi: 'Xe tới b8: chiếu ở hàng cuối.',
                        },
                    },
                },
            },
        },
    ],
    escape_check: [
        {
            kind: 'run',
            fen: '4r1k1/8/8/8/8/8/8/4K3 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['run']!,
            goal_id: 'escape_check',
            par: 1,
            nodes: {
                '': {
                    legal: ['e1d1', 'e1d2', 'e1f1', 'e1f2'],
                    answers: Object.fromEntries(
                        ['e1d1', 'e1d2', 'e1f1', 'e1f2'].map((m) => [m, { verdict: 'solved', message: RAN }]),
                    ),
                    otherwise: NOT_THAT_WAY,
                    illegal: {
                        e1e2: {
                            reason: 'king_would_be_attacked',
                            message: {
                                en: 'The king cannot go to e2: the rook would still attack it there.',
                                zh: '王不能去e2：车在那里还会攻击它。',
                                vi: 'Vua không thể đi e2: xe vẫn tấn công nó ở đó.',
                            },
                            arrows: [['e8', 'e2']],
                        },
                    },
                    hint: {
                        square: 'e1',
                        move: 'e1d1',
                        one: { en: 'Your king must move!', zh: '你的王得走！', vi: 'Vua của bạn phải đi!' },
                        two: {
                            en: 'King to d1: away from the rook’s line.',
                            zh: '王走到d1：离开车的线路。',
                            vi: 'Vua tới d1: ra khỏi đường của xe.',
                        },
                    },
                },
            },
        },
        {
            kind: 'block',
            fen: '4r1k1/8/8/8/8/8/8/2B1K3 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['block']!,
            goal_id: 'escape_check',
            par: 1,
            nodes: {
                '': {
                    legal: ['e1d1', 'e1d2', 'e1f1', 'e1f2', 'c1e3'],
                    answers: {
                        c1e3: {
                            verdict: 'solved',
                            san: 'Be3',
                            message: {
                                en: 'Great block! The bishop stands between the rook and your king.',
                                zh: '挡得好！象站在车和你的王中间。',
                                vi: 'Chặn hay lắm! Quân tượng đứng giữa xe và vua của bạn.',
                            },
                            arrows: [['e8', 'e3']],
                        },
                    },
                    otherwise: NOT_THAT_WAY,
                    illegal: Object.fromEntries(['c1d2', 'c1b2', 'c1a3'].map((m) => [m, still('e8', 'e1')])),
                    hint: {
                        square: 'c1',
                        move: 'c1e3',
                        one: {
                            en: 'This bishop can help!',
                            zh: '这个象可以帮忙！',
                            vi: 'Quân tượng này giúp được đấy!',
                        },
                        two: {
                            en: 'Bishop to e3, between the rook and your king.',
                            zh: '象走到e3，挡在车和你的王中间。',
                            vi: 'Tượng tới e3, chắn giữa xe và vua của bạn.',
                        },
                    },
                },
            },
        },
        {
            kind: 'capture',
            fen: '6k1/8/8/8/7q/5N2/8/4K3 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['capture']!,
            goal_id: 'escape_check',
            par: 1,
            nodes: {
                '': {
                    legal: ['e1d1', 'e1d2', 'e1e2', 'e1f1', 'f3h4'],
                    answers: {
                        f3h4: {
                            verdict: 'solved',
                            san: 'Nxh4',
                            message: {
                                en: 'Great capture! The knight took the queen that gave check.',
                                zh: '吃得好！马吃掉了将军的后。',
                                vi: 'Ăn hay lắm! Con mã đã ăn quân hậu đang chiếu.',
                            },
                            highlights: ['h4'],
                        },
                    },
                    otherwise: NOT_THAT_WAY,
                    illegal: {
                        e1f2: {
                            reason: 'king_would_be_attacked',
                            message: {
                                en: 'The king cannot go to f2: the queen attacks that square.',
                                zh: '王不能去f2：后在攻击这个格子。',
                                vi: 'Vua không thể đi f2: hậu tấn công ô đó.',
                            },
                            arrows: [['h4', 'f2']],
                        },
                        f3: still('h4', 'e1'),
                    },
                    hint: {
                        square: 'f3',
                        move: 'f3h4',
                        one: {
                            en: 'This knight can help!',
                            zh: '这匹马可以帮忙！',
                            vi: 'Con mã này giúp được đấy!',
                        },
                        two: {
                            en: 'The knight jumps to h4 and takes the queen.',
                            zh: '马跳到h4，吃掉后。',
                            vi: 'Mã nhảy tới h4 và ăn hậu.',
                        },
                    },
                },
            },
        },
    ],
    castling: [
        {
            kind: 'castle',
            fen: '4k3/8/8/8/6b1/8/8/R3K2R w KQ - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['castle']!,
            goal_id: 'castle',
            par: 1,
            nodes: {
                '': {
                    legal: ['e1g1', 'e1e2', 'e1f1', 'e1f2', 'e1d2', ...movesTo('a1', 'a', '2345678')],
                    answers: {
                        e1g1: {
                            verdict: 'solved',
                            san: 'O-O',
                            message: {
                                en: 'Castled! The king is safe and the rook is ready to play.',
                                zh: '易位成功！王安全了，车也准备好了。',
                                vi: 'Nhập thành rồi! Vua an toàn và xe sẵn sàng chiến đấu.',
                            },
                            highlights: ['g1', 'f1'],
                        },
                    },
                    otherwise: {
                        verdict: 'wrong',
                        message: {
                            en: 'That is not castling. Move the king two squares towards a rook.',
                            zh: '这不是王车易位。把王朝一个车走两格。',
                            vi: 'Đó không phải nhập thành. Đi vua hai ô về phía một quân xe.',
                        },
                    },
                    illegal: {
                        e1c1: {
                            reason: 'castling_through_attack',
                            message: {
                                en: 'The king cannot castle across d1: the bishop on g4 attacks it.',
                                zh: '王不能经过d1易位：g4的象在攻击这个格子。',
                                vi: 'Vua không thể nhập thành qua d1: tượng ở g4 tấn công ô đó.',
                            },
                            arrows: [['g4', 'd1']],
                        },
                        e1d1: {
                            reason: 'king_would_be_attacked',
                            message: {
                                en: 'The king cannot go to d1: the bishop on g4 attacks it.',
                                zh: '王不能去d1：g4的象在攻击这个格子。',
                                vi: 'Vua không thể đi d1: tượng ở g4 tấn công ô đó.',
                            },
                            arrows: [['g4', 'd1']],
                        },
                    },
                    hint: {
                        square: 'e1',
                        move: 'e1g1',
                        one: {
                            en: 'The king castles: it moves two squares.',
                            zh: '王来易位：它走两格。',
                            vi: 'Vua nhập thành: vua đi hai ô.',
                        },
                        two: {
                            en: 'King to g1: the short side is safe.',
                            zh: '王走到g1：短的一边是安全的。',
                            vi: 'Vua tới g1: cánh ngắn an toàn.',
                        },
                    },
                },
            },
        },
        {
            kind: 'castle',
            fen: '4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['castle']!,
            goal_id: 'castle',
            par: 1,
            nodes: {
                '': {
                    legal: ['e1c1', 'e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2', ...movesTo('h1', 'h', '2345678')],
                    answers: {
                        e1c1: {
                            verdict: 'solved',
                            san: 'O-O-O',
                            message: {
                                en: 'Castled the long way! The king is safe and the rook is ready.',
                                zh: '长易位成功！王安全了，车也准备好了。',
                                vi: 'Nhập thành cánh dài rồi! Vua an toàn và xe sẵn sàng.',
                            },
                            highlights: ['c1', 'd1'],
                        },
                    },
                    otherwise: {
                        verdict: 'wrong',
                        message: {
                            en: 'That is not castling. Move the king two squares towards a rook.',
                            zh: '这不是王车易位。把王朝一个车走两格。',
                            vi: 'Đó không phải nhập thành. Đi vua hai ô về phía một quân xe.',
                        },
                    },
                    illegal: {
                        e1g1: {
                            reason: 'castling_into_check',
                            message: {
                                en: 'The king cannot castle to g1: the rook on g8 attacks it.',
                                zh: '王不能易位到g1：g8的车在攻击这个格子。',
                                vi: 'Vua không thể nhập thành tới g1: xe ở g8 tấn công ô đó.',
                            },
                            arrows: [['g8', 'g1']],
                        },
                    },
                    hint: {
                        square: 'e1',
                        move: 'e1c1',
                        one: {
                            en: 'The king castles: it moves two squares.',
                            zh: '王来易位：它走两格。',
                            vi: 'Vua nhập thành: vua đi hai ô.',
                        },
                        two: {
                            en: 'King to c1: the long side is safe.',
                            zh: '王走到c1：长的一边是安全的。',
                            vi: 'Vua tới c1: cánh dài an toàn.',
                        },
                    },
                },
            },
        },
    ],
    promotion: [
        {
            kind: 'promote',
            fen: '8/1P6/8/8/8/8/5k2/1K6 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['promote']!,
            goal_id: 'promote',
            par: 1,
            nodes: {
                '': {
                    legal: ['b7b8q', 'b7b8r', 'b7b8b', 'b7b8n', 'b1a1', 'b1a2', 'b1b2', 'b1c1', 'b1c2'],
                    answers: {
                        b7b8q: {
                            verdict: 'solved',
                            san: 'b8=Q',
                            message: {
                                en: 'A new queen! Now you can win.',
                                zh: '一个新的后！现在你能赢了。',
                                vi: 'Một quân hậu mới! Giờ bạn thắng được rồi.',
                            },
                            highlights: ['b8'],
                        },
                        b7b8r: {
                            verdict: 'solved',
                            san: 'b8=R',
                            message: {
                                en: 'A new rook! A rook and a king can checkmate too.',
                                zh: '一个新的车！王和车也能将死对方。',
                                vi: 'Một quân xe mới! Vua và xe cũng chiếu hết được.',
                            },
                            highlights: ['b8'],
                        },
                    },
                    otherwise: {
                        verdict: 'wrong',
                        message: {
                            en: 'A knight or a bishop alone cannot checkmate. Choose a stronger piece!',
                            zh: '只有一个马或一个象是将不死的。选一个更强的棋子！',
                            vi: 'Chỉ một mã hay một tượng thì không chiếu hết được. Chọn quân mạnh hơn nhé!',
                        },
                    },
                    illegal: {
                        b7b8: {
                            reason: 'promotion_missing',
                            message: {
                                en: 'Your pawn reaches the last row: choose the piece it becomes.',
                                zh: '你的兵到了最后一行：选它要变成的棋子。',
                                vi: 'Tốt của bạn tới hàng cuối rồi: hãy chọn quân nó sẽ trở thành.',
                            },
                            arrows: [],
                        },
                    },
                    hint: {
                        square: 'b7',
                        move: 'b7b8q',
                        one: {
                            en: 'Your pawn is almost there!',
                            zh: '你的兵快到了！',
                            vi: 'Tốt của bạn sắp tới nơi rồi!',
                        },
                        two: {
                            en: 'Pawn to b8, and choose the queen.',
                            zh: '兵走到b8，选后。',
                            vi: 'Đi tốt tới b8 và chọn hậu.',
                        },
                    },
                },
            },
        },
        {
            kind: 'promote',
            fen: '8/3P4/8/8/8/2k5/8/6K1 w - - 0 1',
            side: 'white',
            goal: PRACTICE_GOALS['promote']!,
            goal_id: 'promote',
            par: 1,
            nodes: {
                '': {
                    legal: ['d7d8q', 'd7d8r', 'd7d8b', 'd7d8n', 'g1f1', 'g1f2', 'g1g2', 'g1h1', 'g1h2'],
                    answers: {
                        d7d8q: {
                            verdict: 'solved',
                            san: 'd8=Q',
                            message: {
                                en: 'A new queen! Now you can win.',
                                zh: '一个新的后！现在你能赢了。',
                                vi: 'Một quân hậu mới! Giờ bạn thắng được rồi.',
                            },
                            highlights: ['d8'],
                        },
                    },
                    otherwise: {
                        verdict: 'wrong',
                        message: {
                            en: 'Hmm, the black king is far away: your pawn can become the strongest piece. Try again!',
                            zh: '嗯，黑王离得很远：你的兵可以变成最强的棋子。再试一次！',
                            vi: 'Hừm, vua đen ở xa: tốt của bạn có thể thành quân mạnh nhất. Thử lại nhé!',
                        },
                    },
                    illegal: {
                        d7d8: {
                            reason: 'promotion_missing',
                            message: {
                                en: 'Your pawn reaches the last row: choose the piece it becomes.',
                                zh: '你的兵到了最后一行：选它要变成的棋子。',
                                vi: 'Tốt của bạn tới hàng cuối rồi: hãy chọn quân nó sẽ trở thành.',
                            },
                            arrows: [],
                        },
                    },
                    hint: {
                        square: 'd7',
                        move: 'd7d8q',
                        one: {
                            en: 'Your pawn is almost there!',
                            zh: '你的兵快到了！',
                            vi: 'Tốt của bạn sắp tới nơi rồi!',
                        },
                        two: {
                            en: 'Pawn to d8, and choose the queen.',
                            zh: '兵走到d8，选后。',
                            vi: 'Đi tốt tới d8 và chọn hậu.',
                        },
                    },
                },
            },
        },
    ],
};

// The fixed level the `n`th level (from 0) of a round of `topic` with `seed` is: the seed turns
// the list, so that the same seed deals the same levels and another seed others.
function dealt(topic: string, seed: string, n: number): MockPracticeLevel | undefined {
    const levels = PRACTICE[topic];
    if (!levels) return undefined;
    return levels[Number((BigInt(seed) + BigInt(n)) % BigInt(levels.length))];
}

const practiceId = (l: MockPracticeLevel, seed: string, n: number) => `practice-${l.kind}-${seed}-${n}`;

// The practice level an id names ("practice-<kind>-<seed>-<n>"), made as MockLevel again.
function practiceLevel(id: string): MockLevel | undefined {
    const m = /^practice-([a-z0-9_]+)-(\d{1,20})-(\d{1,2})$/.exec(id);
    if (!m) return undefined;
    const [, kind, seed, n] = m as unknown as [string, string, string, string];
    for (const topic of Object.keys(PRACTICE)) {
        const l = dealt(topic, seed, Number(n));
        if (l && l.kind === kind && practiceId(l, seed, Number(n)) === id) return { ...l, id, kind: 'move' };
    }
    return undefined;
}

// The most levels a round looks through for a child's untried ones (the ids' `n` has two digits).
const MOST_DEALT = 100;

// What a child's practice is made from (asked with `child`): the levels it has a result for,
// and the practice levels it has solved per topic.
export interface ChildPractice {
    tried: ReadonlySet<string>;
    solved: Readonly<Record<string, number>>;
}

// The server's stage of a child who has solved `solved` levels of a topic (learn/practice.h).
const stageOf = (solved: number): number => (solved < 5 ? 0 : solved < 15 ? 1 : 2);

// GET /api/learn/practice?topic=&count=&seed=&stage=; for a child without a seed, one is drawn
// and answered with the child's stage, and the levels the child has a result for are skipped (the
// server draws seeds until a round is new to the child); a seed gives its levels, as for anyone.
// (The mock's few levels per topic are dealt alike at every stage.)
function practice(q: URLSearchParams, lang: Language, child?: ChildPractice): Answer {
    const topic = q.get('topic') ?? '';
    const count = q.get('count') ?? '5';
    const stage = q.get('stage') ?? '1';
    if (!/^[012]$/.test(stage)) return error(400, 'bad_request', 'stage: 0, 1 or 2');
    const drawn = child && !q.has('seed') ? String(Math.floor(Math.random() * 2 ** 53)) : undefined;
    const seed = drawn ?? q.get('seed') ?? '0';
    if (!/^\d+$/.test(count) || Number(count) < 1 || Number(count) > 20)
        return error(400, 'bad_request', 'count: 1 to 20');
    if (!/^\d{1,20}$/.test(seed) || BigInt(seed) >= 2n ** 64n) return error(400, 'bad_request', 'seed: a whole number');
    if (!PRACTICE[topic]) return error(400, 'bad_request', `topic: one of ${Object.keys(PRACTICE).join(', ')} (mock)`);
    const levels: Level[] = [];
    for (let n = 0; levels.length < Number(count) && n < MOST_DEALT; n++) {
        const l = dealt(topic, seed, n)!;
        const id = practiceId(l, seed, n);
        if (!drawn || !child?.tried.has(id)) levels.push(levelOf('practice', { ...l, id, kind: 'move' }, lang));
    }
    return {
        status: 200,
        body: checked((x) => readPractice(x, true), {
            levels,
            ...(drawn ? { seed: drawn, stage: stageOf(child?.solved[topic] ?? 0) } : {}),
        }),
    };
}

// ---- the help for any position ----

// The coach's position (a game against the computer, made from it by the browser checks).
export const MOCK_COACH = {
    fen: '4k3/8/8/8/1b6/P7/2P5/4K3 w - - 0 1',
    legal: ['e1d1', 'e1e2', 'e1f1', 'e1f2', 'c2c3', 'a3b4'],
};

const ESCAPES: Record<string, Omit<Escape, 'message'> & { message: Tr }> = {
    [MOCK_COACH.fen]: {
        in_check: true,
        checkers: ['b4'],
        run: ['e1d1', 'e1e2', 'e1f1', 'e1f2'],
        block: ['c2c3'],
        capture: ['a3b4'],
        message: {
            en: 'The bishop on b4 gives check. Run: yes, the king has four safe squares. Block: yes, c2-c3. Capture: yes, the pawn on a3 can take the bishop!',
            zh: 'b4的象在将军。逃走：能，王有四个安全的格子。挡住：能，c2走到c3。吃掉：能，a3的兵可以吃掉象！',
            vi: 'Tượng ở b4 đang chiếu. Chạy: được, vua có bốn ô an toàn. Chặn: được, tốt c2 lên c3. Ăn: được, tốt ở a3 ăn được tượng!',
        },
    },
    [CHECK_1]: {
        in_check: true,
        checkers: ['e8'],
        run: ['e1d1', 'e1f1'],
        block: ['c3e2', 'c3e4'],
        capture: [],
        message: {
            en: 'The rook on e8 gives check. Run: yes. Block: yes, with the knight. Capture: no.',
            zh: 'e8的车在将军。逃走：能。挡住：能，用马。吃掉：不能。',
            vi: 'Xe ở e8 đang chiếu. Chạy: được. Chặn: được, bằng mã. Ăn: không.',
        },
    },
};

// ---- answering ----

// `v` as the strict reader `read` takes it, after a trip through JSON (what is sent).
const checked = <T>(read: (v: unknown) => T, v: T): T => read(JSON.parse(JSON.stringify(v)));

function error(status: number, code: string, message: string): Answer {
    return { status, body: readMessage({ type: 'error', code, message }, true) };
}

const allLevels = () => COURSE.flatMap((lesson) => lesson.levels.map((level) => ({ lesson, level })));
const variant: Variant = 'chess';

function levelOf(lesson: string, l: MockLevel, lang: Language): Level {
    return {
        id: l.id,
        lesson,
        kind: l.kind,
        variant,
        fen: l.fen,
        side: l.side,
        goal: l.goal[lang],
        goal_id: l.goal_id,
        par: l.par,
        choices: (l.choices ?? []).map((c) => ({ id: c.id, text: c.text[lang] })),
        check: checksAlong(l.fen, [])[0]!,
    };
}

function lessonOf(l: MockLesson, lang: Language): Lesson {
    return {
        id: l.id,
        title: l.title[lang],
        summary: l.summary[lang],
        tip: l.tip[lang],
        topics: l.topics,
        learn: l.learn.map((s) => ({
            text: s.text[lang],
            variant,
            fen: s.fen,
            arrows: s.arrows ?? [],
            highlights: s.highlights ?? [],
            moves: s.moves ?? [],
            checks: checksAlong(s.fen, s.moves ?? []),
        })),
        levels: l.levels.map((level) => levelOf(l.id, level, lang)),
        practice: l.practice,
    };
}

// A made-up SAN (the piece, a capture, the target): enough for the mock.
function san(fen: string, line: readonly string[], move: string): string {
    let pos = parsePosition(variant, fen);
    for (const m of line) pos = applyMoveForDisplay(pos, m);
    const mv = parseMove(move);
    const p = mv ? pos.pieces.get(mv.from) : undefined;
    if (!mv || !p) return move;
    const x = pos.pieces.has(mv.to) ? 'x' : '';
    return p.kind === 'P' ? `${x ? mv.from.charAt(0) : ''}${x}${mv.to}` : `${p.kind}${x}${mv.to}`;
}

// The mock's stars: 3 without a slip (a mistake or a hint), 2 with one or two, else 1.
function stars(mistakes: number, hints: number): 1 | 2 | 3 {
    const slips = mistakes + hints;
    return slips === 0 ? 3 : slips <= 2 ? 2 : 1;
}

// The verdict to send; `played` undefined: a choice level's (no move fields), else the level's
// position, the line before the move, the move and its SAN.
function verdictOf(
    v: MockVerdict,
    lang: Language,
    played: { fen: string; line: readonly string[]; move: string; san: string } | undefined,
    counts: [number, number],
): Verdict {
    const marks = { arrows: v.arrows ?? [], highlights: v.highlights ?? [] };
    const move = played !== undefined;
    // The kings in check after the move and each move the board plays after it.
    const after = (more: readonly string[]) =>
        played
            ? { checks: checksAlong(played.fen, [...played.line, played.move, ...more]).slice(played.line.length + 1) }
            : {};
    const withSan = played ? { san: v.san ?? played.san } : {};
    switch (v.verdict) {
        case 'wrong':
            return {
                verdict: 'wrong',
                ...withSan,
                message: v.message[lang],
                ...(move ? { consequence: v.consequence ?? [] } : {}),
                ...marks,
                ...after(v.consequence ?? []),
            } as Verdict;
        case 'good':
            return {
                verdict: 'good',
                ...withSan,
                message: v.message[lang],
                ...(move ? { reply: v.reply ?? null } : {}),
                ...marks,
                ...after(v.reply ? [v.reply] : []),
            } as Verdict;
        case 'solved':
            return {
                verdict: 'solved',
                ...withSan,
                message: v.message[lang],
                stars: stars(...counts),
                ...marks,
                ...after([]),
            };
    }
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function attempt(l: MockLevel, body: Record<string, unknown> | undefined, lang: Language): Answer {
    const line = body?.['line'];
    if (!Array.isArray(line) || !line.every((m) => typeof m === 'string'))
        return error(400, 'bad_request', 'line: a list of moves is wanted');
    if (!isCount(body?.['mistakes']) || !isCount(body?.['hints']))
        return error(400, 'bad_request', 'mistakes and hints: counts are wanted');
    const counts: [number, number] = [body['mistakes'], body['hints']];
    if (l.kind === 'choice') {
        const c = l.choices?.find((x) => x.id === body['choice']);
        if (line.length || !c || 'move' in body)
            return error(400, 'bad_request', 'a choice of this level is wanted, with an empty line');
        return {
            status: 200,
            body: checked((x) => readVerdict(x, 'choice', true), verdictOf(c.verdict, lang, undefined, counts)),
        };
    }
    const node = l.nodes?.[line.join(',')];
    const move = body['move'];
    if (!node) return error(400, 'bad_request', 'line: not a path this level gives');
    if (typeof move !== 'string' || !parseMove(move) || 'choice' in body)
        return error(400, 'bad_request', 'move: a UCI move is wanted');
    let v: Verdict;
    const known = node.answers[move];
    const played = { fen: l.fen, line, move, san: san(l.fen, line, move) };
    if (known) v = verdictOf(known, lang, played, counts);
    else if (node.legal.includes(move)) v = verdictOf(node.otherwise, lang, played, counts);
    else {
        const e = node.illegal[move] ?? node.illegal[parseMove(move)!.from] ?? NOT_THAT;
        v = { verdict: 'illegal', reason: e.reason, message: e.message[lang], arrows: e.arrows };
    }
    return { status: 200, body: checked((x) => readVerdict(x, 'move', true), v) };
}

function hint(l: MockLevel, q: URLSearchParams, lang: Language): Answer {
    const step = q.get('step');
    if (step !== '1' && step !== '2') return error(400, 'bad_request', 'step: 1 or 2');
    const line = (q.get('line') ?? '').split(',').filter(Boolean);
    if (l.kind === 'choice') {
        const h = l.choiceHint!;
        const v: Hint = step === '1' ? { message: h.one[lang] } : { choice: h.choice, message: h.two[lang] };
        return { status: 200, body: checked((x) => readHint(x, 'choice', step === '1' ? 1 : 2, true), v) };
    }
    const node = l.nodes?.[line.join(',')];
    if (!node) return error(400, 'bad_request', 'line: not a path this level gives');
    const h = node.hint;
    const v: Hint = step === '1' ? { square: h.square, message: h.one[lang] } : { move: h.move, message: h.two[lang] };
    return { status: 200, body: checked((x) => readHint(x, 'move', step === '1' ? 1 : 2, true), v) };
}

// The first four fields of a FEN: what the mock's positions are known by.
const placeOf = (fen: string) => fen.trim().split(/\s+/).slice(0, 4).join(' ');

function escape(body: Record<string, unknown> | undefined, lang: Language): Answer {
    const fen = body?.['fen'];
    if (typeof fen !== 'string' || body?.['variant'] !== 'chess')
        return error(400, 'bad_request', 'variant "chess" and a fen are wanted (mock)');
    const known = Object.entries(ESCAPES).find(([f]) => placeOf(f) === placeOf(fen))?.[1];
    const e: Escape = known
        ? { ...known, message: known.message[lang] }
        : {
              in_check: false,
              checkers: [],
              run: [],
              block: [],
              capture: [],
              message: { en: 'No check here.', zh: '这里没有将军。', vi: 'Ở đây không bị chiếu.' }[lang],
          };
    return { status: 200, body: checked((x) => readEscape(x, true), e) };
}

function explain(body: Record<string, unknown> | undefined, lang: Language): Answer {
    const fen = body?.['fen'];
    const move = body?.['move'];
    if (typeof fen !== 'string' || typeof move !== 'string' || !parseMove(move))
        return error(400, 'bad_request', 'variant, fen and move are wanted');
    const start = allLevels().find(({ level }) => level.nodes && placeOf(level.fen) === placeOf(fen))?.level;
    const node = start?.nodes?.[''];
    let e: Explain;
    if (start && node && (node.legal.includes(move) || node.answers[move]))
        e = { legal: true, san: node.answers[move]?.san ?? san(start.fen, [], move) };
    else if (node) {
        const x = node.illegal[move] ?? node.illegal[parseMove(move)!.from] ?? NOT_THAT;
        e = { legal: false, reason: x.reason, message: x.message[lang], arrows: x.arrows };
    } else e = { legal: false, reason: 'unexplained', message: 'The mock knows no rules here.', arrows: [] };
    return { status: 200, body: checked((x) => readExplain(x, true), e) };
}

// The mock's pace: a word every quarter of a second.
const MOCK_WORD_MS = 250;

// The words of `text` (runs without spaces) and when the mock "says" each.
function mockWords(text: string): SpeechWords {
    const words = [...text.matchAll(/\S+/g)].map((m, i) => ({
        start: m.index,
        length: m[0].length,
        at_ms: i * MOCK_WORD_MS,
    }));
    return { duration_ms: Math.max(200, words.length * MOCK_WORD_MS), words };
}

// `ms` of silence (8 kHz, 16-bit mono WAV): what the mock says for any text.
function silence(ms: number): Buffer {
    const samples = Math.round(ms * 8);
    const b = Buffer.alloc(44 + samples * 2);
    b.write('RIFF', 0);
    b.writeUInt32LE(36 + samples * 2, 4);
    b.write('WAVEfmt ', 8);
    b.writeUInt32LE(16, 16);
    b.writeUInt16LE(1, 20); // PCM
    b.writeUInt16LE(1, 22); // mono
    b.writeUInt32LE(8000, 24);
    b.writeUInt32LE(16000, 28);
    b.writeUInt16LE(2, 32);
    b.writeUInt16LE(16, 34);
    b.write('data', 36);
    b.writeUInt32LE(samples * 2, 40);
    return b;
}

// GET /api/speech: the audio (silence as long as the words take), or an error answer; GET
// /api/speech/words: when each word is said.
export function speechAnswer(q: URLSearchParams, words: boolean): { audio: Buffer } | Answer {
    const lang = q.get('lang') ?? 'en';
    const text = q.get('text') ?? '';
    if (!isLanguage(lang)) return error(400, 'bad_request', `unknown lang "${lang}"`);
    if ([...text].length > 600) return error(413, 'too_large', 'the text is longer than 600 characters');
    const timings = mockWords(text);
    if (words) return { status: 200, body: checked((x) => readSpeechWords(x, text, true), timings) };
    return { audio: silence(timings.duration_ms) };
}

// What a child's result is recorded with (mock-family.ts): the level's lesson (for a practice
// level, the lesson its topic goes on from), its goal, and a practice level's topic.
export interface LevelFacts {
    lesson: string;
    goal_id: string;
    topic?: string;
}

export function levelFacts(id: string): LevelFacts | undefined {
    const inCourse = allLevels().find(({ level }) => level.id === id);
    if (inCourse) return { lesson: inCourse.lesson.id, goal_id: inCourse.level.goal_id };
    const made = practiceLevel(id);
    const topic = Object.keys(PRACTICE).find((tp) => PRACTICE[tp]!.some((l) => l.kind === id.split('-')[1]));
    const lesson = COURSE.find((l) => l.practice === topic);
    return made && topic && lesson ? { lesson: lesson.id, goal_id: made.goal_id, topic } : undefined;
}

// The answer to a learning request (/api/learn/…, /api/escape, /api/explain), or undefined for
// any other path. `child`: what the practice of the child asked for is made from.
export function learnAnswer(
    method: string,
    url: URL,
    body: Record<string, unknown> | undefined,
    child?: ChildPractice,
): Answer | undefined {
    const parts = url.pathname.split('/').filter(Boolean); // api, learn, …
    if (parts[1] !== 'learn' && url.pathname !== '/api/escape' && url.pathname !== '/api/explain') return undefined;
    const langText = (method === 'POST' ? body?.['lang'] : url.searchParams.get('lang')) ?? 'en';
    const lang = typeof langText === 'string' && isLanguage(langText) ? langText : undefined;
    if (!lang) return error(400, 'bad_request', `unknown lang ${JSON.stringify(langText)}`);
    if (method === 'POST' && url.pathname === '/api/escape') return escape(body, lang);
    if (method === 'POST' && url.pathname === '/api/explain') return explain(body, lang);
    if (method === 'GET' && parts.length === 3 && parts[2] === 'course') {
        const course: Course = {
            lessons: COURSE.map((l) => ({
                id: l.id,
                title: l.title[lang],
                summary: l.summary[lang],
                topics: l.topics,
                learn_steps: l.learn.length,
                levels: l.levels.map((x) => x.id),
                practice: l.practice,
            })),
        };
        return { status: 200, body: checked((x) => readCourse(x, true), course) };
    }
    if (method === 'GET' && parts.length === 4 && parts[2] === 'lessons') {
        const l = COURSE.find((x) => x.id === parts[3]);
        if (!l) return error(404, 'not_found', `no lesson "${parts[3]}"`);
        return { status: 200, body: checked((x) => readLesson(x, true), lessonOf(l, lang)) };
    }
    if (method === 'GET' && parts.length === 3 && parts[2] === 'practice')
        return practice(url.searchParams, lang, child);
    if (parts[2] === 'levels' && parts.length >= 4) {
        const id = parts[3]!;
        const inCourse = allLevels().find(({ level }) => level.id === id);
        const found = inCourse ? { lesson: inCourse.lesson.id, level: inCourse.level } : undefined;
        const made = practiceLevel(id);
        const { lesson, level } = found ?? (made ? { lesson: 'practice', level: made } : {});
        if (!lesson || !level) return error(404, 'not_found', `no level "${id}"`);
        if (method === 'GET' && parts.length === 4)
            return { status: 200, body: checked((x) => readLevel(x, true), levelOf(lesson, level, lang)) };
        if (method === 'POST' && parts[4] === 'move') return attempt(level, body, lang);
        if (method === 'GET' && parts[4] === 'hint') return hint(level, url.searchParams, lang);
    }
    return error(404, 'not_found', 'no such learning route (mock)');
}

// Each level's board must have the child's side to move: a slip in the data above says so at once.
for (const level of [...allLevels().map((x) => x.level), ...Object.values(PRACTICE).flat()])
    if (parsePosition(variant, level.fen).toMove !== level.side)
        throw new Error(`mock level ${level.fen}: the side to move is not the child's`);
// Every lesson's practice topic has levels.
for (const l of COURSE)
    if (l.practice !== null && !PRACTICE[l.practice])
        throw new Error(`mock lesson ${l.id}: no practice "${l.practice}"`);
