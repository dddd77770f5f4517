// The interface language: chosen once, remembered in localStorage.
import { en, type StringKey, type Strings } from './en';

export type { StringKey, Strings };
import { browserStorage } from '../kept';
import { vi } from './vi';
import { zh } from './zh';

export type Language = 'en' | 'zh' | 'vi';
export const CATALOGUES: Record<Language, Strings> = { en, zh, vi };
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文', vi: 'Tiếng Việt' };
const STORAGE_KEY = 'citadel.language';

function guess(): Language {
    const nav = typeof navigator === 'undefined' ? 'en' : navigator.language.toLowerCase();
    if (nav.startsWith('zh')) return 'zh';
    if (nav.startsWith('vi')) return 'vi';
    return 'en';
}

export function isLanguage(s: string | null | undefined): s is Language {
    return s === 'en' || s === 'zh' || s === 'vi';
}

let current: Language = (() => {
    const saved = browserStorage()?.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : guess();
})();

export function language(): Language {
    return current;
}

export function setLanguage(l: Language): void {
    current = l;
    browserStorage()?.setItem(STORAGE_KEY, l);
    if (typeof document !== 'undefined') document.documentElement.lang = l === 'zh' ? 'zh-Hans' : l;
}

export function hasKey(key: string): key is StringKey {
    return key in en;
}

// The text of `key` in the current language, with `{name}` filled from `values`.
export function t(key: StringKey, values: Record<string, string | number> = {}): string {
    const text = CATALOGUES[current][key] ?? en[key];
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

// Locales for Intl's formatters.
export const LOCALES: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN', vi: 'vi-VN' };

// A moment (Unix milliseconds) as a date and time, the current language's way.
export function dateTimeText(ms: number): string {
    return new Intl.DateTimeFormat(LOCALES[current], { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

// "a, b and c" the current language's way.
export function listOf(items: readonly string[]): string {
    return new Intl.ListFormat(LOCALES[current], { type: 'conjunction' }).format(items);
}

// `text` with its first letter a capital (a sentence or a title that starts with a name).
export function capitalised(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
