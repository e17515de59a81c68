import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import type { StorefrontLayout, StorefrontSection } from '@schemas/entities/storefront.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import { trainingsContentSchema } from '@schemas/storefront/trainings.section';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn } from './helpers';

type Layout = { data: StorefrontLayout };
type Section = { data: StorefrontSection };

const plainPart = (id: string) => ({ $id: id, type: 'object', properties: {} }) as const;

/** A type only this suite declares: an HTML field, nested in an object, beside a plain one. */
const notice: SectionTypeDeclaration = {
  type: 'notice',
  label: 'Notice',
  content: {
    $id: 'atrium:test:notice:content',
    type: 'object',
    properties: {
      label: { type: 'string' },
      panel: {
        type: 'object',
        properties: { body: { type: 'string', contentMediaType: 'text/html' } },
      },
    },
  },
  settings: plainPart('atrium:test:notice:settings'),
  appearance: plainPart('atrium:test:notice:appearance'),
  defaults: { content: {}, settings: {}, appearance: {} },
  restrictions: [],
};

/** Another: a list of trainings under a name no server code knows. */
const picks: SectionTypeDeclaration = {
  type: 'picks',
  label: 'Picks',
  lists: 'trainings',
  content: { ...trainingsContentSchema, $id: 'atrium:test:picks:content' },
  settings: plainPart('atrium:test:picks:settings'),
  appearance: plainPart('atrium:test:picks:appearance'),
  defaults: { content: {}, settings: {}, appearance: {} },
  restrictions: [],
};

const DIRTY = '<p onclick="x()">Hi <script>alert(1)</script><strong>there</strong></p>';
const CLEAN = '<p>Hi <strong>there</strong></p>';

describeEachDb(
  'storefront section types come from their declarations',
  (server) => {
    const url = '/api/v2/storefront/manage?type=unregistered&language=en';
    const section = (type: string, content: Record<string, unknown>) => ({
      id: null,
      type,
      weight: 0,
      data: { content, settings: {}, appearance: {}, restrictions: [] },
    });

    /** Saves the English visitors' layout with `sections` only; returns them as saved. */
    async function save(sections: unknown[]): Promise<StorefrontSection[]> {
      const admin = await signedIn(server, 'admin');
      const layout = (await admin.get(url)).json<Layout>().data;
      const res = await admin.patch(`/api/v2/storefront/manage/${layout.id}`, { sections });
      expect(res.statusCode).toBe(200);
      return res.json<Layout>().data.sections;
    }

    it('sanitizes the fields a type marks as HTML when saved, and no other', async () => {
      const [saved] = await save([
        section('notice', { label: '<b>Plain text</b>', panel: { body: DIRTY } }),
      ]);
      expect(saved!.data.content).toEqual({ label: '<b>Plain text</b>', panel: { body: CLEAN } });
    });

    it('serves a section sanitized even when its stored HTML is not', async () => {
      const [saved] = await save([section('notice', { panel: { body: 'x' } })]);
      await server().db.query('UPDATE storefront_sections SET content = $1 WHERE id = $2', [
        JSON.stringify({ panel: { body: DIRTY } }),
        saved!.id,
      ]);
      const res = await agent(server).get(`/api/v2/storefront_sections/${saved!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Section>().data.data.content).toEqual({ panel: { body: CLEAN } });
      expect(res.json<Section>().data.trainings).toBeUndefined();
    });

    it('resolves the trainings of a type that declares it lists them, on the storefront and its own page', async () => {
      const [saved] = await save([section('picks', { source: 'free', size: 2 })]);
      const visitor = agent(server);
      const shown = (await visitor.get('/api/v2/storefront')).json<Layout>().data.sections;
      expect(shown.map((s) => s.type)).toEqual(['picks']);
      expect(shown[0]!.trainings!.length).toBeGreaterThan(0);
      expect(shown[0]!.trainings!.length).toBeLessThanOrEqual(2);
      expect(shown[0]!.trainings!.every((t) => t.free)).toBe(true);
      const page = (await visitor.get(`/api/v2/storefront_sections/${saved!.id}`)).json<Section>()
        .data;
      expect(page.trainings_meta).toMatchObject({ page: 0, limit: 24 });
      expect(page.trainings!.length).toBe(Math.min(24, page.trainings_meta!.total));
    });

    it('serves a section of a type without a listing on its own page, as it is', async () => {
      const [saved] = await save([
        section('testimonial', { quote: 'It changed how we work.', author: 'Noor' }),
      ]);
      const res = await agent(server).get(`/api/v2/storefront_sections/${saved!.id}`);
      expect(res.statusCode).toBe(200);
      const served = res.json<Section>().data;
      expect(served.data.content).toMatchObject({
        quote: 'It changed how we work.',
        author: 'Noor',
      });
      expect(served.trainings).toBeUndefined();
    });
  },
  { sectionTypes: [...sectionTypes, notice, picks] },
);
