import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from '../export/export-button';
import { server, setupMockServer } from './msw';
import { renderShell } from './test-utils';

setupMockServer();

const FILE = 'transactions-2026-01-02.csv';
const CSV = '\uFEFFTransaction,Note\n3,"Bonus, ""thanks"""\n2,مكافأة\n1,Welcome\n';

/** What the page handed to the browser's downloads. */
let saved: { blob: Blob; name: string }[] = [];

beforeEach(() => {
  saved = [];
  const urls = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${urls.size}`;
    urls.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ blob: urls.get(this.href)!, name: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ExportButton', () => {
  it('downloads every row the list’s filters match, without its paging, and says so', async () => {
    let asked: unknown;
    server.use(
      http.post('*/api/v2/incentives/transactions/export', async ({ request }) => {
        asked = await request.json();
        const encoder = new TextEncoder();
        // The file comes in pieces, as a long export does.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const part of CSV.match(/[^]{1,7}/g)!) controller.enqueue(encoder.encode(part));
            controller.close();
          },
        });
        return new HttpResponse(body, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${FILE}"`,
          },
        });
      }),
    );
    renderShell(
      <ExportButton
        name="transactions"
        query={{ page: 3, limit: 25, after: 'abc', kind: 'adjust', uid: 7, from: '' }}
        total={3}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export transactions' }));
    expect(await screen.findByText(`${FILE} is saved: 3 rows.`)).toBeVisible();
    expect(asked).toEqual({ kind: 'adjust', uid: 7 });
    expect(saved.map((s) => s.name)).toEqual([FILE]);
    const bytes = new Uint8Array(
      await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(saved[0]!.blob);
      }),
    );
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(CSV);
    // Ready for another export.
    expect(screen.getByRole('button', { name: 'Export transactions' })).toBeEnabled();
  });

  it('says why an export was refused, and saves nothing', async () => {
    server.use(
      http.post('*/api/v2/users/export', () =>
        HttpResponse.json(
          { message: 'You are not allowed to do this.' },
          { status: 403, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    renderShell(<ExportButton name="users" query={{ search: 'ada' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export users' }));
    expect(
      await screen.findByText('The export could not be made: You are not allowed to do this.'),
    ).toBeVisible();
    expect(saved).toEqual([]);
  });
});
