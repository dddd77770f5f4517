// fourkingdoms_ref: a deliberately simple Four Kingdoms chess move generator.
//
// This is the independent check the Four Kingdoms issue asks for: a second move generator, written
// from the rule book (the spec that docs/rules/fourkingdoms.md, docs/notation.md "K4FEN" and
// "Moves" and docs/cli.md restate) and NOT from the engine's sources, so that a misreading in one
// is not copied into the other. It is compared with `citadel perft --variant fourkingdoms[-teams]
// --divide` by tests/fourkingdoms_reference_test.py.
//
// Design: plain mailbox (a 14x14 array; the cells of the four removed 3x3 corners are simply
// "not on the board"), no bitboards, no incremental state. A move is made by copying the position;
// legality is decided by making the move and asking whether any enemy piece attacks the mover's
// king ("does piece X attack square Y" is answered piece by piece from the movement rules).
// After a move the elimination scan and the choice of the next player run exactly as written.
// Speed does not matter; being obviously right does.
//
// Command line (mirrors citadel's, docs/cli.md):
//   fourkingdoms_ref perft [--variant fourkingdoms|fourkingdoms-teams] [--fen K4FEN]
//                          [--moves "m1 m2 ..."] --depth N [--divide]
//   fourkingdoms_ref moves [--variant V] [--fen K4FEN] [--moves "..."]
//   fourkingdoms_ref fen   [--variant V] [--fen K4FEN] [--moves "..."]   the position as K4FEN
//   fourkingdoms_ref play                     line protocol for the test script:
//       "reset V [K4FEN]" | "push MOVE" -> "ok" (or "error ...");
//       "list" -> "pos K4FEN",
//                 "state tomove P check 0|1 ingame N control XXXX decided 0|1 incheck PLAYERS|-",
//                 then "move TEXT PIECE TAGS" per legal move (PIECE: the mover's K4FEN token;
//                 TAGS: comma list of capture, kingcapture, ep, castle, promo, pawn, double,
//                 advance, check, elim, absorb, partner, skip, over; or "-"), then "end";
//       "divide D" -> the lines of `perft --depth D --divide`, then "end".
//   The variant defaults to fourkingdoms (free-for-all).
// Bad input prints one "error: ..." line on stderr and exits with status 2.
//
// ---------------------------------------------------------------------------------------------
// RULE READINGS (docs/rules/fourkingdoms.md). Each is a point where two implementations could
// differ.
//
//  Board, seats, armies
//   R1  Files a-n = 0..13, ranks 1-14 = 0..13; a cell (f, r) is off the board when both
//       f in {0,1,2,11,12,13} and r in {0,1,2,11,12,13} (the four 3x3 corners): 160 squares.
//   R2  Seats clockwise E(0) -> S(1) -> W(2) -> N(3). Every piece belongs to an ARMY (its K4FEN
//       colour letter, never changes); the control field says which player COMMANDS each army.
//       A player moves every piece of every army it commands. A player is in the game exactly
//       while the king of its own army is on the board (the book's definition).
//   R3  Enemies: p and q are enemies iff p != q and (teams: they are on different teams, E+S vs
//       W+N; free-for-all: they are not the two allied players). Relations are between
//       COMMANDERS: a piece is hostile to player p iff its army's commander is an enemy of p.
//       Pieces of non-enemies are never captured and never attack (give check); they still block.
//
//  Pieces
//   R4  K Q R B N move as in chess; lines stop at an off-board cell (corner or edge); knights
//       leap over corners. Any hostile piece may be captured, a king included (R21).
//   R5  Pawns use their ARMY's geometry forever (forward, home, start line, promotion line):
//       forward E = west (file-1), S = north (rank+1), W = east (file+1), N = south (rank-1).
//       Homes: S d-k x 1-3, N d-k x 12-14, W a-c x 4-11, E l-n x 4-11. Start lines (double step
//       allowed): S rank 2, N rank 13, W file b, E file m. Promotion lines: S rank 14, N rank 1,
//       W file n, E file a.
//   R6  A pawn standing INSIDE its own home: one step forward to an empty square; two steps
//       forward from its start line when both squares are empty; captures one step diagonally
//       forward (the two forward diagonals), also onto squares of its own home; en passant.
//   R7  A pawn standing OUTSIDE its own home: one orthogonal step (4 directions) to an empty
//       square; captures one diagonal step (4 directions); never to a square of its own home
//       (neither moving nor capturing, nor attacking). No double step.
//   R8  A pawn attacks exactly the squares it could capture on (R6/R7), whatever stands there.
//
//  En passant
//   R9  After a double step the passed square is the en passant square for the very next move
//       only, whoever makes it (the player chosen by R17). The mover may capture into it with
//       any of its pawns whose capture rule (R6/R7, any capture direction) reaches it, provided
//       the double-stepped pawn is hostile to the mover (R3); that pawn (on the square beyond
//       the passed one, in its army's forward direction) is removed.
//       The four armies' passed squares are disjoint (S rank 3, N rank 12, W file c, E file l),
//       so the K4FEN ep square alone identifies the pawn.
//   R10 K4FEN <ep> is "the square that may be captured into en passant on this move": our
//       writer names the passed square only when the player to move has a legal en passant
//       capture into it (internally the square is kept after every double step, which changes
//       nothing for move generation). The reader accepts it if it is a passed square, empty,
//       with that army's pawn beyond it and the start square behind it empty. (First written
//       as "after every double step"; the engine's reader rejects such a K4FEN -- "East has no
//       legal en passant capture there" -- which is the stricter and better reading of the
//       notation's words.)
//
//  Promotion
//   R11 Any pawn move (step, capture, en passant) that starts or ends on the pawn's promotion
//       line has five versions: no suffix (not promoting; the pawn keeps the right) and q r b n.
//       The new piece stays in the pawn's army.
//
//  Castling
//   R12 Short (K) = towards the nearer rook, long (Q) = the other; king two squares along the
//       back line, rook to the square the king crossed:
//         S h1: K h1j1 + k1i1, Q h1f1 + d1g1      N g14: K g14e14 + d14f14, Q g14i14 + k14h14
//         W a8: K a8a10 + a11a9, Q a8a6 + a4a7    E n7:  K n7n5 + n4n6,    Q n7n9 + n11n8
//       Needs the right, the army's own king and rook on their start squares, every square
//       strictly between them empty, and the king's start, crossed and landing squares not
//       attacked by a piece hostile to the mover (R3, the current alliances). Only the king of
//       the mover's own army can castle (an absorbed army has no king).
//   R13 Rights: a king move clears both rights of its army; any move from or to a rook's start
//       square clears that right; an eliminated player's rights are cleared.
//
//  Legality
//   R14 A move is legal iff, on the board after it, no piece hostile to the mover attacks the
//       mover's own king, with commands and alliances AS THEY STOOD BEFORE THE MOVE (so a move
//       capturing a king is judged before that player's armies change hands). Partners' and
//       allies' kings are not looked at.
//
//  After a move (in this order)
//   R15 If the move captured a king, that player is eliminated at once (as by mate, R18).
//   R16 Elimination scan: for each other player clockwise from the mover (mover+1, +2, +3;
//       the mover is never tested), if it is in the game, in check (its king attacked by a
//       hostile piece, current relations) and has no legal move, it is eliminated at once and
//       the scan goes on with the following seats on the changed position; then a whole new scan
//       from the mover runs, until a scan eliminates nobody. In this test an en passant capture
//       counts for the tested player only if it is the player who would move next on the
//       position as it stands at that moment (R17 evaluated then).
//       (Not pinned by any test: whether, after an elimination, the scan goes on with the
//       following seats or starts again from the mover at once. The two differ only when a
//       third elimination in one move depends on the order -- never seen in play.)
//   R17 Next player: the first player in the game that is in check, counting clockwise from the
//       mover among the OTHER players (mover+1, +2, +3); if none of them is in check, the next
//       player in the game clockwise. The mover is never a candidate, even when its own king is
//       attacked (possible only after an alliance has ended: the player who moves next may then
//       capture it, R21). In a decided game (R20): the next player in the game clockwise from
//       the mover, the mover if alone.
//       (This reference first counted the mover last, "mover+1 .. mover+4"; the comparison with
//       the engine found the difference on a hand-built alliance position. Re-reading: "counting
//       clockwise from the player who just moved" starts at the mover's neighbour, "the next
//       active player" is never the mover, the book names the mover only for a decided game, and
//       the mover is "never tested" in the scan -- so the mover is excluded. The book does not
//       say it in so many words; see the "alliance, mover in check" hand position.)
//   R18 Elimination: the player's king leaves the board, its castling rights go, and every army
//       it commanded changes commander: teams -> its partner (E<->S, W<->N); free-for-all -> the
//       player who made the move (also when the checking piece was a third player's). In
//       free-for-all any elimination ends an alliance.
//   R19 Alliances are formed outside moves (not generated here); a K4FEN alliance is honoured
//       (R3) until the next elimination. In teams the alliance field is always "es" and the
//       relation comes from the teams, not the field.
//   R20 Decided: free-for-all with one player in the game, teams with the players in the game
//       all on one team. A decided game has no moves (perft 0 below it). Draw rules resting on
//       counters and repetition are ignored. A player to move that is not in check and has no
//       legal move simply has no moves (perft 0).
//   R21 Capturing a king is generated like any capture of a hostile piece (it can only arise
//       from the rare positions the book mentions).
//   R22 Bookkeeping: the half-move clock resets on a capture or a pawn move, else +1; the
//       full-move number grows by one when the clockwise walk from the mover to the next player
//       (inclusive of the next player) passes or lands on East's seat.
// ---------------------------------------------------------------------------------------------

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr int W14  = 14;
constexpr int EAST = 0, SOUTH = 1, WEST = 2, NORTH = 3;
const char    kSeat[] = "eswn";

struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

bool onBoard(int f, int r) {
    if (f < 0 || f >= W14 || r < 0 || r >= W14) return false;
    bool cornerFile = f < 3 || f > 10;
    bool cornerRank = r < 3 || r > 10;
    return !(cornerFile && cornerRank);
}
int sqOf(int f, int r) { return r * W14 + f; }
int fileOf(int sq) { return sq % W14; }
int rankOf(int sq) { return sq / W14; }

std::string sqName(int sq) {
    std::string out(1, char('a' + fileOf(sq)));
    out += std::to_string(rankOf(sq) + 1);
    return out;
}

// ----- army geometry (R5) ----------------------------------------------------------------------

void forwardOf(int army, int& df, int& dr) {
    switch (army) {
    case EAST:
        df = -1;
        dr = 0;
        break;
    case SOUTH:
        df = 0;
        dr = 1;
        break;
    case WEST:
        df = 1;
        dr = 0;
        break;
    default:
        df = 0;
        dr = -1;
        break; // NORTH
    }
}
// How far (f, r) lies from the army's own back line, counted along its forward (0 to 13).
int depthOf(int army, int f, int r) {
    switch (army) {
    case SOUTH:
        return r;
    case NORTH:
        return 13 - r;
    case WEST:
        return f;
    default:
        return 13 - f; // EAST
    }
}
// Where (f, r) lies along the army's back line (the coordinate across its forward).
int  acrossOf(int army, int f, int r) { return army == SOUTH || army == NORTH ? f : r; }
bool inHome(int army, int f, int r) {
    int across = acrossOf(army, f, r);
    return depthOf(army, f, r) <= 2 && across >= 3 && across <= 10;
}
bool onStartLine(int army, int f, int r) { return inHome(army, f, r) && depthOf(army, f, r) == 1; }
bool onPromoLine(int army, int f, int r) { return depthOf(army, f, r) == 13; }
bool onOwnBackLine(int army, int f, int r) { return depthOf(army, f, r) == 0; }
// distance of a square from the army's promotion line (for the script's "advance" tag)
int promoDistance(int army, int f, int r) { return 13 - depthOf(army, f, r); }
// The army whose double step passes this square, or -1 (R9).
int passedArmy(int f, int r) {
    for (int army = 0; army < 4; ++army)
        if (inHome(army, f, r) && depthOf(army, f, r) == 2) return army;
    return -1;
}

