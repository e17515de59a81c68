import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardBody } from './helpers';
import {
  Browser,
  pgliteStore,
  startServer,
  type ServerProcess,
  type Store,
} from './process/server-process';

/**
 * The recipes of docs/extending.md, applied for real: one scratch copy of the project gets every
 * recipe's files and diffs exactly as the guide shows them, is validated and type-checked, and its
 * server is started to use what each recipe added through the API.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const GUIDE = 'docs/extending.md';

const RECIPES = {
  settingsPage: 'Add an admin settings page',
  ruleType: 'Add an earning rule type',
  productField: 'Add a field to an entity',
  restrictionType: 'Add an audience restriction type',
  sectionType: 'Add a storefront section type',
} as const;

/** Where a recipe may write: config, schemas and translations, never code. */
const CONFIG_ONLY = /^(schemas\/|translations\/|routes\.config\.json$)/;

/** One code block of a recipe: a whole new file (`title="<path>"`), or a diff for `git apply`. */
type Step = { kind: 'file'; path: string; text: string } | { kind: 'diff'; text: string };

/** The steps of each `## ` section of the guide, in their order there. */
function stepsOf(markdown: string): Map<string, Step[]> {
  const recipes = new Map<string, Step[]>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const heading = part.slice(0, part.indexOf('\n')).trim();
    const steps: Step[] = [];
    for (const block of part.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)) {
      const [, lang, info = '', text = ''] = block;
      const file = /title="([^"]+)"/.exec(info)?.[1];
      if (file) steps.push({ kind: 'file', path: file, text });
      else if (lang === 'diff') steps.push({ kind: 'diff', text });
    }
    recipes.set(heading, steps);
  }
  return recipes;
}

