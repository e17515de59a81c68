import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../__tests__/test-utils';
import { OverviewSection, type OverviewQuery } from '../overview-section';

const answer = (months: 6 | 12) => ({ months });

/** An overview whose query the test sets per period; `refetch` is a spy. */
function Harness({ queryOf }: { queryOf: (months: 6 | 12) => OverviewQuery<{ months: number }> }) {
  const [months, setMonths] = useState<6 | 12>(6);
  return (
    <OverviewSection
      title="Points history"
      months={{ choices: [6, 12], value: months, onChange: setMonths }}
      query={queryOf(months)}
      placeholderFigures={3}
    >
      {(data) => <p>{`Figures of ${data.months} months`}</p>}
    </OverviewSection>
  );
}

const ready = (months: 6 | 12, isPlaceholderData = false) => ({
  isPending: false,
  isError: false,
  data: answer(months),
  isPlaceholderData,
  refetch: () => undefined,
});

describe('OverviewSection', () => {
  it('names its region by the title, and switches the period with a pressed toggle', async () => {
    // The 12 months answer has not come yet: the 6 months one shows meanwhile, marked busy.
    renderShell(<Harness queryOf={(months) => (months === 6 ? ready(6) : ready(6, true))} />);
    const region = screen.getByRole('region', { name: 'Points history' });
    expect(region).toHaveTextContent('Figures of 6 months');
    const six = screen.getByRole('button', { name: 'Last 6 months' });
    const twelve = screen.getByRole('button', { name: 'Last 12 months' });
    expect(six).toHaveAttribute('aria-pressed', 'true');
    expect(twelve).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Figures of 6 months').parentElement).toHaveAttribute(
      'aria-busy',
      'false',
    );

    await userEvent.click(twelve);
    expect(twelve).toHaveAttribute('aria-pressed', 'true');
    expect(six).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Figures of 6 months').parentElement).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('shows a placeholder until the first answer, and an error with a retry', async () => {
    const refetch = vi.fn();
    const { unmount } = renderShell(
      <Harness
        queryOf={() => ({
          isPending: true,
          isError: false,
          data: undefined,
          isPlaceholderData: false,
          refetch,
        })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview…');
    expect(screen.queryByText(/^Figures of/)).not.toBeInTheDocument();

    unmount();
    renderShell(
      <Harness
        queryOf={() => ({
          isPending: false,
          isError: true,
          data: undefined,
          isPlaceholderData: false,
          refetch,
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The overview could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
