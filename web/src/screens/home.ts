// The home screen: the games this browser keeps (my_games.ts); a new game: choose a game, a clock,
// who sits where, an optional start position and how to play (one device, or invitations to
// copy); beside it, the big way into the children's course. Under the games, a link to how to
// play the one chosen. The form starts as the last game was
// created (new_game.ts) and keeps what is chosen when it is drawn again (another language). Once
// a game is created with invitations, the page shows the links, and shows them again when the
// browser comes Back to it (the history entry names the game).

import { type CreateResponse, type SeatRequest, ApiError, api } from '../api';
import { button, el } from '../dom';
import { type Seat, type Variant, VARIANTS, geometryOf } from '../geometry';
import { t } from '../i18n';
import {
    type NewGameSettings,
    CLOCK_PRESETS,
    againstComputer,
    clampLevel,
    draftSettings,
    keepSettings,
    seatSetting,
    setDraft,
} from '../new_game';
import { NotationError, START_FEN, parsePosition } from '../notation';
import { notationErrorText, positionRefusalText } from '../position_errors';
import { levelAbout } from '../levels';
import { pieceSvg, variantPiece } from '../pieces';
import { rulesPath } from '../router';
import { type KeptGame, invitedSeats, keepGame, keptGame, keptSeats } from '../store';
import { invitationList, watchLine } from './invitations';
import { myGames } from './my_games';

export { CLOCK_PRESETS } from '../new_game';
export { invitationUrl } from './invitations';

// The history entry of the home page that shows a created game's invitations.
interface InvitationsEntry {
    invitations: string; // the game's id
}
const invitationsOf = (state: unknown): string | undefined => {
    const id = (state as Partial<InvitationsEntry> | null)?.invitations;
    return typeof id === 'string' ? id : undefined;
};

