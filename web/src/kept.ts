// What the browser keeps between visits: its localStorage, or none where it has none or has it
// switched off (a private window may throw at the mere access). Every remembered setting and
// record reads and writes through it: the language, the games, the family, the stars, the
// new-game form, the board's colours and the on/off switches.

export function browserStorage(): Storage | undefined {
    try {
        return typeof localStorage === 'undefined' ? undefined : localStorage;
    } catch {
        return undefined; // storage switched off
    }
}

// An on/off switch kept under `key` as '1' or '0'; `byDefault` until it is set.
export function keptSwitch(key: string, byDefault: boolean): boolean {
    try {
        const v = browserStorage()?.getItem(key);
        return v === '1' ? true : v === '0' ? false : byDefault;
    } catch {
        return byDefault;
    }
}

export function keepSwitch(key: string, on: boolean): void {
    try {
        browserStorage()?.setItem(key, on ? '1' : '0');
    } catch {
        /* storage full or off: the choice lasts this page only */
    }
}