// Castling geometry (R12): [army][0 = K short, 1 = Q long]
struct CastleInfo {
    int king, rook, kingTo, rookTo;
};
CastleInfo castleInfo(int army, int side) {
    auto s = [](int f, int r) { return sqOf(f, r); };
    switch (army) {
    case SOUTH:
        return side == 0 ? CastleInfo{ s(7, 0), s(10, 0), s(9, 0), s(8, 0) }
                         : CastleInfo{ s(7, 0), s(3, 0), s(5, 0), s(6, 0) };
    case NORTH:
        return side == 0 ? CastleInfo{ s(6, 13), s(3, 13), s(4, 13), s(5, 13) }
                         : CastleInfo{ s(6, 13), s(10, 13), s(8, 13), s(7, 13) };
    case WEST:
        return side == 0 ? CastleInfo{ s(0, 7), s(0, 10), s(0, 9), s(0, 8) }
                         : CastleInfo{ s(0, 7), s(0, 3), s(0, 5), s(0, 6) };
    default: // EAST
        return side == 0 ? CastleInfo{ s(13, 6), s(13, 3), s(13, 4), s(13, 5) }
                         : CastleInfo{ s(13, 6), s(13, 10), s(13, 8), s(13, 7) };
    }
}

// ----- position --------------------------------------------------------------------------------

struct Piece {
    int  army = -1; // -1: empty
    char type = 0; // K Q R B N P
    bool empty() const { return army < 0; }
};

struct Pos {
    std::array<Piece, W14 * W14> b{};
    bool                         teams        = false;
    int                          toMove       = EAST;
    bool                         castle[4][2] = {};
    int                          ep           = -1;
    int                          half = 0, full = 1;
    int                          control[4] = { 0, 1, 2, 3 };
    int                          allyA = -1, allyB = -1; // free-for-all alliance (R19)
};

struct Move {
    int  from = 0, to = 0;
    char promo      = 0; // 0 or q r b n
    int  castleSide = -1; // 0 K, 1 Q
    bool ep         = false;
    bool dbl        = false;
};

std::string moveText(const Move& m) {
    std::string t = sqName(m.from) + sqName(m.to);
    if (m.promo) t += m.promo;
    return t;
}

bool enemies(const Pos& s, int p, int q) { // R3
    if (p == q) return false;
    if (s.teams) return (p < 2) != (q < 2);
    if (s.allyA >= 0 && ((p == s.allyA && q == s.allyB) || (p == s.allyB && q == s.allyA)))
        return false;
    return true;
}
int  commander(const Pos& s, int sq) { return s.control[s.b[sq].army]; }
bool hostileTo(const Pos& s, int sq, int p) {
    return !s.b[sq].empty() && enemies(s, p, commander(s, sq));
}

int kingSq(const Pos& s, int player) {
    for (int sq = 0; sq < W14 * W14; ++sq)
        if (s.b[sq].army == player && s.b[sq].type == 'K') return sq;
    return -1;
}
bool inGame(const Pos& s, int player) { return kingSq(s, player) >= 0; }

bool decided(const Pos& s) { // R20
    int n = 0, teamMask = 0;
    for (int p = 0; p < 4; ++p)
        if (inGame(s, p)) {
            ++n;
            teamMask |= 1 << (p < 2 ? 0 : 1);
        }
    if (s.teams) return teamMask != 3;
    return n <= 1;
}

