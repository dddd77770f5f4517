// The home screen: choose a game, a clock, who sits where, an optional start position and how to
// play (one device, or invitations to copy); beside it, the big way into the children's course.

import { type CreateResponse, type SeatRequest, ApiError, api } from '../api';
import { button, copyText, el } from '../dom';
import { type Seat, type Variant, VARIANTS, geometryOf } from '../geometry';
import { t } from '../i18n';
import { NotationError, START_FEN, parsePosition } from '../notation';
import { notationErrorText, positionRefusalText } from '../position_errors';
import { pieceSvg } from '../pieces';
import { saveHeld } from '../store';

export const CLOCK_PRESETS: readonly ({ initial_s: number; increment_s: number } | null)[] = [
    null,
    { initial_s: 180, increment_s: 2 },
    { initial_s: 300, increment_s: 3 },
    { initial_s: 600, increment_s: 5 },
    { initial_s: 900, increment_s: 10 },
    { initial_s: 1800, increment_s: 0 },
];

// Absolute invitation URL for a created seat, with `seat=` added so that the page knows which
// seat the token holds before the server says so.
export function invitationUrl(id: string, s: { seat: Seat; token: string; url?: string }, origin: string): string {
    const u = new URL(s.url || `/g/${encodeURIComponent(id)}?token=${encodeURIComponent(s.token)}`, origin);
    if (!u.searchParams.has('token')) u.searchParams.set('token', s.token);
    if (!u.searchParams.has('seat')) u.searchParams.set('seat', s.seat);
    return u.toString();
}

