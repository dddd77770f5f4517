// The family screen's dialogs: a child's name and avatar (to add a child or change one), and a
// yes-or-no question (remove a child, forget the family). Each is a <dialog>, closed by its
// buttons, Escape or a tap beside it, and removed from the page once closed.

import { button, el } from '../../dom';
import { AVATARS, type Avatar, cleanName } from '../../family/contract';
import { t } from '../../i18n';
import { avatarName, avatarPicture } from './avatars';

// A dialog in `root`, shown modal; gone from the page once closed.
function openDialog(root: HTMLElement, id: string, body: HTMLElement): HTMLDialogElement {
    const dialog = el('dialog', { class: 'tip-dialog family-dialog', id }, body);
    dialog.addEventListener('click', (e) => {
        if (e.target === dialog) dialog.close(); // a tap beside it
    });
    dialog.addEventListener('close', () => dialog.remove());
    root.append(dialog);
    dialog.showModal();
    return dialog;
}

// Asks `question`; answers whether `yes` was chosen.
export function askYesNo(root: HTMLElement, question: string, yes: string, no: string): Promise<boolean> {
    return new Promise((answer) => {
        let said = false;
        const yesButton = button(yes, () => ((said = true), dialog.close()), { class: 'danger', id: 'confirm-yes' });
        const noButton = button(no, () => dialog.close(), { class: 'primary', id: 'confirm-no' });
        const dialog = openDialog(
            root,
            'confirm-dialog',
            el(
                'div',
                { class: 'tip-body' },
                el('p', { class: 'confirm-question' }, question),
                el('div', { class: 'learn-actions' }, yesButton, noButton),
            ),
        );
        dialog.addEventListener('close', () => answer(said));
        noButton.focus(); // the safe answer first
    });
}

export interface ChildForm {
    title: string;
    name?: string;
    avatar: Avatar;
    // Sends the name and avatar; a rejection's text is shown in the form, which stays open.
    save: (name: string, avatar: Avatar) => Promise<void>;
    failure: (e: unknown) => string;
}

// The name and the avatar of a child, asked in a dialog.
export function childDialog(root: HTMLElement, form: ChildForm): void {
    const name = el('input', {
        id: 'child-name',
        type: 'text',
        autocomplete: 'off',
        spellcheck: 'false',
        required: true,
        value: form.name ?? '',
    });
    const problem = el('p', { class: 'form-problem', id: 'child-problem', role: 'alert', hidden: true });
    const picker = el(
        'fieldset',
        { class: 'avatar-picker' },
        el('legend', {}, t('family_pick_avatar')),
        ...AVATARS.map((a) =>
            el(
                'label',
                { class: 'avatar-choice', 'data-avatar': a },
                el('input', { type: 'radio', name: 'avatar', value: a, checked: a === form.avatar }),
                avatarPicture(a, 64),
                el('span', { class: 'avatar-name' }, avatarName(a)),
            ),
        ),
    );
    const save = el('button', { type: 'submit', class: 'primary big', id: 'child-save' }, t('family_save'));
    const cancel = button(t('family_cancel'), () => dialog.close(), { id: 'child-cancel' });
    const body = el(
        'form',
        { class: 'tip-body child-form', id: 'child-form', method: 'dialog' },
        el('h2', {}, form.title),
        el('label', { class: 'name-field', for: 'child-name' }, t('family_name')),
        name,
        picker,
        problem,
        el('div', { class: 'learn-actions' }, cancel, save),
    );
    const say = (text: string) => {
        problem.textContent = text;
        problem.hidden = false;
    };
    body.addEventListener('submit', (e) => {
        e.preventDefault();
        const clean = cleanName(name.value);
        const avatar = picker.querySelector<HTMLInputElement>('input:checked')?.value as Avatar | undefined;
        if (clean === undefined || !avatar) {
            say(t('family_name_invalid'));
            name.focus();
            return;
        }
        save.disabled = true;
        form.save(clean, avatar).then(
            () => dialog.close(),
            (err: unknown) => {
                save.disabled = false;
                say(form.failure(err));
            },
        );
    });
    const dialog = openDialog(root, 'child-dialog', body);
    name.focus();
}