export function renderHome(root: HTMLElement, navigate: (path: string) => void): void {
    const settings = draftSettings(); // this form's, kept as the draft at every change
    const sync = () => setDraft(settings);
    const form = el('form', { class: 'home', id: 'new-game', novalidate: true });
    const variantList = el('div', { class: 'variants', role: 'radiogroup', 'aria-label': t('variant') });
    const seatsBox = el('div', { class: 'seats' });
    const clockSelect = el('select', { id: 'clock', name: 'clock' });
    CLOCK_PRESETS.forEach((c, i) => {
        clockSelect.append(
            el(
                'option',
                { value: String(i), selected: i === settings.clock },
                c ? t('clock_minutes', { min: c.initial_s / 60, inc: c.increment_s }) : t('clock_none'),
            ),
        );
    });
    clockSelect.addEventListener('change', () => {
        settings.clock = Number(clockSelect.value);
        sync();
    });
    const fenInput = el('textarea', {
        id: 'fen',
        name: 'fen',
        rows: '2',
        spellcheck: 'false',
        placeholder: START_FEN[settings.variant],
    });
    fenInput.value = settings.fen;
    const fenError = el('p', { class: 'field-error', 'aria-live': 'polite' });
    const mode = (value: 'one' | 'invite', id: string) => {
        const input = el('input', { type: 'radio', name: 'mode', value, id, checked: settings.mode === value });
        input.addEventListener('change', () => {
            if (input.checked) settings.mode = value;
            sync();
        });
        return input;
    };
    const modeOne = mode('one', 'mode-one');
    const modeInvite = mode('invite', 'mode-invite');
    const takeBack = el('input', { type: 'checkbox', id: 'take-back', checked: settings.takeBack });
    takeBack.addEventListener('change', () => {
        settings.takeBack = takeBack.checked;
        sync();
    });
    const takeBackRow = el('label', { class: 'choice take-back-choice' }, takeBack, t('take_back_allowed'));
    const turnBoard = el('input', { type: 'checkbox', id: 'turn-board', checked: settings.turnBoard });
    turnBoard.addEventListener('change', () => {
        settings.turnBoard = turnBoard.checked;
        sync();
    });
    const submit = el('button', { type: 'submit', class: 'primary', id: 'create' }, t('create'));
    const message = el('p', { class: 'form-error', 'aria-live': 'polite' });
    const invitations = el('section', { class: 'invitations', hidden: true, id: 'invitations' });
    let games = myGames(navigate);
    // How to play the game chosen; coming Back, the form is as it was left (the draft).
    const rulesLink = el('a', { class: 'rules-link', id: 'rules-link' });
    const drawRulesLink = () => {
        rulesLink.href = rulesPath(settings.variant);
        rulesLink.textContent = t('rules_link', { variant: t(`variant_${settings.variant}`) });
    };
    rulesLink.addEventListener('click', (e) => {
        e.preventDefault();
        navigate(rulesPath(settings.variant));
    });

    const drawVariants = () => {
        variantList.replaceChildren();
        for (const v of VARIANTS) {
            const input = el('input', {
                type: 'radio',
                name: 'variant',
                value: v,
                id: `variant-${v}`,
                checked: v === settings.variant,
            });
            input.addEventListener('change', () => {
                settings.variant = v;
                sync();
                fenInput.placeholder = START_FEN[v];
                drawRulesLink();
                drawSeats();
                validateFen();
            });
            const icon = el('span', { class: 'variant-icon' });
            icon.innerHTML = pieceSvg(variantPiece(v), 40);
            variantList.append(
                el(
                    'label',
                    { class: 'variant-card', for: `variant-${v}` },
                    input,
                    icon,
                    el('strong', {}, t(`variant_${v}`)),
                    el('span', { class: 'about' }, t(`about_${v}`)),
                ),
            );
        }
    };

    const drawSeats = () => {
        seatsBox.replaceChildren();
        takeBackRow.hidden = !againstComputer(settings);
        for (const seat of geometryOf(settings.variant).seats) {
            const chosen = seatSetting(settings, seat);
            const kind = el(
                'select',
                { id: `seat-${seat}`, 'aria-label': t(`seat_${seat}`) },
                el('option', { value: 'human', selected: chosen.player === 'human' }, t('human')),
                el('option', { value: 'engine', selected: chosen.player === 'engine' }, t('engine')),
            );
            const level = el('input', {
                type: 'number',
                min: '0',
                max: '20',
                value: String(chosen.level),
                id: `level-${seat}`,
                'aria-label': `${t('level')} (${t(`seat_${seat}`)})`,
                hidden: chosen.player !== 'engine',
            });
            const levelLabel = el(
                'label',
                { class: 'level', for: `level-${seat}`, hidden: chosen.player !== 'engine' },
                t('level'),
            );
            const about = el('span', {
                class: 'level-about',
                id: `level-about-${seat}`,
                hidden: chosen.player !== 'engine',
            });
            const changed = () => {
                const player = kind.value === 'engine' ? 'engine' : 'human';
                level.hidden = levelLabel.hidden = about.hidden = player !== 'engine';
                settings.seats[seat] = { player, level: clampLevel(Number(level.value)) };
                about.textContent = levelAbout(clampLevel(Number(level.value)), settings.variant);
                takeBackRow.hidden = !againstComputer(settings);
                sync();
            };
            about.textContent = levelAbout(chosen.level, settings.variant);
            level.setAttribute('aria-describedby', about.id);
            kind.addEventListener('change', changed);
            level.addEventListener('input', changed);
            seatsBox.append(
                el(
                    'div',
                    { class: `seat-row seat-${seat}` },
                    el('span', { class: 'seat-name' }, t(`seat_${seat}`)),
                    kind,
                    levelLabel,
                    level,
                    about,
                ),
            );
        }
    };

    const validateFen = (): boolean => {
        const text = fenInput.value.trim();
        fenError.textContent = '';
        if (!text) return true;
        try {
            parsePosition(settings.variant, text);
            return true;
        } catch (e) {
            fenError.textContent = e instanceof NotationError ? notationErrorText(e) : String(e);
            return false;
        }
    };
    fenInput.addEventListener('input', () => {
        settings.fen = fenInput.value;
        sync();
        validateFen();
    });

    form.addEventListener('submit', (e) => {
        e.preventDefault();
        if (!validateFen()) return;
        const sent: NewGameSettings = structuredClone(settings);
        const takeBacks = sent.takeBack && againstComputer(sent);
        const seats: SeatRequest[] = geometryOf(sent.variant).seats.map((seat) => {
            const s = seatSetting(sent, seat);
            return s.player === 'engine'
                ? { player: 'engine', level: s.level }
                : { player: 'human', ...(takeBacks ? { take_back: true } : {}) };
        });
        submit.disabled = true;
        submit.textContent = t('creating');
        message.textContent = '';
        api.create({
            variant: sent.variant,
            fen: sent.fen.trim() || null,
            clock: CLOCK_PRESETS[sent.clock] ?? null,
            seats,
        })
            .then((created) => {
                keepSettings(sent);
                const game = keepCreated(created, sent);
                const listed = myGames(navigate); // with the new game
                games.replaceWith(listed);
                games = listed;
                if (sent.mode === 'one') {
                    navigate(`/g/${encodeURIComponent(created.id)}`);
                } else {
                    // The links are what matters now, and Back comes to them again.
                    history.replaceState({ invitations: created.id } satisfies InvitationsEntry, '', location.href);
                    showInvitations(game);
                }
            })
            .catch((err) => {
                const position = err instanceof ApiError ? positionRefusalText(err.body) : undefined;
                if (position) fenError.textContent = position;
                else
                    message.textContent = t('error', {
                        message: err instanceof ApiError ? err.body.message || err.body.code : String(err),
                    });
            })
            .finally(() => {
                submit.disabled = false;
                submit.textContent = t('create');
            });
    });

    const showInvitations = (game: KeptGame) => {
        form.hidden = true;
        invitations.hidden = false;
        invitations.replaceChildren(
            el('h2', {}, t('invitations')),
            el('p', {}, t('invitation_hint')),
            invitationList(game.id, keptSeats(game), { mine: game.mine, play: navigate }),
            watchLine(game.id),
            button(t('new_game'), () => navigate('/'), { id: 'another-game' }),
        );
        window.scrollTo(0, 0);
    };

    drawVariants();
    drawRulesLink();
    drawSeats();
    form.append(
        el('h2', {}, t('new_game')),
        el('fieldset', {}, el('legend', {}, t('variant')), variantList, rulesLink),
        el('div', { class: 'row' }, el('label', { for: 'clock' }, t('clock')), clockSelect),
        el('fieldset', {}, el('legend', {}, t('seats')), seatsBox, takeBackRow),
        el(
            'fieldset',
            {},
            el('legend', {}, t('mode')),
            el('label', { class: 'choice' }, modeOne, t('mode_one_device')),
            el('label', { class: 'choice indent' }, turnBoard, t('turn_board')),
            el('label', { class: 'choice' }, modeInvite, t('mode_invite')),
        ),
        el(
            'details',
            { open: settings.fen.trim() !== '' },
            el('summary', {}, t('start_position')),
            el('label', { for: 'fen', class: 'hint' }, t('start_position_hint')),
            fenInput,
            fenError,
        ),
        submit,
        message,
    );
    validateFen();
    root.replaceChildren(el('div', { class: 'home-page' }, learnEntry(navigate), invitations, games, form));
    // Back to the page of a game's invitations (or the language changed on it): the links again.
    const shown = invitationsOf(history.state);
    const game = shown === undefined ? undefined : keptGame(shown);
    if (game && invitedSeats(game).length > 0) showInvitations(game);
}

