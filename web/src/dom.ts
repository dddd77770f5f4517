// A tiny element builder: no framework, no inline handlers (CSP), text always as text.

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attrs: Record<string, string | boolean | undefined> = {},
    ...children: Child[]
): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === false) continue;
        if (k === 'class') node.className = String(v);
        else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
}

export function button(
    label: string,
    onClick: () => void,
    attrs: Record<string, string | undefined> = {},
): HTMLButtonElement {
    const b = el('button', { type: 'button', ...attrs }, label);
    b.addEventListener('click', onClick);
    return b;
}

// Whether the user asked for less motion (no slides, no smooth scrolling).
export const prefersReducedMotion = (): boolean =>
    globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export async function copyText(text: string): Promise<boolean> {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        return false;
    }
}
