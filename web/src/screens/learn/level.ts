// One level (#level), of a lesson or of a round of practice (practice.ts): the goal, the board turned to the child's side (or, on a choice
// level, the question and its big answer buttons), the verdict on each try as learn.md gives it,
// hints, "Start again", and "Next" once solved. The server keeps no state: the level sends the
// whole `line` with every try, with the mistakes and hints so far.
//
//   illegal  nothing is played: the message and its arrows
//   wrong    the move is played, the consequence replayed move by move with the arrows, then all
//            taken back to before the move ("Watch again" replays it); a choice: the message
//   good     the move is played, the message shown, the reply played after a pause
//   solved   the move is played, stars and the message with its arrows, "Next"

import { ApiError } from '../../api';
import { button, el } from '../../dom';
import { language, t } from '../../i18n';
import type { Hint, Level, Verdict } from '../../learn_contract';
import { isUnknownFamily } from '../../family/api';
import { chooseChild, forChild } from '../../family/memory';
import { type Attempt, learnApi } from '../../learn_api';
import { parseMove } from '../../notation';
import { pieceSvg } from '../../pieces';
import { play } from '../../sound';
import { stopSpeaking } from '../../speech';
import { Feedback, Pacer, playMoves, starsRow } from './feedback';
import { HintButton } from './hint';
import { LessonBoard } from './stage';
import { recordStars } from './stars';
import { readNew, speakerButton, spokenText } from '../../voice';

export interface LevelEvents {
    // callbacks, not methods: handed on unbound
    solved: (stars: 1 | 2 | 3) => void; // the best stars kept now
    next: () => void;
    last: boolean; // the lesson's (or round's) last level: "Next" ends it
    // Where the stars of a solve are kept, answering the best kept now (default: the stars store,
    // by the level's id).
    keep?: (stars: 1 | 2 | 3) => 1 | 2 | 3;
}

// The text of an error for the child (and the grown-up beside): the server's words when it gave
// some, else what failed.
export function failureText(e: unknown): string {
    if (e instanceof ApiError) return t('learn_error', { message: e.body.message || e.body.code });
    return t('learn_error', { message: e instanceof Error ? e.message : String(e) });
}

export class LevelView {
    readonly element: HTMLElement;
    private readonly board: LessonBoard;
    private readonly feedback = new Feedback();
    private readonly hint: HintButton;
    private readonly pacer = new Pacer();
    private readonly choices = new Map<string, HTMLButtonElement>();
    private readonly actions = el('div', { class: 'learn-actions' });
    private line: string[] = [];
    // The squares of the kings in check after each length of the line (0: the level's start), as
    // the verdicts name them.
    private lineChecks: string[][] = [];
    private mistakes = 0;
    private hints = 0;
    private busy = false;
    private solved = false;
    private alive = true;
    private round = 0; // which start of the level a try belongs to ("Start again" begins another)

    constructor(
        private readonly level: Level,
        position: { n: number; total: number },
        private readonly events: LevelEvents,
    ) {
        this.board = new LessonBoard((m) => void this.attempt({ move: m }));
        this.hint = new HintButton(
            (step) => learnApi.hint(this.level, this.line, step, language()),
            (h) => this.showHint(h),
            (e) => this.feedback.show('error', failureText(e)),
        );
        const side = el('span', { class: 'you-play' });
        side.innerHTML = pieceSvg({ army: level.side, kind: 'K' }, 28);
        side.append(t('learn_you_play', { side: t(`seat_${level.side}`) }));
        const goal = spokenText('h2', level.goal, { id: 'goal' });
        const text = el(
            'div',
            { class: 'learn-text level-goal' },
            el('p', { class: 'learn-count' }, t('learn_puzzle_count', { n: position.n, total: position.total })),
            goal,
            level.kind === 'move' ? side : el('p', { class: 'learn-count' }, t('learn_question')),
        );
        const side2 = el('div', { class: 'learn-side' }, this.feedback.element);
        if (level.kind === 'choice') side2.append(this.choiceList());
        side2.append(this.actions);
        this.element = el(
            'div',
            { class: `learn-stage level kind-${level.kind}`, id: 'level', 'data-level': level.id },
            text,
            this.board.element,
            side2,
        );
        this.start();
        readNew(goal);
    }