// A game created here: one device keeps every seat, invitations keep the links to hand out.
function keepCreated(created: CreateResponse, sent: NewGameSettings): KeptGame {
    const tokens: Partial<Record<Seat, string>> = {};
    for (const s of created.seats) tokens[s.seat] = s.token;
    const variant: Variant = sent.variant;
    const game: KeptGame = {
        id: created.id,
        variant,
        created: Date.now(),
        tokens,
        mine: sent.mode === 'one' ? created.seats.map((s) => s.seat) : [],
    };
    if (sent.mode === 'one') game.turn_board = sent.turnBoard;
    keepGame(game);
    return game;
}

// The Learn card (#learn-entry): a child's way in, as big as a finger wants it.
function learnEntry(navigate: (path: string) => void): HTMLElement {
    const icon = el('span', { class: 'learn-entry-icon' });
    icon.innerHTML = pieceSvg({ army: 'white', kind: 'K' }, 72) + pieceSvg({ army: 'black', kind: 'Q' }, 56);
    const a = el(
        'a',
        { href: '/learn', class: 'learn-entry', id: 'learn-entry' },
        icon,
        el('strong', { class: 'learn-entry-title' }, t('learn_entry_title')),
        el('span', { class: 'learn-entry-text' }, t('learn_entry_text')),
        el('span', { class: 'learn-entry-go' }, t('learn_entry_button')),
    );
    a.addEventListener('click', (e) => {
        e.preventDefault();
        navigate('/learn');
    });
    return a;
}
