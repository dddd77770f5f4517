// What the browser scripts share (run.mjs: the checks; screenshots.mjs: the Learn pictures): the
// server under test (CITADEL_URL, CITADEL_BIN or the development mock) and Debian's Chromium.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const WEB = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const children = [];

process.on('exit', () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

export function stopChildren() {
    for (const c of children) c.kill('SIGTERM');
}

export function freePort() {
    return new Promise((resolve) => {
        const s = createServer();
        s.listen(0, '127.0.0.1', () => {
            const { port } = s.address();
            s.close(() => resolve(port));
        });
    });
}

export async function waitFor(url, ms = 20000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
        try {
            const r = await fetch(url);
            if (r.status < 500) return;
        } catch {
            /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`no server answered at ${url}`);
}

// Starts the server under test; `restart` (not for CITADEL_URL) kills it with SIGKILL and starts
// it again on the same port (and database).
export async function startTarget() {
    if (process.env.CITADEL_URL)
        return { base: process.env.CITADEL_URL.replace(/\/$/, ''), mock: false, restart: null };
    const port = await freePort();
    let launch;
    if (process.env.CITADEL_BIN) {
        const db = join(mkdtempSync(join(tmpdir(), 'citadel-e2e-')), 'e2e.db');
        launch = () =>
            // --web: this tree's build, not the folder the binary was built beside
            spawn(process.env.CITADEL_BIN, ['serve', '--port', String(port), '--db', db, '--web', join(WEB, 'dist')], {
                stdio: 'inherit',
            });
    } else {
        if (!existsSync(join(WEB, 'dist', 'index.html'))) throw new Error('dist/ is missing: run npm run build first');
        launch = () =>
            spawn(
                process.execPath,
                [
                    join(WEB, 'node_modules', 'vite-node', 'vite-node.mjs'),
                    join(WEB, 'dev', 'mock-server.ts'),
                    '--',
                    '--port',
                    String(port),
                ],
                { cwd: WEB, stdio: 'inherit' },
            );
    }
    let child = launch();
    children.push(child);
    await waitFor(`http://127.0.0.1:${port}/`);
    const restart = async (whileDown = async () => {}) => {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        await whileDown();
        child = launch();
        children.push(child);
        await waitFor(`http://127.0.0.1:${port}/`);
    };
    return { base: `http://127.0.0.1:${port}`, mock: !process.env.CITADEL_BIN, restart };
}

export function launchBrowser() {
    return chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
        ],
    });
}

// A JSON call to the server under test: { status, json }.
export async function apiCall(base, path, body) {
    const r = await fetch(
        base + path,
        body === undefined
            ? {}
            : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
    const text = await r.text();
    let json;
    try {
        json = JSON.parse(text);
    } catch {
        json = text;
    }
    return { status: r.status, json };
}
