// ESLint looks for its configuration here, so editors and `npm run lint` report the same problems.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettierConfig from 'eslint-config-prettier';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The areas of the API (a folder of src/server with routes or a plugin of its own: accounts, applications, ...).
 * An area uses another only through that area's public.ts, never its routes, services or SQL.
 */
const serverAreas = readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) =>
    ['public.ts', 'routes.ts', 'plugin.ts'].some((file) =>
      existsSync(new URL(`./src/server/${name}/${file}`, import.meta.url)),
    ),
  );

/** Code the Content-Security-Policy (`script-src 'self'`) forbids. */
const cspSyntax = [
  { selector: "CallExpression[callee.name='eval']", message: 'eval breaks the Content-Security-Policy.' },
  {
    selector: "NewExpression[callee.name='Function']",
    message: 'new Function breaks the Content-Security-Policy.',
  },
];

/**
 * The facts about languages that have one place: which folders of locales/ are languages (src/server/languages.ts),
 * and the fallback language and the writing direction (src/shared/languages.ts).
 */
const LANGUAGE_MODULES = ['src/shared/languages.ts', 'src/server/languages.ts'];
const LOCALES = '/^(locales(_?dir)?|LOCALES(_DIR)?|localesDir)$/';
const fallback = 'is FALLBACK_LANGUAGE of src/shared/languages.ts: import it instead of writing "en".';
const languageSyntax = [
  ...[
    `CallExpression[callee.name='readdirSync'][arguments.0.name=${LOCALES}]`,
    `CallExpression[callee.name='readdirSync'][arguments.0.property.name=${LOCALES}]`,
    "CallExpression[callee.name='readdirSync'][arguments.0.arguments.length>1] > CallExpression > Literal.arguments:last-child[value='locales']",
  ].map((selector) => ({
    selector,
    message:
      'The languages are the folders of locales/ by one rule: list them with languagesIn (src/server/languages.ts).',
  })),
];
/** Where English is written as the language to fall back on (tests may well pick English as the language they use). */
const fallbackSyntax = [
  {
    selector: "Property[key.name='fallbackLng'] > Literal.value[value='en']",
    message: `The fallback language ${fallback}`,
  },
  ...[
    "VariableDeclarator > Literal.init[value='en']",
    "AssignmentPattern > Literal.right[value='en']",
    "LogicalExpression > Literal.right[value='en']",
    "ConditionalExpression > Literal[value='en']",
    "NewExpression > ArrayExpression > Literal[value='en']:not(:first-child)",
  ].map((selector) => ({ selector, message: `A language to fall back on ${fallback}` })),
];
/** Where a language's writing direction is worked out. */
const directionSyntax = [
  ...[
    "CallExpression[callee.property.name='dir'][callee.object.name!='console']",
    'MemberExpression[property.name=/^(textInfo|getTextInfo)$/]',
  ].map((selector) => ({
    selector,
    message: "A language's writing direction is decided by directionOf (src/shared/languages.ts).",
  })),
];

/** The layers of the portal and what each may not import: dependencies point one way. */
const zones = [
  // Browser code never imports the server; the server imports only shared code, schemas and locales.
  ...['app', 'api', 'engine', 'features', 'routing', 'shared', 'ui'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/server',
    message: 'Browser code must not import the server.',
  })),
  ...['app', 'api', 'engine', 'features', 'routing', 'ui'].map((layer) => ({
    target: './src/server',
    from: `./src/${layer}`,
    message: 'The server imports only src/shared, schemas/ and locales/.',
  })),
  // shared <- ui <- engine/api <- features <- routing/app
  ...['app', 'api', 'engine', 'features', 'routing', 'ui'].map((layer) => ({
    target: './src/shared',
    from: `./src/${layer}`,
    message: 'src/shared is the bottom layer: it imports nothing above it.',
  })),
  // src/ui is the page kit: layout, headings, notices and links every page draws with, above shared code only.
  ...['app', 'api', 'engine', 'features', 'routing'].map((upper) => ({
    target: './src/ui',
    from: `./src/${upper}`,
    message: 'src/ui imports only src/shared and libraries.',
  })),
  ...['engine', 'api'].flatMap((layer) =>
    ['app', 'features', 'routing'].map((upper) => ({
      target: `./src/${layer}`,
      from: `./src/${upper}`,
      message: `src/${layer} must not import src/${upper}.`,
    })),
  ),
  ...['app', 'routing'].map((upper) => ({
    target: './src/features',
    from: `./src/${upper}`,
    message: 'Features must not import the app shell or the router.',
  })),
  // An area of the API imports another only through its public module.
  ...serverAreas.flatMap((area) =>
    serverAreas
      .filter((other) => other !== area)
      .map((other) => ({
        target: `./src/server/${area}`,
        from: `./src/server/${other}`,
        except: ['./public.ts'],
        message: `src/server/${area} may use src/server/${other} only through its public.ts.`,
      })),
  ),
  // A feature never imports another feature.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature.',
  })),
];

