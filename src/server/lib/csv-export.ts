import { Readable } from 'node:stream';
import type { ExportDeclaration } from '@schemas/exports/exports';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from './audit';
import { requestLanguage } from './content-sources';

/**
 * Text a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return): a name or a note such as `=HYPERLINK(…)` entered by anyone must open as the
 * text it is, so it is written after an apostrophe, as OWASP advises for CSV files.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as a spreadsheet cell: lists joined, objects as JSON, nothing as an empty cell. */
function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return text(
      value
        .map((v) =>
          v && typeof v === 'object' && 'name' in v
            ? String((v as { name: unknown }).name)
            : cell(v),
        )
        .join('; '),
    );
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return text(value);
  return value as number | boolean;
}

/** Text as a cell that never starts a formula. */
const text = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The value at a dotted path of a row (`actor.full_name`). */
function valueAt(row: unknown, path: string): unknown {
  let value = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The file: the byte-order mark and headings, then each batch of the database as one piece of
 * CSV, made as the answer's reader asks for the next (so a slow reader holds the database back
 * rather than the server's memory growing).
 */
async function* csvPieces(
  declaration: ExportDeclaration,
  headings: string[],
  batches: AsyncIterable<unknown[]>,
): AsyncGenerator<string> {
  yield stringify([headings], { bom: true });
  // Each batch is let go of before its piece is read (`splice`), so that no batch outlives the
  // wait for the reader.
  for await (const rows of batches)
    yield stringify(
      rows.splice(0).map((row) => declaration.columns.map((c) => cell(valueAt(row, c.field)))),
    );
}

/**
 * Answers with a list as a CSV file: UTF-8 with a byte-order mark (so spreadsheets read Arabic),
 * a heading row in the reader's language, then every row the filters match, streamed as the
 * database gives them batch by batch (memory holds one batch, however long the list), and
 * records the export and its filters in the audit log first.
 *
 * @example
 * return sendCsv(app, request, reply, exportDeclarations.users, 'user.export', app.repos.users.all(query));
 */
export async function sendCsv(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  declaration: ExportDeclaration,
  action: string,
  batches: AsyncIterable<unknown[]>,
): Promise<FastifyReply> {
  const language = await requestLanguage(app, request);
  const translated = new Map(
    (await app.repos.languages.translations(language, 'interface')).map((t) => [
      t.source,
      t.translation,
    ]),
  );
  await audit(app.repos, request, action, `export:${declaration.file}`, {
    filters: request.body ?? {},
  });
  const headings = declaration.columns.map((c) => translated.get(c.title) || c.title);
  const file = Readable.from(csvPieces(declaration, headings, batches), { objectMode: false });
  // A database error midway ends the file early rather than the server: the download fails.
  file.on('error', (error) => request.log.error({ err: error }, 'export failed midway'));
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${declaration.file}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(file);
}

/** The 200 answer of an export in the API description: a CSV file. */
export const csvResponse = {
  description: 'A CSV file (text/csv, UTF-8 with a byte-order mark): a heading row, then the rows',
  type: 'string',
} as const;
