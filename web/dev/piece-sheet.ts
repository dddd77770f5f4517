// DEVELOPMENT ONLY: writes test-results/pieces.html, every piece of every army at three sizes,
// for looking at the piece set (the e2e run screenshots it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Army, Kind } from '../src/notation';
import { pieceSvg } from '../src/pieces';

const out = fileURLToPath(new URL('../test-results/', import.meta.url));
mkdirSync(out, { recursive: true });
const armies: Army[] = ['white', 'black', 'east', 'south', 'west', 'north'];
const orthodox: Kind[] = ['K', 'Q', 'R', 'B', 'N', 'P'];
const tamerlane: Kind[] = ['K', 'H', 'A', 'G', 'V', 'Z', 'T', 'N', 'R', 'E', 'C', 'D'];
const pawnKinds: Kind[] = ['K', 'G', 'V', 'Z', 'T', 'N', 'R', 'E', 'C', 'D', 'P'];
const row = (cells: string[]) => `<div class="r">${cells.join('')}</div>`;
let html =
    '<!doctype html><meta charset="utf-8"><style>body{background:#eedcb3;font:14px sans-serif}.r{display:flex;gap:4px;margin:4px 0}.r svg{background:#b07d4f}.r svg:nth-child(odd){background:#eedcb3}</style>';
for (const size of [96, 40]) {
    html += `<h3>${size}px</h3>`;
    for (const a of ['white', 'black'] as Army[])
        html += row(tamerlane.map((k) => pieceSvg({ army: a, kind: k }, size)));
    for (const a of ['white', 'black'] as Army[])
        html += row(pawnKinds.map((k) => pieceSvg({ army: a, kind: 'P', pawnOf: k }, size)));
    for (const a of armies) html += row(orthodox.map((k) => pieceSvg({ army: a, kind: k }, size)));
}
writeFileSync(`${out}pieces.html`, html);
console.log(`wrote ${out}pieces.html`);
