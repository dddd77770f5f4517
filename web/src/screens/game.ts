// The game screen (players and spectators): board, players and clocks, controls, the move list
// with stepping, downloads, the explanation of a refused move, and the analysis after the end.

import { type AnalysisSource, watchAnalysis } from '../analysis';
import { type ErrorMessage, type GameState, type LinkStatus, type ServerMessage, GameLink, api, readClock } from '../api';
import { BoardView } from '../board';
import { button, el } from '../dom';
import { type Rotation, type Seat, isFourKingdoms, rotationFor } from '../geometry';
import { GameModel } from '../game';
import { type StringKey, hasKey, language, t } from '../i18n';
import { applyMoveForDisplay, parseMove } from '../notation';
import { pieceSvg } from '../pieces';
import { isMuted, play, setMuted } from '../sound';
import { type HeldGame, loadHeld, saveHeld } from '../store';

const SEATS: readonly Seat[] = ['white', 'black', 'east', 'south', 'west', 'north'];

export interface GameParams {
    token?: string | undefined;
    seat?: string | undefined;
}

export function formatClock(ms: number): string {
    const clamped = Math.max(0, ms);
    const total = Math.floor(clamped / 1000);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    if (clamped < 10000) return `${m}:${String(s).padStart(2, '0')}.${Math.floor((clamped % 1000) / 100)}`;
    return h ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

export function statusText(status: string): string {
    const key = `status_${status}`;
    return hasKey(key) ? t(key) : status.replace(/_/g, ' ');
}

// The text that explains a refusal: the server's English sentence in English, the catalogue's
// sentence for the reason otherwise (the English one beside it when the catalogue has none).
export function explanation(err: ErrorMessage): string {
    if (err.code === 'illegal_move') {
        const key = `reason_${err.reason ?? ''}`;
        if (language() === 'en') return err.message || (hasKey(key) ? t(key) : t('reason_other'));
        return hasKey(key) ? t(key) : `${t('reason_other')} (${err.message})`;
    }
    const key = `error_${err.code}`;
    return hasKey(key) ? t(key as StringKey) : t('error', { message: err.message || err.code });
}

// A claimable draw's name inside a sentence ("threefold repetition").
export function claimReason(claim: string): string {
    const key = `claim_reason_${claim}`;
    return hasKey(key) ? t(key) : claim.replace(/_/g, ' ');
}

const DRAWN = new Set(['stalemate', 'agreement', 'threefold_repetition', 'fivefold_repetition', 'fifty_move_rule', 'seventy_five_move_rule', 'dead_position', 'timeout_vs_insufficient_material', 'citadel_draw', 'perpetual_check', 'sixty_round_rule']);

// Who won, in words: "White wins!", "Draw", "East and South win!" (Four Kingdoms teams, from
// the scores or the record's result), "East wins!" (the free-for-all winner has the top score).
export function resultText(result: string | null, status: string, scores: Record<string, number> | null, seats: readonly Seat[]): string {
    if (result === '1-0') return t('winner', { seat: t('seat_white') });
    if (result === '0-1') return t('winner', { seat: t('seat_black') });
    if (result === '1/2-1/2' || DRAWN.has(status)) return t('draw');
    const named = SEATS.find((s) => result === s);
    if (named) return t('winner', { seat: t(`seat_${named}`) });
    const team = /^es:(\S+) wn:(\S+)$/.exec(result ?? '');
    if (team) {
        if (team[1] === team[2]) return t('draw');
        const [a, b] = Number(team[1]) > Number(team[2]) ? ['east', 'south'] : ['west', 'north'];
        return t('winners_team', { a: t(`seat_${a as Seat}`), b: t(`seat_${b as Seat}`) });
    }
    if (scores) {
        const best = Math.max(...seats.map((s) => scores[s] ?? -Infinity));
        const top = seats.filter((s) => scores[s] === best);
        if (top.length === 1) return t('winner', { seat: t(`seat_${top[0]!}`) });
    }
    return result && result !== '*' ? result : '';
}

export function renderGame(root: HTMLElement, id: string, params: GameParams, navigate: (p: string) => void, analysis: AnalysisSource): () => void {
    const held: HeldGame = loadHeld(id);
    let urlToken = params.token;
    if (urlToken && params.seat && SEATS.includes(params.seat as Seat)) {
        held.tokens[params.seat as Seat] = urlToken;
        saveHeld(id, held);
    }
    const tokens = () => Object.entries(held.tokens).filter(([, v]) => !!v) as [Seat, string][];
    // The socket carries one token: the only one held, else none (watch, and move over HTTP).
    const socketToken = urlToken ?? (tokens().length === 1 ? tokens()[0]![1] : undefined);

    let model: GameModel | undefined;
    let viewPly: number | null = null;
    let turns = 0; // extra quarter turns asked for with the flip button
    let linkStatus: LinkStatus = 'connecting';
    let confirmResign = false;
    let clockBase: { at: number; remaining: Partial<Record<Seat, number>>; running: Seat | null } | null = null;

    const board = new BoardView({
        onMove: (m) => playOrAskClaim(m),
        onAttempt: (m) => void sendMove(m),
    });
    const boardArea = el('section', { class: 'board-area' }, board.element);
    // The question "play this move and claim a draw?", open while the board shows the move.
    let claimAsk: { box: HTMLElement; ply: number; move: string } | undefined;
    const title = el('h2', { class: 'game-title' });
    const status = el('p', { class: 'status', id: 'status', 'aria-live': 'polite' });
    const players = el('ul', { class: 'players', id: 'players' });
    const explain = el('div', { class: 'explain', id: 'explain', role: 'alert', hidden: true });
    const controls = el('div', { class: 'controls', id: 'controls' });
    const moveList = el('ol', { class: 'move-list', id: 'move-list' });
    const nav = el('div', { class: 'move-nav' });
    const pastBanner = el('p', { class: 'past', hidden: true }, t('viewing_past'));
    const tools = el('div', { class: 'tools' });
    const analysisBox = el('section', { class: 'analysis', id: 'analysis', hidden: true });
    const linkLine = el('p', { class: 'link-status', id: 'link-status' });

    const mySeats = (): Seat[] => {
        const seats = tokens().map(([s]) => s);
        if (seats.length === 0 && urlToken && model) return [model.toMove]; // the seat is not known yet
        return seats;
    };
    const tokenFor = (seat: Seat): string | undefined => held.tokens[seat] ?? (urlToken && tokens().length === 0 ? urlToken : undefined);

    const rotation = (): Rotation => {
        if (!model) return 0;
        const mine = mySeats();
        let base: Rotation = 0;
        if (mine.length === 1) base = rotationFor(mine[0]!);
        else if (mine.length > 1) base = held.turnBoard !== false && mine.includes(model.toMove) ? rotationFor(model.toMove) : rotationFor(mine[0]!);
        const step = isFourKingdoms(model.variant) ? 1 : 2;
        return (((base + turns * step) % 4) + 4) % 4 as Rotation;
    };

    async function sendMove(move: string): Promise<void> {
        if (!model || model.over) return;
        const seat = model.toMove;
        const token = tokenFor(seat) ?? tokens()[0]?.[1];
        if (!token) return;
        clearExplain();
        await link.sendMove(token, move, model.ply);
    }

    // FIDE 9.2.1: a move that makes a draw claimable may be played with the claim. The player
    // is asked; "no" plays the move alone, Escape plays nothing.
    function playOrAskClaim(move: string): void {
        if (!model) return;
        const claims = mySeats().includes(model.toMove) ? model.claimsWith(move) : [];
        if (claims.length === 0) {
            void sendMove(move);
            return;
        }
        closeClaimAsk();
        const seat = model.toMove;
        const reason = claims.map(claimReason).join(t('list_separator'));
        // An answer keeps the move on the board until the server's word redraws it.
        const answer = (send: () => Promise<void>) => () => {
            closeClaimAsk(false);
            board.focus(); // the buttons are gone: keyboard play goes on from the board
            void send().then(draw);
        };
        const box = el('div', { class: 'claim-ask', id: 'claim-ask', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'claim-ask-text' },
            el('p', { id: 'claim-ask-text' }, t('claim_with_move_question', { reason })),
            button(t('claim_yes'), answer(() => sendAction(seat, { action: 'claim_draw', move })), { id: 'claim-yes', class: 'primary' }),
            button(t('claim_no'), answer(() => sendMove(move)), { id: 'claim-no' }),
            button(t('cancel'), () => {
                closeClaimAsk();
                board.focus();
            }, { id: 'claim-cancel', class: 'quiet' }),
        );
        box.addEventListener('keydown', (e) => {
            if (e.key === 'Escape') {
                closeClaimAsk();
                board.focus();
            }
        });
        boardArea.append(box);
        claimAsk = { box, ply: model.ply, move };
        draw();
        // Over the board, the question keeps to the half away from the move's target square.
        const target = boardArea.querySelector(`rect[data-square="${parseMove(move)?.to ?? ''}"]`)?.getBoundingClientRect();
        const area = boardArea.getBoundingClientRect();
        box.classList.toggle('low', !!target && target.top + target.height / 2 < area.top + area.height / 2);
        box.querySelector<HTMLButtonElement>('#claim-yes')?.focus();
    }

    function closeClaimAsk(redraw = true): void {
        if (!claimAsk) return;
        claimAsk.box.remove();
        claimAsk = undefined;
        if (redraw) draw();
    }

    async function sendAction(seat: Seat, req: Parameters<GameLink['sendAction']>[1]): Promise<void> {
        const token = tokenFor(seat);
        if (token) await link.sendAction(token, req);
    }

    const clearExplain = () => {
        explain.hidden = true;
        board.setArrows([]);
    };

    const showError = (err: ErrorMessage) => {
        if (err.code === 'stale_ply') void refresh();
        explain.replaceChildren(el('strong', {}, err.code === 'illegal_move' ? t('illegal') : ''), ' ', explanation(err), ' ', button('×', clearExplain, { class: 'close', 'aria-label': t('cancel') }));
        explain.hidden = false;
        board.setArrows(err.code === 'illegal_move' && Array.isArray(err.arrows) ? err.arrows.filter((a) => Array.isArray(a) && a.length === 2) : []);
        play('illegal');
    };

    const refresh = async () => {
        try {
            const s = await api.state(id);
            onMessage({ ...s, type: 'state' });
        } catch {
            /* the link will bring the state when it reconnects */
        }
    };

    const seatFromState = (s: GameState) => {
        const r = s as unknown as Record<string, unknown>;
        const you = r['you'] ?? r['your_seat'] ?? r['seat'];
        if (urlToken && typeof you === 'string' && SEATS.includes(you as Seat) && !held.tokens[you as Seat]) {
            held.tokens[you as Seat] = urlToken;
            saveHeld(id, held);
        }
    };

    function onMessage(m: ServerMessage): void {
        switch (m.type) {
            case 'state': {
                seatFromState(m);
                if (!model || model.variant !== m.variant) model = new GameModel(m);
                else model.applyState(m);
                setClock(m.clock);
                break;
            }
            case 'move': {
                if (!model) return;
                const before = model.ply;
                const outcome = model.applyMove(m);
                if (outcome === 'gap') {
                    void refresh();
                    return;
                }
                if (outcome === 'applied') {
                    if (viewPly === before) viewPly = null;
                    setClock(m.clock);
                    clearExplain();
                    play(/[+#]/.test(m.san) ? 'check' : m.san.includes('x') ? 'capture' : 'move');
                    // The move message may not carry the next legal moves: ask for them.
                    if (!m.legal_moves) void refresh();
                }
                break;
            }
            case 'end':
                model?.applyEnd(m);
                play('end');
                void showAnalysis();
                break;
            case 'error':
                showError(m);
                return;
            case 'action':
            case 'seat':
                void refresh();
                return;
            default:
                return;
        }
        draw();
    }

    const setClock = (c: GameState['clock'] | undefined) => {
        if (c === undefined) return;
        const r = readClock(c);
        clockBase = r ? { at: performance.now(), ...r } : null;
    };

    const clockMs = (seat: Seat): number | undefined => {
        if (!clockBase) return undefined;
        const base = clockBase.remaining[seat];
        if (base === undefined) return undefined;
        const running = clockBase.running === seat && model && !model.over;
        return running ? base - (performance.now() - clockBase.at) : base;
    };

    const link = new GameLink(id, socketToken, {
        onMessage,
        onStatus: (s) => {
            linkStatus = s;
            drawLink();
        },
    });

    function drawLink(): void {
        const key: Record<LinkStatus, StringKey> = { connecting: 'connecting', connected: 'connected', reconnecting: 'reconnecting', polling: 'http_fallback' };
        linkLine.textContent = t(key[linkStatus]);
        linkLine.dataset['status'] = linkStatus;
    }

    function draw(): void {
        if (!model) return;
        const ply = viewPly ?? model.ply;
        const live = viewPly === null || viewPly === model.ply;
        if (claimAsk && (claimAsk.ply !== model.ply || model.over || !live)) closeClaimAsk(false);
        // While the claim question is open the board shows the move it is about, and waits.
        const asked = claimAsk ? parseMove(claimAsk.move) : undefined;
        const pos = claimAsk ? applyMoveForDisplay(model.current(), claimAsk.move) : model.positionAt(ply);
        title.textContent = t(`variant_${model.variant}`);
        page.dataset['variant'] = model.variant;
        board.setRotation(rotation());
        board.setPosition(model.geometry, pos);
        board.setHighlights({ lastMove: asked ? [asked.from, asked.to] : model.lastMoveAt(ply), check: asked ? [] : model.checkSquaresAt(ply) });
        board.setInteraction(live && !claimAsk ? model.legal : [], live && !claimAsk ? model.movableBy(mySeats()) : () => false);
        pastBanner.hidden = live;
        drawStatus();
        drawPlayers();
        drawControls();
        drawMoves(ply);
        drawTools();
    }

    function drawStatus(): void {
        if (!model) return;
        if (model.over) {
            const won = resultText(model.result, model.status, model.scores, model.geometry.seats);
            status.textContent = t('game_over_line', { how: statusText(model.status), result: won });
            status.dataset['state'] = 'over';
            return;
        }
        const mine = mySeats().includes(model.toMove);
        status.textContent = mine && mySeats().length === 1 ? t('your_turn') : t('to_move', { seat: t(`seat_${model.toMove}`) });
        if (mySeats().length === 0) status.textContent += ` — ${t('watching')}`;
        else if (!mySeats().some((s) => model!.seatsInGame().includes(s))) status.textContent += ` — ${t('you_are_out')}`;
        const check = model.checkSquaresAt(model.ply).length > 0;
        if (check) status.textContent += ` ${t('check')}`;
        status.dataset['state'] = mine ? 'mine' : 'theirs';
    }

    function drawPlayers(): void {
        if (!model) return;
        players.replaceChildren();
        for (const seat of model.geometry.seats) {
            const info = model.seats.find((s) => s.seat === seat);
            const icon = el('span', { class: 'seat-icon' });
            icon.innerHTML = pieceSvg({ army: seat, kind: 'K' }, 32);
            const who = info?.player === 'engine' ? `${t('engine')} ${info.level ?? ''}` : t('human');
            const online = info?.player === 'human' && !mySeats().includes(seat) ? el('span', { class: info.connected ? 'online' : 'offline' }, info.connected ? t('connected_seat') : t('disconnected_seat')) : null;
            const clock = el('span', { class: 'clock', 'data-seat': seat });
            const command = commandNote(seat);
            const score = model.scores && typeof model.scores[seat] === 'number' ? el('span', { class: 'score' }, `${t('scores')}: ${model.scores[seat]}`) : null;
            players.append(
                el('li', { class: `player seat-${seat}${!model.over && model.toMove === seat ? ' to-move' : ''}${mySeats().includes(seat) ? ' mine' : ''}` }, icon, el('span', { class: 'name' }, t(`seat_${seat}`)), el('span', { class: 'who' }, who), command || online || score ? el('span', { class: 'notes' }, command, online, score) : null, clock),
            );
        }
        tickClocks();
    }

    // Four Kingdoms: an army whose king is gone is out; one commanded by another player says so.
    function commandNote(seat: Seat): HTMLElement | null {
        if (!model || !isFourKingdoms(model.variant)) return null;
        const pos = model.positionAt(viewPly ?? model.ply);
        const order: Seat[] = ['east', 'south', 'west', 'north'];
        const commander = pos.control?.charAt(order.indexOf(seat));
        const byOther = order.find((s) => s.charAt(0) === commander && s !== seat);
        const kingHere = [...pos.pieces.values()].some((p) => p.army === seat && p.kind === 'K');
        if (byOther) return el('span', { class: 'command' }, t('commanded_by', { seat: t(`seat_${byOther}`) }));
        if (!kingHere) return el('span', { class: 'command' }, t('out_of_game'));
        if (model.variant === 'fourkingdoms-teams') {
            const [a, b] = seat === 'east' || seat === 'south' ? ['east', 'south'] : ['west', 'north'];
            return el('span', { class: 'team' }, t('team', { a: t(`seat_${a as Seat}`), b: t(`seat_${b as Seat}`) }));
        }
        return null;
    }

    function tickClocks(): void {
        for (const node of players.querySelectorAll<HTMLElement>('.clock')) {
            const ms = clockMs(node.dataset['seat'] as Seat);
            node.textContent = ms === undefined ? '' : formatClock(ms);
            node.classList.toggle('low', ms !== undefined && ms < 20000);
        }
    }

    function drawControls(): void {
        controls.replaceChildren();
        if (!model || model.over) return;
        // A Four Kingdoms player who has left the game (resigned, mated, out of time) acts no more.
        const playing = model.seatsInGame();
        const mine = mySeats().filter((s) => playing.includes(s));
        if (mine.length === 0) return;
        // One device: actions are made for the player to move.
        const actor = mine.includes(model.toMove) ? model.toMove : mine[0]!;
        if (confirmResign) {
            controls.append(
                el('span', {}, t('confirm_resign')),
                button(t('yes'), () => {
                    confirmResign = false;
                    void sendAction(actor, { action: 'resign' });
                }, { class: 'danger', id: 'resign-yes' }),
                button(t('no'), () => {
                    confirmResign = false;
                    drawControls();
                }),
            );
            return;
        }
        controls.append(button(t('resign'), () => {
            confirmResign = true;
            drawControls();
        }, { id: 'resign' }));
        if (isFourKingdoms(model.variant)) drawFourKingdomsOffer(mine, actor);
        else drawTwoPlayerOffer(actor);
        if (mine.includes(model.toMove) && model.canClaimDraw()) {
            const label = model.claims?.length ? t('claim_draw_reason', { reason: model.claims.map(claimReason).join(t('list_separator')) }) : t('claim_draw');
            controls.append(button(label, () => void sendAction(model!.toMove, { action: 'claim_draw' }), { id: 'claim-draw' }));
        }
        for (const seat of mine) {
            const proposal = model.offers.alliance.find((a) => a.with === seat);
            if (proposal) {
                controls.append(
                    el('span', { class: 'offer' }, t('alliance_proposed', { seat: t(`seat_${proposal.from}`) })),
                    button(t('accept_alliance', { seat: t(`seat_${proposal.from}`) }), () => void sendAction(seat, { action: 'accept_alliance', with: proposal.from }), { id: 'accept-alliance' }),
                );
                continue;
            }
            const target = model.allianceTarget(seat);
            if (target && !model.offers.alliance.some((a) => a.from === seat)) {
                controls.append(button(t('propose_alliance', { seat: t(`seat_${target}`) }), () => void sendAction(seat, { action: 'propose_alliance', with: target }), { id: 'propose-alliance' }));
            }
        }
    }

    // Two players: the opponent's standing offer can be accepted or declined (it stands until
    // the one it was offered to moves); one's own offer waits for the answer.
    function drawTwoPlayerOffer(actor: Seat): void {
        if (!model) return;
        const other = model.offers.draw.find((s) => s !== actor);
        if (other) {
            controls.append(
                el('span', { class: 'offer', id: 'draw-offer' }, t('draw_offered', { seat: t(`seat_${other}`) })),
                button(t('accept_draw'), () => void sendAction(actor, { action: 'accept_draw' }), { id: 'accept-draw' }),
                button(t('decline_draw'), () => void sendAction(actor, { action: 'decline_draw' }), { id: 'decline-draw' }),
            );
        } else if (model.offers.draw.includes(actor)) {
            controls.append(el('span', { class: 'offer', id: 'draw-offer' }, t('draw_offer_yours')));
        } else {
            controls.append(button(t('offer_draw'), () => void sendAction(actor, { action: 'offer_draw' }), { id: 'offer-draw' }));
        }
    }

    // Four Kingdoms: a draw needs every player still in the game; an offer cannot be declined,
    // it lapses with the next move. The page says who offered, who has yet to agree, and that
    // the next move ends it; each held seat still to agree gets its own accept button.
    function drawFourKingdomsOffer(mine: Seat[], actor: Seat): void {
        if (!model) return;
        const playing = model.seatsInGame();
        const agreed = model.offers.draw.filter((s) => playing.includes(s));
        const names = (seats: Seat[]) => seats.map((s) => t(`seat_${s}`)).join(t('list_separator'));
        if (agreed.length === 0) {
            if (playing.includes(actor)) controls.append(button(t('offer_draw'), () => void sendAction(actor, { action: 'offer_draw' }), { id: 'offer-draw' }));
            return;
        }
        const waiting = playing.filter((s) => !agreed.includes(s));
        controls.append(
            el('p', { class: 'offer', id: 'draw-offer' }, t('fk_draw_offered', { seats: names(agreed) }), ' ', waiting.length ? t('fk_draw_waiting', { seats: names(waiting) }) : '', ' ', el('em', {}, t('fk_draw_lapses'))),
        );
        const acceptors = mine.filter((s) => waiting.includes(s));
        for (const seat of acceptors) {
            const label = mine.length > 1 ? t('accept_draw_as', { seat: t(`seat_${seat}`) }) : t('accept_draw');
            controls.append(button(label, () => void sendAction(seat, { action: 'accept_draw' }), { id: acceptors.length === 1 ? 'accept-draw' : `accept-draw-${seat}`, class: 'accept-draw' }));
        }
    }

    function drawMoves(ply: number): void {
        if (!model) return;
        const perRow = model.geometry.seats.length;
        moveList.replaceChildren();
        let row: HTMLLIElement | undefined;
        model.san.forEach((san, i) => {
            if (i % perRow === 0) {
                row = el('li', {});
                moveList.append(row);
            }
            const b = button(san, () => {
                viewPly = i + 1 === model!.ply ? null : i + 1;
                draw();
            }, { class: `san${i + 1 === ply ? ' current' : ''}`, 'data-ply': String(i + 1) });
            row!.append(b);
        });
        moveList.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
        const go = (p: number) => {
            if (!model) return;
            const clamped = Math.max(0, Math.min(model.ply, p));
            viewPly = clamped === model.ply ? null : clamped;
            draw();
        };
        nav.replaceChildren(
            button('«', () => go(0), { 'aria-label': t('first'), title: t('first'), id: 'nav-first' }),
            button('‹', () => go(ply - 1), { 'aria-label': t('back'), title: t('back'), id: 'nav-back' }),
            button('›', () => go(ply + 1), { 'aria-label': t('forward'), title: t('forward'), id: 'nav-forward' }),
            button('»', () => go(model!.ply), { 'aria-label': t('last'), title: t('last'), id: 'nav-last' }),
        );
    }

    function drawTools(): void {
        if (!model) return;
        const download = el('a', { href: api.pgnUrl(id), download: `${id}.${isFourKingdoms(model.variant) ? 'txt' : 'pgn'}`, class: 'button', id: 'download' }, isFourKingdoms(model.variant) ? t('download_record') : t('download_pgn'));
        const mute = button(isMuted() ? t('sound_off') : t('sound_on'), () => {
            setMuted(!isMuted());
            drawTools();
        }, { id: 'mute', 'aria-pressed': isMuted() ? 'true' : 'false' });
        const flip = button(t('flip'), () => {
            turns++;
            draw();
        }, { id: 'flip' });
        tools.replaceChildren(flip, mute, download, button(t('new_game'), () => navigate('/'), { id: 'new-game-link' }));
    }

    // Once the game is over: the analysis, polled while the server computes it (analysis.ts).
    let stopAnalysis: (() => void) | undefined;
    function showAnalysis(): void {
        if (!model || !model.over || stopAnalysis) return;
        analysisBox.hidden = false;
        stopAnalysis = watchAnalysis(analysisBox, id, model.san, model.geometry.seats.length, analysis, (ply) => {
            viewPly = model && ply < model.ply ? ply : null;
            draw();
        });
    }

    const keyNav = (e: KeyboardEvent) => {
        if (!model || (e.target as HTMLElement | null)?.closest('.board-svg, input, textarea, select')) return;
        const ply = viewPly ?? model.ply;
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
            const next = Math.max(0, Math.min(model.ply, ply + (e.key === 'ArrowLeft' ? -1 : 1)));
            viewPly = next === model.ply ? null : next;
            draw();
        }
    };
    document.addEventListener('keydown', keyNav);

    const page = el('div', { class: 'game-page' },
        boardArea,
        el('aside', { class: 'side' }, title, status, explain, players, controls, pastBanner, el('h3', {}, t('moves')), moveList, nav, tools, linkLine, analysisBox));
    root.replaceChildren(page);
    drawLink();
    link.start();
    const ticker = setInterval(tickClocks, 200);
    void refresh().then(() => {
        if (model?.over) void showAnalysis();
    });
    return () => {
        clearInterval(ticker);
        document.removeEventListener('keydown', keyNav);
        link.stop();
        stopAnalysis?.();
    };
}