// Pawn capture squares (R6, R7, R8), whatever stands on them.
std::vector<int> pawnCaptureSquares(int army, int sq) {
    int              f = fileOf(sq), r = rankOf(sq);
    std::vector<int> out;
    if (inHome(army, f, r)) {
        int df, dr;
        forwardOf(army, df, dr);
        int d[2][2];
        if (df == 0) {
            d[0][0] = -1;
            d[0][1] = dr;
            d[1][0] = 1;
            d[1][1] = dr;
        } else {
            d[0][0] = df;
            d[0][1] = -1;
            d[1][0] = df;
            d[1][1] = 1;
        }
        for (auto& x : d)
            if (onBoard(f + x[0], r + x[1])) out.push_back(sqOf(f + x[0], r + x[1]));
    } else {
        const int d[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
        for (auto& x : d) {
            int tf = f + x[0], tr = r + x[1];
            if (onBoard(tf, tr) && !inHome(army, tf, tr)) out.push_back(sqOf(tf, tr));
        }
    }
    return out;
}

// Is every cell strictly between a and b (on one line) on the board and empty?
bool clearBetween(const Pos& s, int a, int b) {
    int df = fileOf(b) - fileOf(a), dr = rankOf(b) - rankOf(a);
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    int f = fileOf(a) + sf, r = rankOf(a) + sr;
    while (f != fileOf(b) || r != rankOf(b)) {
        if (!onBoard(f, r) || !s.b[sqOf(f, r)].empty()) return false;
        f += sf;
        r += sr;
    }
    return true;
}

// Does the piece on `from` attack square `to` (R4, R8)?
bool pieceAttacks(const Pos& s, int from, int to) {
    const Piece& pc = s.b[from];
    if (pc.empty() || from == to) return false;
    int df = fileOf(to) - fileOf(from), dr = rankOf(to) - rankOf(from);
    int adf = std::abs(df), adr = std::abs(dr);
    switch (pc.type) {
    case 'K':
        return std::max(adf, adr) == 1;
    case 'N':
        return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case 'R':
        return (df == 0 || dr == 0) && clearBetween(s, from, to);
    case 'B':
        return adf == adr && clearBetween(s, from, to);
    case 'Q':
        return (df == 0 || dr == 0 || adf == adr) && clearBetween(s, from, to);
    case 'P': {
        auto caps = pawnCaptureSquares(pc.army, from);
        return std::find(caps.begin(), caps.end(), to) != caps.end();
    }
    }
    return false;
}

// Is `sq` attacked by a piece hostile to player p (current relations)?
bool attackedAgainst(const Pos& s, int sq, int p) {
    for (int from = 0; from < W14 * W14; ++from)
        if (hostileTo(s, from, p) && pieceAttacks(s, from, sq)) return true;
    return false;
}
bool inCheck(const Pos& s, int p) {
    int k = kingSq(s, p);
    return k >= 0 && attackedAgainst(s, k, p);
}

// ----- move generation -------------------------------------------------------------------------

void addPawnMove(std::vector<Move>& out, int army, Move m) {
    bool promo = onPromoLine(army, fileOf(m.from), rankOf(m.from))
        || onPromoLine(army, fileOf(m.to), rankOf(m.to));
    out.push_back(m);
    if (promo)
        for (char c : std::string("qrbn")) {
            m.promo = c;
            out.push_back(m);
        }
}

// Pseudo-legal moves of player p (every army it commands); en passant only when withEp.
std::vector<Move> pseudoMoves(const Pos& s, int p, bool withEp) {
    std::vector<Move> out;
    for (int from = 0; from < W14 * W14; ++from) {
        const Piece& pc = s.b[from];
        if (pc.empty() || s.control[pc.army] != p) continue;
        int  f = fileOf(from), r = rankOf(from);
        auto target = [&](int tf, int tr) { // 0 off/blocked, 1 empty, 2 capture
            if (!onBoard(tf, tr)) return 0;
            int t = sqOf(tf, tr);
            if (s.b[t].empty()) return 1;
            return hostileTo(s, t, p) ? 2 : 0;
        };
        if (pc.type == 'K' || pc.type == 'N') {
            static const int kd[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 },
                { 1, -1 }, { -1, 1 }, { -1, -1 } };
            static const int nd[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 },
                { -2, -1 }, { -2, 1 }, { -1, 2 } };
            const int(*d)[2]          = pc.type == 'K' ? kd : nd;
            for (int i = 0; i < 8; ++i)
                if (target(f + d[i][0], r + d[i][1])) {
                    Move m;
                    m.from = from;
                    m.to   = sqOf(f + d[i][0], r + d[i][1]);
                    out.push_back(m);
                }
            if (pc.type == 'K' && pc.army == p) { // castling (R12)
                for (int side = 0; side < 2; ++side) {
                    if (!s.castle[p][side]) continue;
                    CastleInfo ci = castleInfo(p, side);
                    if (from != ci.king) continue;
                    const Piece& rook = s.b[ci.rook];
                    if (rook.army != p || rook.type != 'R') continue;
                    if (!clearBetween(s, ci.king, ci.rook)) continue;
                    int crossed = (ci.king + ci.kingTo) / 2;
                    if (attackedAgainst(s, ci.king, p) || attackedAgainst(s, crossed, p)
                        || attackedAgainst(s, ci.kingTo, p))
                        continue;
                    Move m;
                    m.from       = from;
                    m.to         = ci.kingTo;
                    m.castleSide = side;
                    out.push_back(m);
                }
            }
            continue;
        }
        if (pc.type == 'Q' || pc.type == 'R' || pc.type == 'B') {
            static const int dirs[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 },
                { 1, -1 }, { -1, 1 }, { -1, -1 } };
            int              lo = pc.type == 'B' ? 4 : 0, hi = pc.type == 'R' ? 4 : 8;
            for (int i = lo; i < hi; ++i) {
                int tf = f + dirs[i][0], tr = r + dirs[i][1];
                while (true) {
                    int t = target(tf, tr);
                    if (t) {
                        Move m;
                        m.from = from;
                        m.to   = sqOf(tf, tr);
                        out.push_back(m);
                    }
                    if (t != 1) break;
                    tf += dirs[i][0];
                    tr += dirs[i][1];
                }
            }
            continue;
        }
        // pawn
        int  a         = pc.army;
        auto captureAt = [&](int t) {
            int tf = fileOf(t), tr = rankOf(t);
            if (target(tf, tr) == 2) {
                Move m;
                m.from = from;
                m.to   = t;
                addPawnMove(out, a, m);
            } else if (withEp && t == s.ep && s.b[t].empty()) {
                int va = passedArmy(tf, tr);
                int vdf, vdr;
                forwardOf(va, vdf, vdr);
                int victim = sqOf(tf + vdf, tr + vdr);
                if (s.b[victim].army == va && s.b[victim].type == 'P' && hostileTo(s, victim, p)) {
                    Move m;
                    m.from = from;
                    m.to   = t;
                    m.ep   = true;
                    addPawnMove(out, a, m);
                }
            }
        };
        if (inHome(a, f, r)) { // R6
            int df, dr;
            forwardOf(a, df, dr);
            if (onBoard(f + df, r + dr) && s.b[sqOf(f + df, r + dr)].empty()) {
                Move m;
                m.from = from;
                m.to   = sqOf(f + df, r + dr);
                addPawnMove(out, a, m);
                if (onStartLine(a, f, r) && onBoard(f + 2 * df, r + 2 * dr)
                    && s.b[sqOf(f + 2 * df, r + 2 * dr)].empty()) {
                    Move d;
                    d.from = from;
                    d.to   = sqOf(f + 2 * df, r + 2 * dr);
                    d.dbl  = true;
                    addPawnMove(out, a, d);
                }
            }
        } else { // R7
            static const int od[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
            for (auto& x : od) {
                int tf = f + x[0], tr = r + x[1];
                if (onBoard(tf, tr) && !inHome(a, tf, tr) && s.b[sqOf(tf, tr)].empty()) {
                    Move m;
                    m.from = from;
                    m.to   = sqOf(tf, tr);
                    addPawnMove(out, a, m);
                }
            }
        }
        for (int t : pawnCaptureSquares(a, from)) captureAt(t);
    }
    return out;
}