    // Stops what it plays and says (the child moves on).
    close(): void {
        this.alive = false;
        this.pacer.cancel();
        stopSpeaking();
    }

    // ---- the level from its start ----

    private start(): void {
        this.round++;
        this.pacer.cancel();
        this.line = [];
        // A question may be about check ("checkmate, stalemate or neither?"): its board rings no
        // king, and shows White's side, as the lessons' steps do, whoever is to move.
        this.lineChecks = [this.level.kind === 'choice' ? [] : this.level.check];
        this.mistakes = 0;
        this.hints = 0;
        this.solved = false;
        this.busy = false;
        this.element.classList.remove('celebrate');
        const side = this.level.kind === 'choice' ? 'white' : this.level.side;
        this.board.show(this.level.variant, this.level.fen, [], side, this.lineChecks[0]!);
        this.board.clearPointers();
        this.feedback.clear();
        this.hint.reset();
        for (const b of this.choices.values()) b.classList.remove('hinted', 'tried', 'right');
        this.drawActions();
        this.ready();
    }

    private choiceList(): HTMLElement {
        const list = el('ul', { class: 'choices', id: 'choices' });
        for (const c of this.level.choices) {
            const b = button(c.text, () => void this.attempt({ choice: c.id }), {
                class: 'choice-answer',
                'data-choice': c.id,
            });
            this.choices.set(c.id, b);
            list.append(el('li', {}, b, speakerButton(c.text, b)));
        }
        return list;
    }

    // Hint and Start again; once solved, Start again and `next` (no more hints to give).
    private drawActions(next?: HTMLButtonElement): void {
        this.actions.replaceChildren(
            ...(next ? [] : [this.hint.element]),
            button(t('learn_start_again'), () => this.start(), { id: 'start-again' }),
            ...(next ? [next] : []),
        );
    }

    // Whether the child may act now; the state the checks read (data-line, data-busy).
    private ready(): void {
        const open = !this.busy && !this.solved;
        this.board.allow(open && this.level.kind === 'move' ? this.level.side : null);
        this.hint.setEnabled(open);
        for (const b of this.choices.values()) b.disabled = !open;
        this.element.dataset['line'] = this.line.join(',');
        this.element.dataset['busy'] = String(this.busy);
        this.element.dataset['solved'] = String(this.solved);
    }

    // Shows `moves` from the level's start; `check`: the kings in check after them (default: as
    // known for the line's own positions).
    private show(moves: readonly string[], check: readonly string[] = this.lineChecks[moves.length] ?? []): void {
        if (this.alive) this.board.setMoves(moves, check);
    }

    // Plays `move` onto the line, the kings in check after it as `check` says.
    private extend(move: string, check: readonly string[] | undefined): void {
        this.line.push(move);
        this.lineChecks[this.line.length] = [...(check ?? [])];
        this.show(this.line);
    }

    // ---- a try ----

