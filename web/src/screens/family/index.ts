// The family screen (`/family`). Without a family: what a family is, in one sentence for the
// parent, and "Create a family". With one: "Who is learning?", the children as big avatar cards
// (a tap makes the child the one learning and opens the course map), "Add a child", each child's
// change and remove (asked first), and for the grown-ups: their view, the family link to copy
// with the warning to keep it secret, and "forget this family on this device".
// A family link (`/family#key=<key>`) opened here keeps the key on this device once the server
// knows it, after taking it out of the address; a key no family has is said so and kept nowhere.

import { button, copyText, el } from '../../dom';
import { familyApi, isUnknownFamily } from '../../family/api';
import { AVATARS, type Child, type Family, isFamilyKey } from '../../family/contract';
import { chooseChild, forgetFamily, loadFamily, saveFamily } from '../../family/memory';
import { t } from '../../i18n';
import { FAMILY_PATH, GROWNUPS_PATH, familyLink, learnPath, linkedKey } from '../../router';
import { linkButton } from '../learn/lesson';
import { failureText } from '../learn/level';
import { mergeProgress } from '../learn/stars';
import { avatarName, avatarPicture } from './avatars';
import { askYesNo, childDialog } from './dialogs';

// How many stars a child has earned, all lessons together.
const starsOf = (child: Child): number => Object.values(child.progress.levels).reduce((n: number, s) => n + s, 0);