// The board part of a move: pieces, rights, ep, clock. Commands and alliances are untouched.
// Returns the army of a captured king, or -1.
int applyBoard(Pos& s, const Move& m) {
    Piece pc           = s.b[m.from];
    int   capturedKing = -1;
    bool  capture      = !s.b[m.to].empty();
    if (capture && s.b[m.to].type == 'K') capturedKing = s.b[m.to].army;
    if (m.ep) {
        int va = passedArmy(fileOf(m.to), rankOf(m.to));
        int vdf, vdr;
        forwardOf(va, vdf, vdr);
        s.b[sqOf(fileOf(m.to) + vdf, rankOf(m.to) + vdr)] = Piece{};
        capture                                           = true;
    }
    s.b[m.to]   = pc;
    s.b[m.from] = Piece{};
    if (m.promo) s.b[m.to].type = char(m.promo - 'a' + 'A');
    if (m.castleSide >= 0) {
        CastleInfo ci  = castleInfo(pc.army, m.castleSide);
        s.b[ci.rookTo] = s.b[ci.rook];
        s.b[ci.rook]   = Piece{};
    }
    // R13
    if (pc.type == 'K') s.castle[pc.army][0] = s.castle[pc.army][1] = false;
    for (int a = 0; a < 4; ++a)
        for (int side = 0; side < 2; ++side) {
            int rk = castleInfo(a, side).rook;
            if (m.from == rk || m.to == rk) s.castle[a][side] = false;
        }
    s.ep = -1;
    if (m.dbl) s.ep = (m.from + m.to) / 2;
    s.half = (capture || pc.type == 'P') ? 0 : s.half + 1;
    return capturedKing;
}

bool isLegal(const Pos& s, int p, const Move& m) { // R14
    Pos t = s;
    applyBoard(t, m);
    int k = kingSq(t, p);
    return k >= 0 && !attackedAgainst(t, k, p);
}

bool hasLegalMove(const Pos& s, int p, bool withEp) {
    for (const Move& m : pseudoMoves(s, p, withEp))
        if (isLegal(s, p, m)) return true;
    return false;
}

int nextInGame(const Pos& s, int mover) {
    for (int i = 1; i <= 4; ++i)
        if (inGame(s, (mover + i) % 4)) return (mover + i) % 4;
    return mover;
}
int nextPlayer(const Pos& s, int mover) { // R17 (not decided)
    for (int i = 1; i <= 3; ++i) {
        int q = (mover + i) % 4;
        if (inGame(s, q) && inCheck(s, q)) return q;
    }
    return nextInGame(s, mover);
}

void eliminate(Pos& s, int q, int mover) { // R18
    int k = kingSq(s, q);
    if (k >= 0) s.b[k] = Piece{};
    s.castle[q][0] = s.castle[q][1] = false;
    int heir                        = s.teams ? (q ^ 1) : mover;
    for (int a = 0; a < 4; ++a)
        if (s.control[a] == q) s.control[a] = heir;
    if (!s.teams) s.allyA = s.allyB = -1;
}

struct After {
    Pos  pos;
    int  eliminated  = 0;
    bool kingCapture = false;
};

// The whole move: board, king capture, elimination scans, next player, full-move number.
After play(const Pos& s, const Move& m) {
    After a;
    a.pos      = s;
    Pos& t     = a.pos;
    int  mover = s.toMove;
    int  ck    = applyBoard(t, m);
    if (ck >= 0) { // R15
        eliminate(t, ck, mover);
        a.kingCapture = true;
        ++a.eliminated;
    }
    while (true) { // R16
        bool any = false;
        for (int i = 1; i <= 3; ++i) {
            int q = (mover + i) % 4;
            if (!inGame(t, q) || !inCheck(t, q)) continue;
            bool withEp = nextPlayer(t, mover) == q;
            if (!hasLegalMove(t, q, withEp)) {
                eliminate(t, q, mover);
                any = true;
                ++a.eliminated;
            }
        }
        if (!any) break;
    }
    t.toMove = decided(t) ? nextInGame(t, mover) : nextPlayer(t, mover); // R17
    for (int i = 1; i <= 4; ++i) { // R22
        int q = (mover + i) % 4;
        if (q == EAST) {
            ++t.full;
            break;
        }
        if (q == t.toMove) break;
    }
    return a;
}

