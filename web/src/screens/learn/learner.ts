// Who is learning, in the Learn screens: the child's avatar and name in the bar (a link to the
// family screen, to switch), this browser's copy of the child's progress brought up to date from
// the server, and the one-time offer to add the stars this browser earned before a child was
// chosen. Without a family nothing here shows but a "Family" link on the map, and Learn keeps the
// browser's own stars as it always did.

import { button, el } from '../../dom';
import { familyApi, isUnknownFamily } from '../../family/api';
import {
    type ChosenChild,
    chooseChild,
    forgetFamily,
    loadFamily,
    markStarsOffered,
    starsOffered,
} from '../../family/memory';
import { t } from '../../i18n';
import { FAMILY_PATH } from '../../router';
import { avatarPicture } from '../family/avatars';
import { failureText } from './level';
import { hasProgress, keptProgress, mergeProgress, ownStarFile } from './stars';

// The bar's badge: the child learning now, or (`always`, the map) a "Family" link without one.
export function learnerBadge(navigate: (p: string) => void, always = false): HTMLElement | null {
    const child = loadFamily()?.child;
    if (!child && !always) return null;
    const a = el('a', {
        href: FAMILY_PATH,
        class: `button learner-badge${child ? '' : ' no-child'}`,
        id: 'learner',
        title: t('family_switch'),
        'data-child': child?.id,
    });
    if (child) {
        a.setAttribute('aria-label', `${child.name}. ${t('family_switch')}`);
        a.append(
            avatarPicture(child.avatar, 40),
            el('span', { class: 'learner-name' }, child.name),
            el('span', { class: 'learner-switch', 'aria-hidden': 'true' }, '⇄'),
        );
    } else a.append(t('family_nav'));
    a.addEventListener('click', (e) => {
        e.preventDefault();
        navigate(FAMILY_PATH);
    });
    return a;
}

// What the server said of the child learning now: up to date (its name, avatar and progress taken
// into this browser), no longer there (the family or the child), or not reached (the copy kept
// here is shown meanwhile).
export type Refreshed = 'current' | 'child-gone' | 'family-gone' | 'offline' | 'no-child';

export async function refreshLearner(): Promise<Refreshed> {
    const memory = loadFamily();
    if (!memory?.child) return 'no-child';
    const id = memory.child.id;
    try {
        const found = (await familyApi.get(memory.key)).children.find((c) => c.id === id);
        if (!found) {
            chooseChild(null);
            return 'child-gone';
        }
        chooseChild(found);
        mergeProgress(found.progress);
        return 'current';
    } catch (e) {
        if (!isUnknownFamily(e)) return 'offline';
        forgetFamily();
        return 'family-gone';
    }
}

// The stars earned on this browser before a child was chosen, offered once to the child learning
// now; `added` runs once they are the child's.
export function starsOffer(added: () => void): HTMLElement | null {
    const memory = loadFamily();
    const child: ChosenChild | null | undefined = memory?.child;
    const own = ownStarFile();
    const n = Object.values(own.levels).reduce((sum: number, s) => sum + s, 0);
    if (!memory || !child || starsOffered() || !hasProgress(own) || n === 0) return null;
    const box = el('div', { class: 'stars-offer', id: 'stars-offer', role: 'region' });
    const said = el('p', {}, t('family_offer', { n, name: child.name }));
    const yes = button(
        t('family_offer_yes', { name: child.name }),
        () => {
            yes.disabled = true;
            familyApi
                .mergeProgress(memory.key, child.id, keptProgress(own))
                .then((merged) => {
                    mergeProgress(merged.progress);
                    markStarsOffered();
                    box.remove();
                    added();
                })
                .catch((e: unknown) => {
                    yes.disabled = false;
                    said.textContent = failureText(e);
                });
        },
        { class: 'primary', id: 'stars-offer-yes' },
    );
    const no = button(
        t('family_offer_no'),
        () => {
            markStarsOffered();
            box.remove();
        },
        { id: 'stars-offer-no' },
    );
    box.append(said, el('div', { class: 'learn-actions' }, yes, no));
    return box;
}