export function renderFamily(root: HTMLElement, navigate: (p: string) => void): () => void {
    let alive = true;
    const notice = el('p', { class: 'learn-error', id: 'family-error', role: 'alert', hidden: true });
    const main = el('div', { class: 'family-main' }, el('p', { class: 'learn-loading' }, t('learn_loading')));
    const page = el('div', { class: 'learn-page family-page', id: 'family' }, notice, main);
    root.replaceChildren(page);
    document.title = `${t('family_title')} · ${t('app_title')}`;
    const say = (text: string) => {
        notice.textContent = text;
        notice.hidden = false;
    };

    // A family link: its key leaves the address at once (the address bar, the history).
    const linked = linkedKey(location.hash);
    if (linked !== undefined) history.replaceState(null, '', FAMILY_PATH);

    function open(key: string, fromLink: boolean): void {
        main.replaceChildren(el('p', { class: 'learn-loading' }, t('learn_loading')));
        familyApi
            .get(key)
            .then((family) => {
                if (!alive) return;
                const known = loadFamily();
                // the same family keeps its child learning; another one starts with none chosen
                if (known?.key !== key) saveFamily({ key, child: null });
                drawFamily(key, family);
            })
            .catch((e: unknown) => {
                if (!alive) return;
                if (!isUnknownFamily(e)) {
                    main.replaceChildren(
                        el('p', { class: 'learn-error', role: 'alert' }, failureText(e)),
                        button(t('learn_try_again'), () => open(key, fromLink), { class: 'primary' }),
                    );
                    return;
                }
                if (fromLink) say(t('family_unknown_key'));
                else {
                    forgetFamily(); // the server has no such family (any more)
                    say(t('family_gone'));
                }
                start();
            });
    }

    // What this device has: the family it remembers, else the welcome.
    function start(): void {
        const known = loadFamily();
        if (known) open(known.key, false);
        else drawWelcome();
    }

    function drawWelcome(): void {
        const create = button(
            t('family_create'),
            () => {
                create.disabled = true;
                familyApi
                    .create()
                    .then(({ key, children }) => {
                        saveFamily({ key, child: null });
                        notice.hidden = true;
                        if (alive) drawFamily(key, { children });
                    })
                    .catch((e: unknown) => {
                        create.disabled = false;
                        say(failureText(e));
                    });
            },
            { class: 'primary big', id: 'family-create' },
        );
        main.replaceChildren(
            el(
                'section',
                { class: 'family-welcome', id: 'family-welcome' },
                el('h1', {}, t('family_title')),
                el('p', { class: 'family-intro' }, t('family_intro')),
                create,
                el('p', { class: 'family-aside' }, t('family_have_link')),
            ),
        );
    }

    function drawFamily(key: string, family: Family): void {
        const chosen = loadFamily()?.child?.id;
        const reload = () => open(key, false);
        const cards = el('ul', { class: 'child-cards', id: 'child-cards' });
        for (const child of family.children) cards.append(childCard(key, child, child.id === chosen, reload));
        const add = button(
            '',
            () => {
                // the first avatar no child has yet
                const used = new Set(family.children.map((c) => c.avatar));
                childDialog(page, {
                    title: t('family_add_child'),
                    avatar: AVATARS.find((a) => !used.has(a)) ?? AVATARS[0],
                    save: (name, avatar) => familyApi.addChild(key, name, avatar).then(reload),
                    failure: failureText,
                });
            },
            { class: 'add-child', id: 'add-child' },
        );
        add.append(el('span', { class: 'add-plus', 'aria-hidden': 'true' }, '+'), t('family_add_child'));
        cards.append(el('li', {}, add));
        main.replaceChildren(
            el(
                'section',
                { class: 'family-children', 'data-children': String(family.children.length) },
                el('h1', {}, t('family_who')),
                el(
                    'p',
                    { class: 'family-intro' },
                    family.children.length ? t('family_who_intro') : t('family_no_children'),
                ),
                cards,
            ),
            grownupsPart(key),
        );
    }

    // A child's card (a tap: this child learns now), with change and remove under it.
    function childCard(key: string, child: Child, learning: boolean, reload: () => void): HTMLElement {
        const card = button(
            '',
            () => {
                chooseChild(child);
                mergeProgress(child.progress); // into this browser's copy of the child's stars
                navigate(learnPath());
            },
            {
                class: `child-card${learning ? ' learning' : ''}`,
                'data-child': child.id,
                'aria-pressed': String(learning),
            },
        );
        card.append(
            avatarPicture(child.avatar, 96),
            el('span', { class: 'child-name' }, child.name),
            el('span', { class: 'child-stars' }, `★ ${t('family_child_stars', { n: starsOf(child) })}`),
        );
        if (learning) card.append(el('span', { class: 'lesson-marker learning-marker' }, t('family_learning_now')));
        card.title = avatarName(child.avatar);
        const change = button(
            t('family_edit'),
            () =>
                childDialog(page, {
                    title: t('family_edit_child', { name: child.name }),
                    name: child.name,
                    avatar: child.avatar,
                    save: (name, avatar) =>
                        familyApi.changeChild(key, child.id, { name, avatar }).then((changed) => {
                            if (learning) chooseChild(changed);
                            reload();
                        }),
                    failure: failureText,
                }),
            { class: 'child-edit', 'aria-label': t('family_edit_child', { name: child.name }) },
        );
        const remove = button(
            t('family_remove'),
            () =>
                void askYesNo(
                    page,
                    t('family_remove_question', { name: child.name }),
                    t('family_remove_yes'),
                    t('family_keep'),
                ).then((yes) => {
                    if (!yes) return;
                    familyApi
                        .removeChild(key, child.id)
                        .then(() => {
                            if (learning) chooseChild(null);
                            reload();
                        })
                        .catch((e: unknown) => say(failureText(e)));
                }),
            { class: 'child-remove', 'aria-label': t('family_remove_child', { name: child.name }) },
        );
        return el('li', { 'data-child': child.id }, card, el('div', { class: 'child-tools' }, change, remove));
    }

    // For the grown-ups: their view, the family link and its warning, forgetting the family here.
    function grownupsPart(key: string): HTMLElement {
        const link = familyLink(location.origin, key);
        const field = el('input', {
            id: 'family-link',
            type: 'text',
            readonly: true,
            value: link,
            'aria-label': t('family_link_title'),
        });
        field.addEventListener('focus', () => field.select());
        const copied = el('span', { class: 'copy-said', id: 'copy-said', role: 'status' });
        const copy = button(
            t('family_copy'),
            () =>
                void copyText(link).then((ok) => {
                    copied.textContent = ok ? t('family_copied') : t('family_copy_failed');
                    if (!ok) field.select();
                }),
            { id: 'family-copy' },
        );
        const forget = button(
            t('family_forget'),
            () =>
                void askYesNo(page, t('family_forget_question'), t('family_forget_yes'), t('family_cancel')).then(
                    (yes) => {
                        if (!yes) return;
                        forgetFamily();
                        notice.hidden = true;
                        drawWelcome();
                    },
                ),
            { id: 'family-forget', class: 'quiet' },
        );
        const view = linkButton(t('family_grownups_link'), GROWNUPS_PATH, navigate, 'grownups-view');
        return el(
            'section',
            { class: 'family-grownups' },
            el('h2', {}, t('family_grownups_title')),
            view,
            el('h3', {}, t('family_link_title')),
            el('p', {}, t('family_link_text')),
            el('div', { class: 'family-link-row' }, field, copy, copied),
            el('p', { class: 'family-secret' }, t('family_link_secret')),
            forget,
        );
    }

    if (linked === undefined) start();
    else if (isFamilyKey(linked)) open(linked, true);
    else {
        say(t('family_unknown_key')); // not even a key's form: no family has it
        start();
    }
    return () => {
        alive = false;
        for (const d of page.querySelectorAll('dialog')) d.close();
    };
}