std::vector<Move> legalMoves(const Pos& s) {
    std::vector<Move> out;
    if (decided(s) || !inGame(s, s.toMove)) return out;
    for (const Move& m : pseudoMoves(s, s.toMove, true))
        if (isLegal(s, s.toMove, m)) out.push_back(m);
    std::sort(out.begin(), out.end(),
        [](const Move& x, const Move& y) { return moveText(x) < moveText(y); });
    return out;
}

uint64_t perft(const Pos& s, int depth) {
    if (depth == 0) return 1;
    std::vector<Move> ms = legalMoves(s);
    if (depth == 1) return ms.size();
    uint64_t n = 0;
    for (const Move& m : ms) n += perft(play(s, m).pos, depth - 1);
    return n;
}

// ----- K4FEN -----------------------------------------------------------------------------------

const char kStart[]
    = "xxxnRnNnBnKnQnBnNnRxxx/xxxnPnPnPnPnPnPnPnPxxx/xxx8xxx/wRwP10ePeR/wNwP10ePeN/wBwP10ePeB/"
      "wKwP10ePeQ/wQwP10ePeK/wBwP10ePeB/wNwP10ePeN/wRwP10ePeR/xxx8xxx/xxxsPsPsPsPsPsPsPsPxxx/"
      "xxxsRsNsBsQsKsBsNsRxxx e eKQsKQwKQnKQ - 0 1 eswn -";

int seatOf(char c) {
    const char* p = c ? std::char_traits<char>::find(kSeat, 4, c) : nullptr;
    return p ? int(p - kSeat) : -1;
}

std::string writeFen(const Pos& s) {
    std::string out;
    for (int r = W14 - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < W14; ++f) {
            bool         on = onBoard(f, r);
            const Piece& pc = s.b[sqOf(f, r)];
            if (on && pc.empty()) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            if (!on)
                out += 'x';
            else {
                out += kSeat[pc.army];
                out += pc.type;
            }
        }
        if (empty) out += std::to_string(empty);
        if (r) out += '/';
    }
    out += ' ';
    out += kSeat[s.toMove];
    std::string c;
    for (int a = 0; a < 4; ++a)
        if (s.castle[a][0] || s.castle[a][1]) {
            c += kSeat[a];
            if (s.castle[a][0]) c += 'K';
            if (s.castle[a][1]) c += 'Q';
        }
    out += ' ' + (c.empty() ? std::string("-") : c);
    bool epUsable = false; // R10
    if (s.ep >= 0)
        for (const Move& m : legalMoves(s)) epUsable = epUsable || m.ep;
    out += ' ' + (epUsable ? sqName(s.ep) : std::string("-"));
    out += ' ' + std::to_string(s.half) + ' ' + std::to_string(s.full) + ' ';
    for (int a = 0; a < 4; ++a) out += kSeat[s.control[a]];
    out += ' ';
    if (s.teams)
        out += "es";
    else if (s.allyA >= 0) {
        out += kSeat[std::min(s.allyA, s.allyB)];
        out += kSeat[std::max(s.allyA, s.allyB)];
    } else
        out += '-';
    return out;
}

