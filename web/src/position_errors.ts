// A position the new-game form cannot start from, said in the user's language: the page's own
// reading of the text (notation.ts's NotationError: the row, the square, the text found), or the
// server's refusal (server.md: `reason`, the rule the position breaks, and for text it could not
// read `field`, the part that is wrong). Never the server's English sentence.

import type { ErrorMessage } from './api';
import { hasKey, t } from './i18n';
import type { NotationError } from './notation';

export function notationErrorText(e: NotationError): string {
    return t(`notation_${e.problem}`, e.values);
}

// The refusal of a start position in words, or undefined when the error is not about one.
export function positionRefusalText(body: ErrorMessage): string | undefined {
    if (!body.reason) return undefined;
    if (body.reason === 'unreadable') {
        const part = `position_field_${(body.field ?? '').replace(/[ -]/g, '_')}`;
        return t('position_unreadable', { part: hasKey(part) ? t(part) : t('position_field_fen') });
    }
    const rule = `position_rule_${body.reason}`;
    return hasKey(rule) ? t(rule) : t('position_rule_unknown');
}
