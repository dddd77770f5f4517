// Type-aware lint of the front end (typescript-eslint's recommended type-checked rules): floating
// promises, unsafe `any`, misused promises and the like. Formatting is Prettier's (.prettierrc.json).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
    { ignores: ['dist/', 'test-results/', 'tests/fixtures/'] },
    js.configs.recommended,
    {
        files: ['**/*.ts'],
        extends: [tseslint.configs.recommendedTypeChecked],
        languageOptions: {
            parserOptions: {
                // src/ and tests/ are in tsconfig.json (browser types); dev/ and vite.config.ts run under
                // Node and get tsconfig.node.json's options (Node types) instead of leaking them into src/.
                projectService: {
                    allowDefaultProject: ['dev/*.ts', 'vite.config.ts'],
                    defaultProject: 'tsconfig.node.json',
                },
                tsconfigRootDir: import.meta.dirname,
            },
        },
    },
    {
        // Plain JS run by node, without type information; its page.evaluate callbacks run in the browser.
        files: ['e2e/**/*.mjs'],
        languageOptions: { globals: { ...globals.node, ...globals.browser } },
    },
);