/** Runs a command in `cwd`; throws with its output when it fails. */
function run(cwd: string, command: string, args: string[], input?: string): string {
  const result = spawnSync(command, args, { cwd, input, encoding: 'utf8', env: process.env });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${output}`);
  return output;
}

/** A copy of the project's tracked files at `dir`, with its node_modules linked, under git. */
function copyProject(dir: string): void {
  const files = run(ROOT, 'git', ['ls-files', '-z']).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  run(dir, 'git', ['init', '-q']);
  run(dir, 'git', ['add', '-A']);
  run(dir, 'git', [
    '-c',
    'user.name=Atrium',
    '-c',
    'user.email=atrium@example.org',
    'commit',
    '-qm',
    'base',
  ]);
  writeFileSync(path.join(dir, '.git/info/exclude'), 'node_modules\n');
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
}

/** Applies one recipe's steps to the copy at `dir`. */
function apply(dir: string, heading: string, steps: readonly Step[]): void {
  if (!steps.length) throw new Error(`${GUIDE}: "## ${heading}" shows no file and no diff.`);
  for (const step of steps) {
    if (step.kind === 'file') {
      const target = path.join(dir, step.path);
      if (existsSync(target)) throw new Error(`${GUIDE}: ${step.path} exists already.`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, step.text);
    } else {
      run(dir, 'git', ['apply', '--verbose', '-'], step.text);
    }
  }
}

describe(`the recipes of ${GUIDE}`, () => {
  const recipes = stepsOf(readFileSync(path.join(ROOT, GUIDE), 'utf8'));
  let scratch = '';
  let store: Store | undefined;
  let server: ServerProcess | undefined;
  const admin = new Browser();
  const learner = new Browser();
  const send = (who: Browser, method: string, url: string, body?: unknown) =>
    who.send(server!.origin, method, url, body === undefined ? {} : { body });

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'atrium-recipes-'));
    copyProject(scratch);
    for (const heading of Object.values(RECIPES))
      apply(scratch, heading, recipes.get(heading) ?? []);
    // The copy's own build, so its server renders its pages with the recipes in them.
    run(scratch, path.join(scratch, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn']);
    store = await pgliteStore();
    server = await startServer(store, { CLIENT_DIR: path.join(scratch, 'dist/client') }, scratch);
    await admin.login(server.origin, 'admin');
    await learner.login(server.origin, 'learner');
  }, 240_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await store?.remove();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('changes config, schemas and translations only, never code', () => {
    run(scratch, 'git', ['add', '-A']);
    const stat = run(scratch, 'git', ['diff', '--cached', '--stat=200', 'HEAD']);
    const changed = run(scratch, 'git', ['diff', '--cached', '--name-only', 'HEAD'])
      .split('\n')
      .filter(Boolean);
    expect(changed.length, stat).toBeGreaterThan(0);
    expect(
      changed.filter((file) => !CONFIG_ONLY.test(file)),
      stat,
    ).toEqual([]);
  });

  it('passes npm run validate', () => {
    expect(run(scratch, 'npm', ['run', 'validate'])).toContain('OK:');
  }, 60_000);

  // The whole project's type check: about 45 s on an idle machine, several times that on a
  // busy one, which is no failure of the recipes.
  it('passes the type check', () => {
    run(scratch, path.join(scratch, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  }, 400_000);

  it(`${RECIPES.settingsPage}: the document is served, saved, checked and described`, async () => {
    const url = '/api/v2/settings/documents/certificates';
    const first = await send(admin, 'GET', url);
    expect(first.status, first.body).toBe(200);
    expect(first.json<{ data: unknown }>().data).toEqual({ enabled: false, signature: '' });

    const document = { enabled: true, signature: 'Dr. Amal Haddad, head of training' };
    const saved = await send(admin, 'PUT', url, document);
    expect(saved.status, saved.body).toBe(200);
    const again = await send(admin, 'GET', url);
    expect(again.json<{ data: unknown }>().data).toEqual(document);

    const tooLong = await send(admin, 'PUT', url, { enabled: true, signature: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toEqual([
      'signature',
    ]);
    expect((await send(learner, 'GET', url)).status).toBe(403);

    const openapi = await send(admin, 'GET', '/api/v2/openapi.json');
    const paths = Object.keys(openapi.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(url);
  });

  it(`${RECIPES.productField}: a product keeps the new field, shows it in the shop and refuses a wrong value`, async () => {
    const made = await send(admin, 'POST', '/api/v2/incentives/products', {
      ...rewardBody('Wrapped mug'),
      gift_wrap: true,
    });
    expect(made.status, made.body).toBe(200);
    const { id } = made.json<{ data: { id: number } }>().data;
    const read = await send(admin, 'GET', `/api/v2/incentives/products/${id}`);
    expect(read.json<{ data: { gift_wrap: boolean } }>().data.gift_wrap).toBe(true);
    const shop = await send(learner, 'GET', `/api/v2/incentives/shop/${id}`);
    expect(shop.json<{ data: { gift_wrap: boolean } }>().data.gift_wrap).toBe(true);

    const plain = await send(admin, 'POST', '/api/v2/incentives/products', rewardBody('Plain mug'));
    expect(plain.json<{ data: { gift_wrap: boolean } }>().data.gift_wrap).toBe(false);

    const wrong = await send(admin, 'PATCH', `/api/v2/incentives/products/${id}`, {
      ...rewardBody('Wrapped mug'),
      gift_wrap: 'yes',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toContain(
      'gift_wrap',
    );
  });

  it(`${RECIPES.restrictionType}: administrators set a department, and a section kept for it reaches only that department`, async () => {
    type Me = { uid: number; language: string | null };
    const me = (await send(learner, 'GET', '/api/v2/me')).json<{ data: Me }>().data;
    const user = `/api/v2/users/${me.uid}`;
    const set = await send(admin, 'PATCH', user, { department: 'Sales' });
    expect(set.status, set.body).toBe(200);
    const read = await send(admin, 'GET', user);
    expect(read.json<{ data: { profile: Record<string, unknown> } }>().data.profile).toMatchObject({
      department: 'Sales',
    });
    const paths = (r: { json<T>(): T }) =>
      r.json<{ messages: { path: string }[] }>().messages.map((m) => m.path);
    const own = await send(learner, 'PATCH', user, { department: 'Finance' });
    expect(own.status).toBe(400);
    expect(paths(own)).toEqual(['department']);
    const undeclared = await send(admin, 'PATCH', user, { division: 'North' });
    expect(undeclared.status).toBe(400);

    const language = me.language ?? 'en';
    const manage = `/api/v2/storefront/manage?type=registered&language=${language}`;
    type Option = { type: string; options: { value: unknown; label: string }[] };
    const layout = (await send(admin, 'GET', manage)).json<{
      data: { id: number; sections: unknown[]; restrictions: Option[] };
    }>().data;
    expect(layout.restrictions.find((r) => r.type === 'department')?.options).toEqual([
      { value: 'Sales', label: 'Sales' },
    ]);
    const content = { figure: '48', caption: 'new deals closed by our sales team' };
    const section = {
      id: null,
      type: 'key_figure',
      weight: layout.sections.length,
      data: {
        content,
        settings: {},
        appearance: {},
        restrictions: [{ rule: 'and', type: 'department', value: 'Sales' }],
      },
    };
    const saved = await send(admin, 'PATCH', `/api/v2/storefront/manage/${layout.id}`, {
      sections: [...layout.sections, section],
    });
    expect(saved.status, saved.body).toBe(200);

    type Served = { data: { sections: { type: string; data: { content: unknown } }[] } };
    const figures = (r: { json<T>(): T }) =>
      r
        .json<Served>()
        .data.sections.filter((s) => s.type === 'key_figure')
        .map((s) => s.data.content);
    expect(figures(await send(learner, 'GET', '/api/v2/storefront'))).toEqual([content]);
    const preview = (department: string) =>
      send(admin, 'GET', `${manage}&preview=true&department=${department}`);
    expect(figures(await preview('Sales'))).toEqual([content]);
    expect(figures(await preview('Finance'))).toEqual([]);
    const moved = await send(admin, 'PATCH', user, { department: 'Finance' });
    expect(moved.status, moved.body).toBe(200);
    expect(figures(await send(learner, 'GET', '/api/v2/storefront'))).toEqual([]);
  });

  it(`${RECIPES.ruleType}: the rule is listed with its parameters, saved, and pays on a big checkout`, async () => {
    const RULES = '/api/v2/settings/incentives/rules';
    type Rule = { type: string; enabled: boolean; points: number; params: Record<string, unknown> };
    const listed = (await send(admin, 'GET', RULES)).json<{ data: { rules: Rule[] } }>().data;
    const rule = listed.rules.find((r) => r.type === 'big_spender');
    expect(rule).toMatchObject({ enabled: false, points: 25, params: { min_spent: 500 } });

    const refused = await send(admin, 'POST', RULES, {
      rules: [{ ...rule, enabled: true, params: { min_spent: 0 } }],
    });
    expect(refused.status).toBe(400);
    const saved = await send(admin, 'POST', RULES, {
      rules: [{ ...rule, enabled: true, points: 40, params: { min_spent: 100 } }],
    });
    expect(saved.status, saved.body).toBe(200);
    const after = (await send(admin, 'GET', RULES)).json<{ data: { rules: Rule[] } }>().data;
    expect(after.rules.find((r) => r.type === 'big_spender')).toMatchObject({
      enabled: true,
      points: 40,
      params: { min_spent: 100 },
    });

    const product = await send(
      admin,
      'POST',
      '/api/v2/incentives/products',
      rewardBody('Small', { price: 60 }),
    );
    const big = await send(
      admin,
      'POST',
      '/api/v2/incentives/products',
      rewardBody('Big', { price: 150 }),
    );
    const [small, large] = [product, big].map((r) => r.json<{ data: { id: number } }>().data.id);
    const uid = (await send(learner, 'GET', '/api/v2/me')).json<{ data: { uid: number } }>().data
      .uid;
    const given = await send(admin, 'POST', '/api/v2/incentives/adjustments', {
      uid,
      points: 500,
      note: 'Points to spend',
    });
    expect(given.status, given.body).toBe(200);
    const awards = async () =>
      (await send(admin, 'GET', `/api/v2/incentives/transactions?uid=${uid}&kind=award`))
        .json<{ data: { delta: number; note: string }[] }>()
        .data.filter((t) => t.note === 'Big spender');

    const cheap = await send(learner, 'POST', '/api/v2/incentives/shop_checkout', {
      products: [small],
    });
    expect(cheap.status, cheap.body).toBe(200);
    expect(await awards()).toEqual([]);
    const costly = await send(learner, 'POST', '/api/v2/incentives/shop_checkout', {
      products: [large],
    });
    expect(costly.status, costly.body).toBe(200);
    expect((await awards()).map((t) => t.delta)).toEqual([40]);
  });

  it(`${RECIPES.sectionType}: a section of the new type is saved and shown on the public page, in English and Arabic`, async () => {
    type Section = { type: string; data: { content: Record<string, unknown> } };
    const shown: Record<string, { figure: string; caption: string }> = {
      en: { figure: '12,000', caption: 'learners trained this year' },
      ar: { figure: '١٢٬٠٠٠', caption: 'متعلم تدرّبوا هذا العام' },
    };
    /** Adds a key figure to the editable layout of an audience and language. */
    const addTo = async (audience: string, language: string, content: object) => {
      const manage = `/api/v2/storefront/manage?type=${audience}&language=${language}`;
      const layout = (await send(admin, 'GET', manage)).json<{
        data: { id: number; sections: unknown[] };
      }>().data;
      const section = {
        id: null,
        type: 'key_figure',
        weight: layout.sections.length,
        data: { content, settings: {}, appearance: {}, restrictions: [] },
      };
      const saved = await send(admin, 'PATCH', `/api/v2/storefront/manage/${layout.id}`, {
        sections: [...layout.sections, section],
      });
      expect(saved.status, saved.body).toBe(200);
      const refused = await send(admin, 'PATCH', `/api/v2/storefront/manage/${layout.id}`, {
        sections: [{ ...section, data: { ...section.data, content: { figure: '' } } }],
      });
      expect(refused.status).toBe(400);
    };
    /** The text of a page as the server rendered it, its scripts and their data left out. */
    const renderedText = async (who: Browser, url: string) => {
      const page = await who.send(server!.origin, 'GET', url, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      return page.body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
    };

    for (const [language, content] of Object.entries(shown)) {
      await addTo('unregistered', language, content);
      const visitor = new Browser();
      const page = await send(visitor, 'GET', `/api/v2/storefront?language=${language}`);
      expect(page.status, page.body).toBe(200);
      const sections = page.json<{ data: { sections: Section[] } }>().data.sections;
      expect(sections.filter((s) => s.type === 'key_figure').map((s) => s.data.content)).toEqual([
        content,
      ]);
    }
    // The visitor's home page, rendered by the server with the generic section renderer.
    const home = await renderedText(new Browser(), '/');
    expect(home).toContain(shown.en!.figure);
    expect(home).toContain(shown.en!.caption);

    // A learner who reads Arabic gets the Arabic storefront, rendered the same way.
    await addTo('registered', 'ar', shown.ar!);
    const me = (await send(learner, 'GET', '/api/v2/me')).json<{
      data: { uid: number; language: string | null };
    }>().data;
    const user = `/api/v2/users/${me.uid}`;
    expect((await send(learner, 'PATCH', user, { language: 'ar' })).status).toBe(200);
    try {
      const storefront = await renderedText(learner, '/storefront');
      expect(storefront).toContain(shown.ar!.figure);
      expect(storefront).toContain(shown.ar!.caption);
      expect(storefront).not.toContain(shown.en!.caption);
    } finally {
      await send(learner, 'PATCH', user, { language: me.language ?? 'en' });
    }
  });
});
