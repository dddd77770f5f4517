// The game screen (players and spectators): it lays out the board and the parts of
// screens/game/ — players and clocks, controls, the move list with stepping, the explanation of
// a refused move, the claim question, the coach, tools, the link's state and the analysis after
// the end (its chosen position, or a mistake's better move, shown on the board) — and redraws
// them from the controller's model. Which ply is shown is decided here.
// The announcements (the status line, a refused move's explanation) have a speaker, and are read
// by themselves when the game's read-aloud switch is on (voice.ts; off until asked). What each step
// caused is said in the event log under the status line (events.ts), the end in the end panel
// (end.ts), and each move in words in a polite live region (move_words.ts) for a screen reader,
// which a button fills with the whole position on request. The tab's title says when it is this
// browser's move (alert.ts); the creator finds the invitation links under Invite (invite.ts); a
// game the server does not have is said so (missing.ts). In a game in time a player may plan one
// move while waiting (premove.ts), said under the status line; arrows and circles drawn on the
// board stay until a move is played.

import { type AnalysisSource, watchAnalysis } from '../../analysis';
import { type Mistake, mistakeLabel, numberedLine } from '../../analysis_chart';
import type { AnalysisPanel } from '../../analysis_panel';
import type { LinkStatus } from '../../api';
import { BoardView } from '../../board';
import { button, el, prefersReducedMotion } from '../../dom';
import { isFourKingdoms } from '../../geometry';
import { type StringKey, t } from '../../i18n';
import { applyMoveForDisplay, parseMove } from '../../notation';
import { play } from '../../sound';
import { readsByItself, stopSpeaking, voiceOn } from '../../speech';
import type { MoveMessage } from '../../turn';
import { readAcross, speakerButton, voiceSwitches } from '../../voice';
import { TurnAlert } from './alert';
import { Clocks } from './clocks';
import { Coach } from './coach';
import { Controls } from './controls';
import { type GameParams, type Update, GameController } from './controller';
import { CitadelNotes } from './citadel_note';
import { ClaimQuestion } from './dialogs';
import { EndPanel, verdict } from './end';
import { EventLog, eventLines, rematchText, takeBackText } from './events';
import { Explanation } from './explain';
import { invitePanel } from './invite';
import { renderNoSuchGame } from './missing';
import { MoveList } from './move_list';
import { moveText, positionText } from './move_words';
import { boardRotation, keepTurns, keptTurns, seatAtBottom } from './orientation';
import { drawPlayers } from './players';
import { PremoveQueue, premovable, premoveSeat } from './premove';
import { roundsOf } from './rounds';
import { sentences, statusLine } from './status';
import { drawTools } from './tools';

export type { GameParams } from './controller';
export { boardRotation } from './orientation';
export { formatClock } from './clocks';
export { explanation } from './explain';
export { claimReason, resultText, statusText } from './status';

const LINK_WORDS: Record<LinkStatus, StringKey> = {
    connecting: 'connecting',
    connected: 'connected',
    reconnecting: 'reconnecting',
    polling: 'http_fallback',
};