int parseSquare(const std::string& t, size_t& i) {
    if (i >= t.size() || t[i] < 'a' || t[i] > 'n') return -1;
    int    f = t[i++] - 'a';
    size_t j = i;
    while (j < t.size() && j - i < 2 && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
    if (j == i || t[i] == '0') return -1;
    int r = std::stoi(t.substr(i, j - i)) - 1;
    i     = j;
    if (!onBoard(f, r)) return -1;
    return sqOf(f, r);
}

int parseInt(const std::string& t, const char* what) {
    if (t.empty() || t.size() > 9
        || !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw Error(std::string("K4FEN: bad ") + what + " '" + t + "'");
    return std::stoi(t);
}

Pos readFen(const std::string& text, bool teams) {
    std::istringstream       in(text);
    std::vector<std::string> f;
    for (std::string w; in >> w;) f.push_back(w);
    if (f.size() != 8) throw Error("K4FEN: expected 8 fields, got " + std::to_string(f.size()));
    Pos s;
    s.teams = teams;
    // board
    std::vector<std::string> ranks;
    {
        std::string cur;
        for (char c : f[0]) {
            if (c == '/') {
                ranks.push_back(cur);
                cur.clear();
            } else
                cur += c;
        }
        ranks.push_back(cur);
    }
    if (ranks.size() != 14)
        throw Error("K4FEN: expected 14 ranks, got " + std::to_string(ranks.size()));
    for (int i = 0; i < 14; ++i) {
        int                r = 13 - i, file = 0;
        const std::string& t = ranks[i];
        for (size_t k = 0; k < t.size();) {
            char c = t[k];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                size_t j = k;
                while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
                int n = std::stoi(t.substr(k, std::min<size_t>(j - k, 3)));
                if (n <= 0 || t[k] == '0')
                    throw Error("K4FEN: bad empty count on rank " + std::to_string(r + 1));
                for (int e = 0; e < n; ++e, ++file)
                    if (file >= 14 || !onBoard(file, r))
                        throw Error("K4FEN: empty count runs over a corner or the edge on rank "
                            + std::to_string(r + 1));
                k = j;
            } else if (c == 'x') {
                if (file >= 14 || onBoard(file, r))
                    throw Error("K4FEN: 'x' on a board square on rank " + std::to_string(r + 1));
                ++file;
                ++k;
            } else {
                int army = seatOf(c);
                if (army < 0 || k + 1 >= t.size()
                    || std::string("KQRBNP").find(t[k + 1]) == std::string::npos)
                    throw Error(std::string("K4FEN: bad piece on rank ") + std::to_string(r + 1));
                if (file >= 14 || !onBoard(file, r))
                    throw Error("K4FEN: piece on a removed cell on rank " + std::to_string(r + 1));
                s.b[sqOf(file, r)] = Piece{ army, t[k + 1] };
                ++file;
                k += 2;
            }
        }
        if (file != 14)
            throw Error("K4FEN: rank " + std::to_string(r + 1) + " has " + std::to_string(file)
                + " cells, expected 14");
    }
    if (f[1].size() != 1 || seatOf(f[1][0]) < 0) throw Error("K4FEN: bad player '" + f[1] + "'");
    s.toMove = seatOf(f[1][0]);
    if (f[2] != "-") {
        size_t k    = 0;
        int    last = -1;
        while (k < f[2].size()) {
            int a = seatOf(f[2][k]);
            if (a <= last) throw Error("K4FEN: bad castling field '" + f[2] + "'");
            last = a;
            ++k;
            bool any = false;
            if (k < f[2].size() && f[2][k] == 'K') s.castle[a][0] = true, ++k, any = true;
            if (k < f[2].size() && f[2][k] == 'Q') s.castle[a][1] = true, ++k, any = true;
            if (!any) throw Error("K4FEN: bad castling field '" + f[2] + "'");
        }
    }
    if (f[3] != "-") {
        size_t k = 0;
        s.ep     = parseSquare(f[3], k);
        if (s.ep < 0 || k != f[3].size())
            throw Error("K4FEN: bad en passant square '" + f[3] + "'");
    }
    s.half = parseInt(f[4], "half-move clock");
    s.full = parseInt(f[5], "full-move number");
    if (f[6].size() != 4) throw Error("K4FEN: bad control field '" + f[6] + "'");
    for (int a = 0; a < 4; ++a) {
        s.control[a] = seatOf(f[6][a]);
        if (s.control[a] < 0) throw Error("K4FEN: bad control field '" + f[6] + "'");
    }
    if (teams) {
        if (f[7] != "es") throw Error("K4FEN: the teams alliance field must be 'es'");
    } else if (f[7] != "-") {
        if (f[7].size() != 2 || seatOf(f[7][0]) < 0 || seatOf(f[7][1]) <= seatOf(f[7][0]))
            throw Error("K4FEN: bad alliance field '" + f[7] + "'");
        s.allyA = seatOf(f[7][0]);
        s.allyB = seatOf(f[7][1]);
    }
    // Light consistency checks (enough that our own positions are sane).
    for (int a = 0; a < 4; ++a) {
        int kings = 0;
        for (int sq = 0; sq < W14 * W14; ++sq) {
            const Piece& pc = s.b[sq];
            if (pc.army != a) continue;
            if (pc.type == 'K') ++kings;
            if (pc.type == 'P' && onOwnBackLine(a, fileOf(sq), rankOf(sq)))
                throw Error("K4FEN: a pawn on its own back line at " + sqName(sq));
        }
        if (kings > 1) throw Error(std::string("K4FEN: two kings in army ") + kSeat[a]);
        for (int side = 0; side < 2; ++side)
            if (s.castle[a][side]) {
                CastleInfo ci = castleInfo(a, side);
                if (s.b[ci.king].army != a || s.b[ci.king].type != 'K' || s.b[ci.rook].army != a
                    || s.b[ci.rook].type != 'R')
                    throw Error(
                        std::string("K4FEN: castling right without king and rook for ") + kSeat[a]);
            }
        if (inGame(s, a) && s.control[a] != a)
            throw Error(
                std::string("K4FEN: army ") + kSeat[a] + " has its king but another commander");
    }
    if (!inGame(s, s.toMove) && !decided(s))
        throw Error("K4FEN: the player to move is not in the game");
    if (s.ep >= 0) {
        int  f0 = fileOf(s.ep), r0 = rankOf(s.ep), a = passedArmy(f0, r0);
        bool ok = a >= 0 && s.b[s.ep].empty();
        if (ok) {
            int df, dr;
            forwardOf(a, df, dr);
            const Piece& beyond = s.b[sqOf(f0 + df, r0 + dr)];
            ok = beyond.army == a && beyond.type == 'P' && s.b[sqOf(f0 - df, r0 - dr)].empty();
        }
        if (!ok) throw Error("K4FEN: inconsistent en passant square " + sqName(s.ep));
    }
    return s;
}

// ----- command line ----------------------------------------------------------------------------

Move findMove(const Pos& s, const std::string& text, size_t index) {
    for (const Move& m : legalMoves(s))
        if (moveText(m) == text) return m;
    throw Error("illegal or malformed move '" + text + "' at index " + std::to_string(index));
}

Pos setUp(const std::string& variant, const std::string& fen, const std::string& moves) {
    bool teams;
    if (variant == "fourkingdoms")
        teams = false;
    else if (variant == "fourkingdoms-teams")
        teams = true;
    else
        throw Error("unknown variant '" + variant + "'");
    std::string start = kStart; // the teams start differs only in its alliance field
    if (teams) start = start.substr(0, start.size() - 1) + "es";
    Pos                s = readFen(fen.empty() ? start : fen, teams);
    std::istringstream in(moves);
    size_t             i = 0;
    for (std::string w; in >> w;) s = play(s, findMove(s, w, ++i)).pos;
    return s;
}

std::string divideText(const Pos& s, int depth, bool divide) {
    std::ostringstream out;
    uint64_t           total = 0;
    if (depth == 0) {
        total = 1;
    } else {
        for (const Move& m : legalMoves(s)) {
            uint64_t n = depth == 1 ? 1 : perft(play(s, m).pos, depth - 1);
            if (divide) out << moveText(m) << ": " << n << "\n";
            total += n;
        }
        if (divide) out << "\n"; // as citadel (and tamerlane_ref): a blank line before the total
    }
    out << "Nodes searched: " << total << "\n";
    return out.str();
}

std::string pieceToken(const Piece& pc) { return std::string(1, kSeat[pc.army]) + pc.type; }

std::string tagsOf(const Pos& s, const Move& m) {
    std::vector<std::string> tags;
    const Piece&             pc = s.b[m.from];
    if (!s.b[m.to].empty() || m.ep) tags.push_back("capture");
    if (!s.b[m.to].empty() && s.b[m.to].type == 'K') tags.push_back("kingcapture");
    if (m.ep) tags.push_back("ep");
    if (m.castleSide >= 0) tags.push_back("castle");
    if (m.promo) tags.push_back("promo");
    if (pc.type == 'P') {
        tags.push_back("pawn");
        if (m.dbl) tags.push_back("double");
        if (promoDistance(pc.army, fileOf(m.to), rankOf(m.to))
            < promoDistance(pc.army, fileOf(m.from), rankOf(m.from)))
            tags.push_back("advance");
    }
    After a = play(s, m);
    if (a.eliminated) {
        tags.push_back("elim");
        tags.push_back(s.teams ? "partner" : "absorb");
    }
    if (decided(a.pos))
        tags.push_back("over");
    else {
        if (inCheck(a.pos, a.pos.toMove)) tags.push_back("check");
        if (a.pos.toMove != nextInGame(a.pos, s.toMove)) tags.push_back("skip");
    }
    std::string out;
    for (auto& t : tags) out += (out.empty() ? "" : ",") + t;
    return out.empty() ? "-" : out;
}

int playLoop() {
    Pos         s = readFen(kStart, false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string        cmd;
        in >> cmd;
        try {
            if (cmd == "reset") {
                std::string variant, rest, w;
                in >> variant;
                while (in >> w) rest += (rest.empty() ? "" : " ") + w;
                s = setUp(variant, rest, "");
                std::cout << "ok" << std::endl;
            } else if (cmd == "push") {
                std::string w;
                in >> w;
                s = play(s, findMove(s, w, 1)).pos;
                std::cout << "ok" << std::endl;
            } else if (cmd == "list") {
                int players = 0;
                for (int p = 0; p < 4; ++p) players += inGame(s, p);
                std::ostringstream out;
                out << "pos " << writeFen(s) << "\n";
                out << "state tomove " << kSeat[s.toMove] << " check "
                    << (inCheck(s, s.toMove) ? 1 : 0) << " ingame " << players << " control ";
                for (int a = 0; a < 4; ++a) out << kSeat[s.control[a]];
                out << " decided " << (decided(s) ? 1 : 0) << " incheck ";
                std::string checked;
                for (int p = 0; p < 4; ++p)
                    if (inGame(s, p) && inCheck(s, p)) checked += kSeat[p];
                out << (checked.empty() ? "-" : checked) << "\n";
                for (const Move& m : legalMoves(s))
                    out << "move " << moveText(m) << " " << pieceToken(s.b[m.from]) << " "
                        << tagsOf(s, m) << "\n";
                out << "end" << std::endl;
                std::cout << out.str();
            } else if (cmd == "divide") {
                int d = -1;
                in >> d;
                if (d < 0) throw Error("divide: bad depth");
                std::cout << divideText(s, d, true) << "end" << std::endl;
            } else if (cmd.empty()) {
                continue;
            } else {
                throw Error("unknown command '" + cmd + "'");
            }
        } catch (const std::exception& e) {
            std::cout << "error " << e.what() << std::endl;
        }
    }
    return 0;
}

int usage() {
    std::cerr << "error: usage: fourkingdoms_ref perft|moves|fen [--variant V] [--fen K4FEN] "
                 "[--moves \"...\"] [--depth N] [--divide] | fourkingdoms_ref play\n";
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::string cmd = argv[1];
    if (cmd == "play") return playLoop();
    if (cmd != "perft" && cmd != "moves" && cmd != "fen") return usage();
    std::string variant = "fourkingdoms", fen, moves;
    int         depth   = -1;
    bool        divide  = false;
    try {
        for (int i = 2; i < argc; ++i) {
            std::string a     = argv[i];
            auto        value = [&]() -> std::string {
                if (i + 1 >= argc) throw Error("missing value for " + a);
                return argv[++i];
            };
            if (a == "--variant")
                variant = value();
            else if (a == "--fen")
                fen = value();
            else if (a == "--moves")
                moves = value();
            else if (a == "--depth") {
                std::string v = value();
                if (v.empty() || v.size() > 3 || !std::all_of(v.begin(), v.end(), [](char c) {
                        return c >= '0' && c <= '9';
                    }))
                    throw Error("bad depth '" + v + "'");
                depth = std::stoi(v);
            } else if (a == "--divide")
                divide = true;
            else
                throw Error("unknown option '" + a + "'");
        }
        if (cmd == "perft" && depth < 0) throw Error("missing --depth");
        Pos s = setUp(variant, fen, moves);
        if (cmd == "perft")
            std::cout << divideText(s, depth, divide);
        else if (cmd == "moves") {
            for (const Move& m : legalMoves(s)) std::cout << moveText(m) << "\n";
        } else
            std::cout << writeFen(s) << "\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