    private async attempt(a: Attempt): Promise<void> {
        if (this.busy || this.solved) return;
        this.busy = true;
        const round = this.round;
        this.pacer.cancel(); // a consequence still playing
        this.show(this.line);
        this.board.clearPointers();
        this.feedback.clear();
        this.ready();
        let v: Verdict;
        const child = forChild(); // the move is recorded to the child learning, if any
        try {
            v = await learnApi.attempt(
                this.level,
                this.line,
                a,
                { mistakes: this.mistakes, hints: this.hints },
                language(),
                child,
            );
        } catch (e) {
            // The child is no longer the family's (removed on another device): the tries go on
            // without recording, and the family screen says who may learn.
            const gone = child !== undefined && isUnknownFamily(e);
            if (gone) chooseChild(null);
            if (!this.alive || round !== this.round) return;
            this.feedback.show('error', gone ? t('family_child_gone') : failureText(e));
            this.busy = false;
            this.ready();
            return;
        }
        if (!this.alive || round !== this.round) return; // the level started again meanwhile
        const move = 'move' in a ? a.move : undefined;
        switch (v.verdict) {
            case 'illegal':
                this.mistakes++;
                play('illegal');
                this.feedback.show('illegal', v.message);
                this.board.point(v.arrows, []);
                break;
            case 'wrong':
                this.mistakes++;
                if ('choice' in a) this.choices.get(a.choice)?.classList.add('tried');
                this.feedback.show('wrong', v.message);
                if (move) await this.replayWrong(move, v.consequence, v.checks ?? [], v.arrows, v.highlights);
                else this.board.point(v.arrows, v.highlights);
                break;
            case 'good':
                this.feedback.show('good', v.message);
                if (move) {
                    this.extend(move, v.checks?.[0]);
                    play('move');
                    this.board.point(v.arrows, v.highlights);
                    if (v.reply) {
                        this.ready(); // the line as it stands while the reply waits
                        if (!(await this.pacer.wait(900))) return;
                        this.extend(v.reply, v.checks?.[1]);
                        play('move');
                    }
                } else this.board.point(v.arrows, v.highlights);
                this.hint.reset();
                break;
            case 'solved':
                if (move) this.extend(move, v.checks?.[0]);
                if ('choice' in a) this.choices.get(a.choice)?.classList.add('right');
                this.board.point(v.arrows, v.highlights);
                this.celebrate(v.stars, v.message);
                break;
        }
        if (round !== this.round) return;
        this.busy = false;
        this.ready();
    }

    // The wrong move and what follows it, played out, then taken back; "Watch again" replays it.
    private async replayWrong(
        move: string,
        consequence: readonly string[],
        checks: readonly string[][], // after the move, then after each consequence move
        arrows: Verdict['arrows'],
        highlights: readonly string[],
    ): Promise<void> {
        const before = [...this.line];
        const watch = async (): Promise<boolean> => {
            this.element.dataset['replaying'] = 'true';
            this.board.clearPointers();
            this.show([...before, move], checks[0] ?? []);
            play('move');
            this.board.point(arrows, highlights);
            const after = (m: readonly string[]) => this.show(m, checks[m.length - before.length - 1] ?? []);
            const done =
                (await playMoves(after, [...before, move], consequence, this.pacer)) && (await this.pacer.wait(1500));
            delete this.element.dataset['replaying'];
            if (!done || !this.alive) return false;
            this.show(before);
            this.board.clearPointers();
            return true;
        };
        const again = button(
            t('learn_watch_again'),
            () => {
                if (this.busy || this.solved) return;
                this.busy = true;
                this.ready();
                void watch().then(() => {
                    this.busy = false;
                    this.ready();
                });
            },
            { id: 'watch-again' },
        );
        this.feedback.element.append(again);
        await watch();
    }

    private celebrate(stars: 1 | 2 | 3, message: string): void {
        this.solved = true;
        const best = this.events.keep ? this.events.keep(stars) : recordStars(this.level.id, stars);
        play('end');
        this.feedback.show('solved', message, starsRow(stars));
        this.element.classList.add('celebrate');
        const next = button(this.events.last ? t('learn_next') : t('learn_next_puzzle'), () => this.events.next(), {
            id: 'next',
            class: 'primary big',
        });
        this.drawActions(next);
        this.events.solved(best);
        next.focus();
    }

    // ---- hints ----

    private showHint(h: Hint): void {
        this.hints++;
        this.feedback.show('hint', h.message);
        const f = this.feedback.element.dataset;
        if (h.square) {
            f['hintSquare'] = h.square;
            this.board.point([], [h.square], 'hint');
        }
        const mv = h.move ? parseMove(h.move) : undefined;
        if (h.move && mv) {
            f['hintMove'] = h.move;
            this.board.setArrows([[mv.from, mv.to]]);
            this.board.setMarks([{ square: mv.from, tone: 'hint' }]);
        }
        if (h.choice) {
            f['hintChoice'] = h.choice;
            this.choices.get(h.choice)?.classList.add('hinted');
        }
    }
}
