import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import { AvatarUploader } from '../components/avatar-uploader';

setupMockServer();

// jsdom has no object URLs; the browser's own API is stood in for.
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('AvatarUploader', () => {
  it('previews the chosen picture before anything is uploaded, then uploads it', async () => {
    const uploads: FormData[] = [];
    server.use(
      http.post('*/api/v2/users/7/avatar', async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json({ data: { ...learner, avatar: '/files/avatars/abc.png' } });
      }),
      http.get('*/api/v2/me', () =>
        HttpResponse.json({ data: { ...learner, avatar: '/files/avatars/abc.png' } }),
      ),
    );
    const user = userEvent.setup();
    renderShell(<AvatarUploader uid={7} name="Lena Schmidt" current={null} />, { user: learner });

    await user.upload(screen.getByLabelText('Choose a picture'), png());
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(uploads).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Your picture has been updated.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.get('avatar') as Blob).size).toBe(4);
    expect(screen.getByRole('img', { name: 'Current picture' })).toHaveAttribute(
      'src',
      '/files/avatars/abc.png',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses the file', async () => {
    server.use(
      http.post('*/api/v2/users/7/avatar', () =>
        HttpResponse.json({ message: 'Choose a PNG, JPEG, WebP or GIF image.' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderShell(<AvatarUploader uid={7} name="Lena Schmidt" current={null} />, { user: learner });
    await user.upload(screen.getByLabelText('Choose a picture'), png());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a PNG, JPEG, WebP or GIF image.',
    );
    // The preview stays, so another file can be chosen or the upload tried again.
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toBeInTheDocument();
  });

  it('refuses a picture over 2 MB without sending it', async () => {
    const user = userEvent.setup();
    renderShell(<AvatarUploader uid={7} name="Lena Schmidt" current={null} />, { user: learner });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose a picture'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 2 MB.');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('removes the stored picture', async () => {
    server.use(
      http.delete('*/api/v2/users/7/avatar', () =>
        HttpResponse.json({ data: { ...learner, avatar: null } }),
      ),
      http.get('*/api/v2/me', () => HttpResponse.json({ data: learner })),
    );
    const user = userEvent.setup();
    renderShell(<AvatarUploader uid={7} name="Lena Schmidt" current="/files/avatars/old.png" />, {
      user: learner,
    });
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Your picture has been removed.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Current picture' })).toHaveTextContent('LS');
  });
});