// The sound of a move: a check, a capture, or a plain move.
function moveSound(m: MoveMessage): 'check' | 'capture' | 'move' {
    if (m.in_check || /[+#]/.test(m.san)) return 'check';
    return m.san.includes('x') ? 'capture' : 'move';
}

export function renderGame(
    root: HTMLElement,
    id: string,
    params: GameParams,
    navigate: (p: string) => void,
    analysis: AnalysisSource,
): () => void {
    let viewPly: number | null = null; // a past position shown, or null for the live one
    let turns = keptTurns(id); // flips asked for (orientation.ts)
    let claim: ClaimQuestion | undefined; // open while the board shows the move it asks about
    let analysisPanel: AnalysisPanel | undefined;
    let betterShownAt: number | undefined; // the ply whose better move the board draws

    const game = new GameController(id, params, { update, linkStatus: drawLink, missing });
    const premoves = new PremoveQueue();
    const board = new BoardView({
        onMove: (m) => playOrAskClaim(m),
        onAttempt: (m) => sendMove(m),
        onPremove: (from, to) => {
            const seat = game.model && premoveSeat(game.model, game.mySeats());
            if (seat) premoves.queue(seat, from, to);
            draw();
        },
        onCancelPremove: () => cancelPremove(),
    });
    const explain = new Explanation((arrows) => board.setArrows(arrows), 'game');
    const controls = new Controls(
        (seat, req) => void game.sendAction(seat, req),
        (seat) => void game.takeBack(seat),
    );
    const moves = new MoveList(show);
    const clocks = new Clocks();
    const coach = new Coach(() => draw());
    const turnAlert = new TurnAlert();
    const invite = el('div', { class: 'invite-slot' });
    let invited: unknown; // the kept game the Invite panel was drawn for
    const log = new EventLog();
    const end = new EndPanel(id, { navigate, rematch: () => game.rematch() });
    let endSaid = false; // the end was said (in the move words) or was over before the page opened

    const citadelNotes = new CitadelNotes();
    // A mistake's better line in words, under the board that draws its first move.
    const betterLine = el('p', { class: 'better-line', id: 'better-line', hidden: true, 'aria-live': 'polite' });
    const boardArea = el('section', { class: 'board-area' }, board.element, citadelNotes.element, betterLine);
    const title = el('h2', { class: 'game-title' });
    const status = el('p', { class: 'status', id: 'status', 'aria-live': 'polite' });
    const statusSpeaker = speakerButton(() => status.textContent ?? '', status);
    statusSpeaker.id = 'status-speak';
    let statusSaid = ''; // the status line last read by itself
    const players = el('ul', { class: 'players', id: 'players' });
    const pastBanner = el('p', { class: 'past', hidden: true }, t('viewing_past'));
    const tools = el('div', { class: 'tools' });
    // Each move in words, for a screen reader (and shown small under the moves).
    const moveWords = el('p', { class: 'move-words', id: 'move-words', 'aria-live': 'polite', 'aria-atomic': 'true' });
    const describe = button(t('describe_position'), () => describePosition(), { id: 'describe-position' });
    const analysisBox = el('section', { class: 'analysis', id: 'analysis', hidden: true });
    const linkLine = el('p', { class: 'link-status', id: 'link-status' });
    const premoveNote = el('div', { class: 'premove-note', id: 'premove-note', 'aria-live': 'polite' });
    const drawVoice = () => page.classList.toggle('voice-off', !voiceOn());
    const page = el(
        'div',
        { class: `game-page${voiceOn() ? '' : ' voice-off'}` },
        boardArea,
        el(
            'aside',
            { class: 'side' },
            title,
            el('div', { class: 'said status-row' }, status, statusSpeaker),
            premoveNote,
            log.element,
            end.element,
            voiceSwitches(drawVoice, 'game'),
            explain.element,
            coach.element,
            players,
            invite,
            controls.element,
            pastBanner,
            el('h3', {}, t('moves')),
            moves.list,
            moves.nav,
            el('div', { class: 'words-row' }, describe, moveWords),
            tools,
            turnAlert.element,
            linkLine,
            analysisBox,
        ),
    );

    function cancelPremove(): void {
        if (premoves.cancel()) draw();
    }

    // The planned move, said with a way to forget it (empty when there is none); drawn anew only
    // when it changes, so that its button keeps the focus.
    let premoveShown: unknown;
    function drawPremove(): void {
        const p = premoves.current;
        if (p === premoveShown) return;
        premoveShown = p;
        premoveNote.replaceChildren(
            ...(p
                ? [
                      el('p', {}, t('premove_ready', { from: p.from, to: p.to })),
                      button(
                          t('premove_cancel'),
                          () => {
                              cancelPremove();
                              board.focus(); // the button is gone: keyboard play goes on from the board
                          },
                          { id: 'premove-cancel' },
                      ),
                  ]
                : []),
        );
    }

    function sendMove(move: string): void {
        explain.clear();
        void game.sendMove(move);
    }

    // Shows the position after `ply` moves (the live one when it is the last).
    function show(ply: number): void {
        const model = game.model;
        if (!model) return;
        viewPly = ply >= model.ply ? null : ply;
        draw();
    }

    // FIDE 9.2.1: a move that makes a draw claimable may be played with the claim. The player
    // is asked; "no" plays the move alone, Escape plays nothing.
    function playOrAskClaim(move: string): void {
        const model = game.model;
        if (!model) return;
        const claims = game.mySeats().includes(model.toMove) ? model.claimsWith(move) : [];
        if (claims.length === 0) return sendMove(move);
        closeClaim();
        const seat = model.toMove;
        // An answer keeps the move on the board until the server's word redraws it.
        const answer = (send: () => Promise<void>) => () => {
            closeClaim(false);
            board.focus(); // the buttons are gone: keyboard play goes on from the board
            void send().then(draw);
        };
        claim = new ClaimQuestion(move, model.ply, claims, {
            yes: answer(() => game.sendAction(seat, { action: 'claim_draw', move })),
            no: answer(() => game.sendMove(move)),
            cancel: () => {
                closeClaim();
                board.focus();
            },
        });
        draw();
        claim.open(boardArea);
    }

    function closeClaim(redraw = true): void {
        if (!claim) return;
        claim.close();
        claim = undefined;
        if (redraw) draw();
    }

    // The pieces of the position shown, by square, into the live region.
    function describePosition(): void {
        const model = game.model;
        if (!model) return;
        moveWords.textContent = positionText(model.positionAt(viewPly ?? model.ply), model.geometry.seats);
    }

    // What a step says: its events in the log, a move in words, and once the end (with who won).
    function tell(u: Update): void {
        const model = game.model;
        if (!model) return;
        if (u.kind === 'state') endSaid ||= model.over; // an old ending is not news
        if (u.kind === 'move' || u.kind === 'action')
            log.add(eventLines(u.message.events, u.message.status, model.variant));
        if (u.kind === 'take_back') {
            // The move words said are gone with the moves: the take-back is what was said last.
            const words = takeBackText(u.message, game.mySeats());
            log.add([words]);
            moveWords.textContent = words;
        }
        if (u.kind === 'rematch' && !game.mySeats().includes(u.message.seat)) log.add([rematchText(u.message)]);
        const said = u.kind === 'move' ? moveText(model.positionAt(u.message.ply), u.message) : '';
        if (model.over && !endSaid) {
            endSaid = true;
            // Who won is heard here; it is seen in the end panel, so it is not shown twice.
            const v = verdict(model, game.mySeats());
            const heard = el('span', { class: 'visually-hidden' }, ` ${sentences([v.text, v.note])}`);
            moveWords.replaceChildren(sentences([said]), heard);
        } else if (said) moveWords.textContent = said;
    }

    function update(u: Update): void {
        switch (u.kind) {
            case 'refused':
                explain.show(u.error);
                play('illegal');
                return;
            case 'move':
                explain.clear();
                board.clearDrawings();
                play(moveSound(u.message));
                break;
            case 'take_back':
                explain.clear();
                premoves.cancel(); // planned for a position that is gone
                break;
            case 'end':
                play('end');
                break;
        }
        tell(u);
        // Only a Turn brings the clock; restarting the count on another message would lose time.
        if (game.model && ['state', 'take_back', 'move', 'action'].includes(u.kind)) clocks.set(game.model.clock);
        // The player's turn has come: a premove is played at once, if it is legal now.
        const premove = game.model && premoves.due(game.model, game.mySeats());
        if (premove) sendMove(premove);
        draw();
        showAnalysis();
    }

    function draw(): void {
        const model = game.model;
        if (!model) return;
        const mine = game.mySeats();
        if (viewPly !== null && viewPly >= model.ply) viewPly = null; // a state with fewer moves
        const ply = viewPly ?? model.ply;
        const live = viewPly === null;
        if (betterShownAt !== undefined && betterShownAt !== ply) {
            betterShownAt = undefined;
            board.setArrows([]);
            betterLine.hidden = true;
        }
        analysisPanel?.shown(ply);
        if (claim && (claim.ply !== model.ply || model.over || !live)) closeClaim(false);
        // While the claim question is open the board shows the move it is about, and waits.
        const asked = claim ? parseMove(claim.move) : undefined;
        title.textContent = t(`variant_${model.variant}`);
        page.dataset['variant'] = model.variant;
        const rotate = (n: number) => boardRotation(model.variant, mine, model.toMove, game.turnBoard, n);
        board.setRotation(rotate(turns));
        board.setPosition(
            model.geometry,
            claim ? applyMoveForDisplay(model.current(), claim.move) : model.positionAt(ply),
        );
        coach.update(model, mine, live && !claim);
        citadelNotes.update(model.current());
        board.setHighlights({
            lastMoves: asked ? [{ from: asked.from, to: asked.to }] : model.lastMovesAt(ply),
            check: asked ? [] : model.checkSquaresAt(ply),
            marks: coach.marks(),
            premove: premoves.current,
        });
        const playable = live && !claim;
        // Waiting for the others in a game in time: the player's own pieces plan a premove.
        const premoving = playable ? premoveSeat(model, mine) : undefined;
        board.setPremoving(!!premoving);
        if (premoving) board.setInteraction([], premovable(model, premoving));
        else board.setInteraction(playable ? model.legal : [], playable ? model.movableBy(mine) : () => false);
        drawPremove();
        pastBanner.hidden = live;
        end.draw(model, mine);
        const line = statusLine(model, mine);
        status.textContent = line.text;
        status.dataset['state'] = line.state;
        if (line.text !== statusSaid && live) {
            statusSaid = line.text;
            // The end is read with who won, each word marked where it is shown.
            const shown = [{ target: status, text: line.text }, ...(model.over ? end.words() : [])];
            if (readsByItself('game')) readAcross(sentences(shown.map((s) => s.text)), shown, statusSpeaker);
        }
        drawPlayers(players, model, mine, ply);
        turnAlert.update(!model.over && mine.includes(model.toMove));
        if (invited !== game.keptGame) {
            invited = game.keptGame;
            const panel = invitePanel(game.keptGame, navigate);
            invite.replaceChildren(...(panel ? [panel] : []));
        }
        clocks.tick(players, model.over);
        controls.draw(model, mine);
        if (isFourKingdoms(model.variant)) {
            const { seats } = model.geometry;
            const rows = roundsOf(
                model.san,
                (p) => model.moverOf(p),
                seats,
                model.positionAt(0).fullmove,
                model.inGame,
            );
            moves.drawRounds(rows, seats, model.ply, ply);
        } else moves.draw(model.san, model.geometry.seats.length, ply);
        drawTools(tools, id, model.variant, seatAtBottom(model.variant, rotate(turns + 1)), {
            flip: () => {
                turns++;
                keepTurns(id, turns);
                draw();
                document.getElementById('flip')?.focus(); // the tools were drawn anew
            },
            newGame: () => navigate('/'),
        });
    }

    // The server has no such game: its page says so, and nothing more is asked.
    function missing(): void {
        stop();
        renderNoSuchGame(root, navigate);
    }

    function drawLink(s: LinkStatus): void {
        linkLine.textContent = t(LINK_WORDS[s]);
        linkLine.dataset['status'] = s;
    }

    // Once the game is over: the analysis, polled while the server computes it (analysis.ts). A
    // position chosen on it shows on the board, brought into view (on a phone the chart is
    // below the board).
    function showAnalysis(): void {
        const model = game.model;
        if (!model || !model.over || analysisPanel) return;
        analysisBox.hidden = false;
        analysisPanel = watchAnalysis(analysisBox, id, model.san, model.geometry.seats.length, analysis, {
            pick: (ply) => {
                show(ply);
                revealBoard();
            },
            mistake: showBetter,
        });
    }

    // The position before mistake `m`, its better move drawn as an arrow and its line in words.
    function showBetter(m: Mistake): void {
        const model = game.model;
        if (!model) return;
        show(m.ply - 1);
        const arrow = parseMove(m.bestMove ?? '');
        betterShownAt = m.ply - 1;
        board.setArrows(arrow ? [[arrow.from, arrow.to]] : []);
        const line = numberedLine(m, model.geometry.seats.length);
        betterLine.textContent = sentences([mistakeLabel(m), t('best_line', { line })]);
        betterLine.hidden = false;
        revealBoard();
    }

    function revealBoard(): void {
        boardArea.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    }

    root.replaceChildren(page);
    drawLink('connecting');
    const stopKeys = moves.listenToKeys();
    const ticker = setInterval(() => clocks.tick(players, game.model?.over ?? true), 200);
    game.start();
    function stop(): void {
        clearInterval(ticker);
        stopSpeaking();
        stopKeys();
        game.stop();
        analysisPanel?.stop();
        turnAlert.stop();
    }
    return stop;
}
