// The explanation of a refused move: the sentence (#explain) and the arrows it points with,
// drawn by whoever owns the board. It takes the server's error message and a callback, so any
// screen with a board (the game, a lesson) can show it.

import { button, el } from '../../dom';
import { hasKey, language, t } from '../../i18n';
import type { ReadingPlace } from '../../speech';
import type { ErrorMessage } from '../../turn';
import { readNew, spokenText } from '../../voice';

// The text that explains a refusal: the server's English sentence in English, the catalogue's
// sentence for the reason otherwise (the English one beside it when the catalogue has none).
export function explanation(err: ErrorMessage): string {
    if (err.code === 'illegal_move') {
        const key = `reason_${err.reason ?? ''}`;
        if (language() === 'en') return err.message || (hasKey(key) ? t(key) : t('reason_other'));
        return hasKey(key) ? t(key) : `${t('reason_other')} (${err.message})`;
    }
    const key = `error_${err.code}`;
    return hasKey(key) ? t(key) : t('error', { message: err.message || err.code });
}

// The arrows an illegal move's explanation points with ([from, to] square names).
export function arrowsOf(err: ErrorMessage): [string, string][] {
    return err.code === 'illegal_move' ? (err.arrows ?? []) : [];
}

export class Explanation {
    readonly element = el('div', { class: 'explain', id: 'explain', role: 'alert', hidden: true });

    // `place`: whose read-aloud switch reads the explanation by itself.
    constructor(
        private readonly setArrows: (arrows: [string, string][]) => void,
        private readonly place: ReadingPlace,
    ) {}

    show(err: ErrorMessage): void {
        const close = button('×', () => this.clear(), { class: 'close', 'aria-label': t('cancel') });
        const said = spokenText('span', explanation(err), { class: 'explain-text' });
        this.element.replaceChildren(
            el('strong', {}, err.code === 'illegal_move' ? t('illegal') : ''),
            ' ',
            said,
            ' ',
            close,
        );
        this.element.hidden = false;
        this.setArrows(arrowsOf(err));
        readNew(said, this.place);
    }

    clear(): void {
        this.element.hidden = true;
        this.setArrows([]);
    }
}
