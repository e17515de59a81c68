import { xsrfHeader } from '@engine/core';
import { useT } from '@engine/react';
import { exportDeclarations, type ExportName } from '@schemas/exports/exports';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '@/shell/notifications/notifications-provider';
import styles from './export-button.module.css';

/** A filter value of a list, as its address carries it; empty ones are left out. */
type FilterValue = string | number | boolean | undefined | null;

/** How often the count of rows received is shown anew while a file comes in. */
const PROGRESS_EVERY_MS = 250;
const NEWLINE = 10;

/** What a list's query says about its page, which an export (every page) leaves out. */
const PAGING = new Set(['page', 'limit', 'after', 'before']);

/** The filters of a list's query, without its paging and empty values: what an export takes. */
function filtersOf(query: Record<string, FilterValue>): Record<string, string | number | boolean> {
  const filters: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query))
    if (!PAGING.has(key) && value !== undefined && value !== null && value !== '')
      filters[key] = value;
  return filters;
}

/** The file name the server gives, else the export's own. */
function fileName(response: Response, name: ExportName): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return given?.[1] ?? `${exportDeclarations[name].file}.csv`;
}

/** Hands a file to the browser's downloads. */
function save(blob: Blob, file: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Export CSV" for a list: downloads every row the list's current filters match (not only the
 * page shown), as the server streams them, with the rows received so far against the list's
 * total while it comes in, a way to stop, and a message when the file is saved or could not be.
 *
 * @example
 * <ExportButton name="transactions" query={query} total={list.data?.meta.total} />
 */
export function ExportButton({
  name,
  query,
  total,
}: {
  name: ExportName;
  /** The list's query as it asks for the page shown: its filters are the export's. */
  query: Record<string, FilterValue>;
  /** The list's total for these filters (perhaps estimated), for the progress shown. */
  total?: number | undefined;
}) {
  const { t, number } = useT();
  const { notify } = useNotify();
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setRows(0);
    try {
      // A POST: an export is recorded in the audit log, so it is an unsafe request.
      const response = await fetch(`/api/v2/${exportDeclarations[name].path}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          accept: 'text/csv, application/json',
          'content-type': 'application/json',
          ...xsrfHeader(),
        },
        body: JSON.stringify(filtersOf(query)),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as {
          message?: string;
          messages?: { text: string }[];
        } | null;
        const reason = body?.messages?.[0]?.text ?? body?.message;
        notify(
          'error',
          reason
            ? t('The export could not be made: @reason', { reason: t(reason) })
            : t('The export could not be made. Please try again.'),
        );
        return;
      }
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let lines = 0;
      let shown = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === NEWLINE) lines += 1;
        const now = Date.now();
        if (now - shown >= PROGRESS_EVERY_MS) {
          shown = now;
          // The first line is the headings; a text with line breaks counts a little over.
          setRows(Math.max(0, lines - 1));
        }
      }
      const file = fileName(response, name);
      save(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), file);
      notify(
        'success',
        t('@file is saved: @count rows.', { file, count: number(Math.max(0, lines - 1)) }),
      );
    } catch {
      if (controller.signal.aborted) notify('info', t('The export was stopped.'));
      else notify('error', t('The export could not be made. Please try again.'));
    } finally {
      if (running.current === controller) running.current = null;
      setRows(null);
    }
  };

  return (
    <div className={styles.export}>
      <button
        type="button"
        className={styles.button}
        disabled={rows !== null}
        onClick={() => void start()}
      >
        {t(exportDeclarations[name].label)}
      </button>
      {rows !== null ? (
        <span className={styles.progress}>
          <progress
            max={total && total > 0 ? total : undefined}
            value={total && total > 0 ? Math.min(rows, total) : undefined}
            aria-label={t('Export progress')}
          />
          <span role="status">
            {total
              ? t('@rows of about @total rows', { rows: number(rows), total: number(total) })
              : t('@rows rows', { rows: number(rows) })}
          </span>
          <button type="button" className={styles.cancel} onClick={() => running.current?.abort()}>
            {t('Stop export')}
          </button>
        </span>
      ) : null}
    </div>
  );
}
