import { act, screen } from '@testing-library/react';
import { useLoader } from '@engine/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../__tests__/test-utils';
import { FullScreenLoader } from '../full-screen-loader';

let loader: ReturnType<typeof useLoader>;
function Capture() {
  loader = useLoader();
  return null;
}

describe('FullScreenLoader', () => {
  it('shows a Loading status while the loader is visible', () => {
    renderShell(
      <>
        <Capture />
        <FullScreenLoader />
      </>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => loader.show());
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    act(() => loader.hide());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
