import { Readable } from 'node:stream';
import type { ExportDeclaration } from '@schemas/exports/exports';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from './audit';
import { requestLanguage } from './content-sources';

/** A value as a spreadsheet cell: lists joined, objects as JSON, nothing as an empty cell. */
function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((v) =>
        v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : cell(v),
      )
      .join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/** The value at a dotted path of a row (`actor.full_name`). */
function valueAt(row: unknown, path: string): unknown {
  let value = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The rows of an export as CSV records, one batch of the database at a time. */
async function* records(
  declaration: ExportDeclaration,
  batches: AsyncIterable<readonly unknown[]>,
): AsyncGenerator<(string | number | boolean)[]> {
  for await (const rows of batches)
    for (const row of rows) yield declaration.columns.map((c) => cell(valueAt(row, c.field)));
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
  batches: AsyncIterable<readonly unknown[]>,
): Promise<FastifyReply> {
  const language = await requestLanguage(app, request);
  const translated = new Map(
    (await app.repos.languages.translations(language, 'interface')).map((t) => [
      t.source,
      t.translation,
    ]),
  );
  await audit(app.repos, request, action, `export:${declaration.file}`, {
    filters: request.query ?? {},
  });
  const csv = stringify({
    bom: true,
    header: true,
    columns: declaration.columns.map((c) => translated.get(c.title) || c.title),
  });
  const source = Readable.from(records(declaration, batches));
  // A database error midway ends the file early rather than the server: the download fails.
  source.on('error', (error) => {
    request.log.error({ err: error }, 'export failed midway');
    csv.destroy(error);
  });
  source.pipe(csv);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${declaration.file}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The 200 answer of an export in the API description: a CSV file. */
export const csvResponse = {
  description: 'A CSV file (text/csv, UTF-8 with a byte-order mark): a heading row, then the rows',
  type: 'string',
} as const;