export function renderHome(root: HTMLElement, navigate: (path: string) => void): void {
    let variant: Variant = 'chess';
    const form = el('form', { class: 'home', id: 'new-game', novalidate: true });
    const variantList = el('div', { class: 'variants', role: 'radiogroup', 'aria-label': t('variant') });
    const seatsBox = el('div', { class: 'seats' });
    const clockSelect = el('select', { id: 'clock', name: 'clock' });
    CLOCK_PRESETS.forEach((c, i) => {
        clockSelect.append(
            el(
                'option',
                { value: String(i), selected: i === 0 },
                c ? t('clock_minutes', { min: c.initial_s / 60, inc: c.increment_s }) : t('clock_none'),
            ),
        );
    });
    const fenInput = el('textarea', {
        id: 'fen',
        name: 'fen',
        rows: '2',
        spellcheck: 'false',
        placeholder: START_FEN.chess,
    });
    const fenError = el('p', { class: 'field-error', 'aria-live': 'polite' });
    const modeOne = el('input', { type: 'radio', name: 'mode', value: 'one', id: 'mode-one', checked: true });
    const modeInvite = el('input', { type: 'radio', name: 'mode', value: 'invite', id: 'mode-invite' });
    const turnBoard = el('input', { type: 'checkbox', id: 'turn-board', checked: true });
    const submit = el('button', { type: 'submit', class: 'primary', id: 'create' }, t('create'));
    const message = el('p', { class: 'form-error', 'aria-live': 'polite' });
    const invitations = el('section', { class: 'invitations', hidden: true, id: 'invitations' });

    const drawVariants = () => {
        variantList.replaceChildren();
        for (const v of VARIANTS) {
            const input = el('input', {
                type: 'radio',
                name: 'variant',
                value: v,
                id: `variant-${v}`,
                checked: v === variant,
            });
            input.addEventListener('change', () => {
                variant = v;
                fenInput.placeholder = START_FEN[v];
                drawSeats();
                validateFen();
            });
            const icon = el('span', { class: 'variant-icon' });
            icon.innerHTML = pieceSvg(variantIcon(v), 40);
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
        geometryOf(variant).seats.forEach((seat, i) => {
            const kind = el(
                'select',
                { id: `seat-${seat}`, 'aria-label': t(`seat_${seat}`) },
                el('option', { value: 'human' }, t('human')),
                el('option', { value: 'engine' }, t('engine')),
            );
            const level = el('input', {
                type: 'number',
                min: '0',
                max: '20',
                value: '5',
                id: `level-${seat}`,
                'aria-label': `${t('level')} (${t(`seat_${seat}`)})`,
                hidden: true,
            });
            const levelLabel = el('label', { class: 'level', for: `level-${seat}`, hidden: true }, t('level'));
            kind.addEventListener('change', () => {
                level.hidden = levelLabel.hidden = kind.value !== 'engine';
            });
            void i;
            seatsBox.append(
                el(
                    'div',
                    { class: `seat-row seat-${seat}` },
                    el('span', { class: 'seat-name' }, t(`seat_${seat}`)),
                    kind,
                    levelLabel,
                    level,
                ),
            );
        });
    };

    const validateFen = (): boolean => {
        const text = fenInput.value.trim();
        fenError.textContent = '';
        if (!text) return true;
        try {
            parsePosition(variant, text);
            return true;
        } catch (e) {
            fenError.textContent = e instanceof NotationError ? notationErrorText(e) : String(e);
            return false;
        }
    };
    fenInput.addEventListener('input', validateFen);

    form.addEventListener('submit', (e) => {
        e.preventDefault();
        if (!validateFen()) return;
        const seats: SeatRequest[] = geometryOf(variant).seats.map((seat) => {
            const kind = (form.querySelector(`#seat-${seat}`) as HTMLSelectElement).value;
            if (kind !== 'engine') return { player: 'human' };
            const raw = Number((form.querySelector(`#level-${seat}`) as HTMLInputElement).value);
            return { player: 'engine', level: Math.max(0, Math.min(20, Number.isFinite(raw) ? Math.round(raw) : 5)) };
        });
        const clock = CLOCK_PRESETS[Number(clockSelect.value)] ?? null;
        submit.disabled = true;
        submit.textContent = t('creating');
        message.textContent = '';
        api.create({ variant, fen: fenInput.value.trim() || null, clock, seats })
            .then((created) => {
                if (modeOne.checked) {
                    // one device: this browser keeps every seat
                    saveHeld(created.id, {
                        tokens: Object.fromEntries(created.seats.map((s) => [s.seat, s.token])),
                        turnBoard: turnBoard.checked,
                    });
                    navigate(`/g/${encodeURIComponent(created.id)}`);
                } else {
                    form.hidden = true; // the links are what matters now
                    showInvitations(invitations, created, navigate);
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

    drawVariants();
    drawSeats();
    form.append(
        el('h2', {}, t('new_game')),
        el('fieldset', {}, el('legend', {}, t('variant')), variantList),
        el('div', { class: 'row' }, el('label', { for: 'clock' }, t('clock')), clockSelect),
        el('fieldset', {}, el('legend', {}, t('seats')), seatsBox),
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
            {},
            el('summary', {}, t('start_position')),
            el('label', { for: 'fen', class: 'hint' }, t('start_position_hint')),
            fenInput,
            fenError,
        ),
        submit,
        message,
    );
    root.replaceChildren(el('div', { class: 'home-page' }, learnEntry(navigate), form, invitations));
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

function variantIcon(v: Variant) {
    switch (v) {
        case 'pawnrace':
            return { army: 'white' as const, kind: 'P' as const };
        case 'silverman':
            return { army: 'white' as const, kind: 'Q' as const };
        case 'tamerlane':
            return { army: 'white' as const, kind: 'Z' as const };
        case 'fourkingdoms':
            return { army: 'east' as const, kind: 'K' as const };
        case 'fourkingdoms-teams':
            return { army: 'north' as const, kind: 'K' as const };
        default:
            return { army: 'white' as const, kind: 'N' as const };
    }
}

function showInvitations(box: HTMLElement, created: CreateResponse, navigate: (path: string) => void): void {
    box.hidden = false;
    const list = el('ul', { class: 'invitation-list' });
    for (const s of created.seats) {
        const url = invitationUrl(created.id, s, location.origin);
        const field = el('input', {
            type: 'text',
            readonly: true,
            value: url,
            'aria-label': t(`seat_${s.seat}`),
            class: 'invite-url',
        });
        const copy = button(t('copy'), () => {
            void copyText(url).then((ok) => {
                copy.textContent = ok ? t('copied') : t('copy');
                if (!ok) field.select();
            });
        });
        const play = button(t('open_my_seat', { seat: t(`seat_${s.seat}`) }), () => {
            const u = new URL(url);
            navigate(u.pathname + u.search);
        });
        list.append(el('li', { class: `seat-${s.seat}` }, el('strong', {}, t(`seat_${s.seat}`)), field, copy, play));
    }
    const watch = new URL(`/g/${encodeURIComponent(created.id)}`, location.origin).toString();
    box.replaceChildren(
        el('h2', {}, t('invitations')),
        el('p', {}, t('invitation_hint')),
        list,
        el(
            'p',
            { class: 'watch' },
            el('strong', {}, t('watch_link')),
            ' ',
            el('input', {
                type: 'text',
                readonly: true,
                value: watch,
                class: 'invite-url',
                'aria-label': t('watch_link'),
            }),
        ),
        button(t('new_game'), () => navigate('/'), { id: 'another-game' }),
    );
    window.scrollTo(0, 0);
}