/** The API's addresses are built from API_ROOT / API_PATHS (src/shared/contract/paths.ts), written nowhere else. */
const apiRootSyntax = ['Literal[value=/^\\/api\\/eta/]', 'TemplateElement[value.raw=/^\\/api\\/eta/]'].map(
  (selector) => ({
    selector,
    message: 'Build the address from API_PATHS (src/shared/contract/paths.ts).',
  }),
);
/** What shipped code and the repository's tools may not write. */
const shippedSyntax = [...cspSyntax, ...languageSyntax, ...fallbackSyntax, ...directionSyntax];

/**
 * The server's unit tests of a worker share its modules (`isolate: false` in vite.config.ts): a module replaced in one file
 * would be replaced in the next. Only a file named *.isolated.test.* replaces modules; it runs on its own.
 */
const sharedModulesSyntax = ['vi.mock', 'vi.doMock', 'vi.hoisted'].map((call) => ({
  selector: `CallExpression[callee.object.name='vi'][callee.property.name='${call.split('.')[1]}']`,
  message: `${call} replaces a module for every test file of the worker: name the file *.isolated.test.ts(x), which runs on its own.`,
}));

/**
 * The server's SQL is written in repositories (an area's repository.ts) and in the database's own plumbing
 * (src/server/db/); the rest of the server calls them.
 */
const sqlSyntax = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: "A query belongs in the area's repository.ts: call a function of the repository here.",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: "SQL belongs in the area's repository.ts: call a function of the repository here.",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...shippedSyntax],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...cspSyntax, ...languageSyntax, ...directionSyntax, ...sharedModulesSyntax],
    },
  },
  {
    // A test file that replaces a module runs in a module graph of its own (vite.config.ts).
    files: ['**/*.isolated.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...cspSyntax, ...languageSyntax, ...directionSyntax] },
  },
  {
    // schema-files.generated.ts (the request body schema files and the route manifest's route names as TypeScript, see
    // tools/schema-types-module.ts) is written by `npm test`, `npm run typecheck` and `npm ci` and is not in git:
    // only its types may be imported, with `import type`, so that what runs (Vite, Vitest, tsx) never needs the file.
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)schema-files\\.generated(\\.ts)?$',
              allowTypeImports: true,
              message: 'Only `import type` may reach the generated schema files (see tools/schema-types-module.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Shipped code keeps to its layer; tests may reach across layers to set up what they check.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**', 'src/test-setup.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'no-restricted-syntax': ['error', ...shippedSyntax, ...apiRootSyntax],
    },
  },
  {
    // Below src/app nothing asks whether it runs in a browser: code that runs only there is in an effect or an event
    // handler (never run by a server's render), and code that runs on both sides is given what differs (settings,
    // the request's scope, a flag from its maker).
    files: ['src/{api,engine,features,ui,shared}/**/*.{ts,tsx}'],
    ignores: [
      'src/**/*.test.{ts,tsx}',
      'src/**/testing/**',
      // Its cookie reader still answers nothing when a server's render reaches it without the request's scope.
      'src/api/auth/tokens.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...shippedSyntax,
        ...apiRootSyntax,
        {
          selector: "UnaryExpression[operator='typeof'] > Identifier[name=/^(window|document)$/]",
          message:
            'Code below src/app does not branch on the browser: run browser-only work in an effect or event handler, or take what differs as a parameter (settings, the request scope, a flag from its maker); reading the browser at start belongs in src/app.',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    // The fuzz harness (security/fuzz/) is test support: it counts rows to see what a request changed.
    ignores: [
      'src/server/**/*.test.ts',
      'src/server/**/testing/**',
      'src/server/security/fuzz/**',
      'src/server/**/repository.ts',
      'src/server/db/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...shippedSyntax, ...apiRootSyntax, ...sqlSyntax] },
  },
  {
    files: ['src/shared/contract/paths.ts'],
    rules: { 'no-restricted-syntax': ['error', ...shippedSyntax] },
  },
  {
    // The one place of each language fact.
    files: LANGUAGE_MODULES,
    rules: { 'no-restricted-syntax': ['error', ...cspSyntax] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Accessibility of what the portal renders (axe checks the result in the browser journeys).
    files: ['src/**/*.tsx'],
    ignores: ['src/server/**'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Import cycles among the modules of the portal and its server (a test file is imported by nothing, so it can
    // close no cycle; leaving test files out keeps the costly graph walk to the code that can).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The request a server renders a page for is passed (src/api/request-scope.ts): loaders and actions read it from
    // their `context` (scopeOf), components from React context (useRequestScope), and the API helpers take it as an
    // argument. No module of the portal keeps one to be found: no resolver, no AsyncLocalStorage.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:async_hooks', 'async_hooks'].map((name) => ({
            name,
            message:
              'A render is given its request (src/api/request-scope.ts); nothing finds it through async context.',
          })),
          patterns: [
            {
              group: ['**/request-scope'],
              importNames: ['setRequestScopeResolver', 'requestScope'],
              message:
                'The request scope is passed, not found: scopeOf(context) in a loader or action, useRequestScope() in a component, an argument of an API helper.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS packages of the repository (packages/): loaded by Node's require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Layout is Prettier's job (`npm run format`): no style rule may disagree with it.
  prettierConfig,
);
