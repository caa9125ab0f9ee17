import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryStateNotice, type QueryStateNoticeProps } from '@/ui/QueryStateNotice';

afterEach(cleanup);

const texts = {
  offlineTitle: 'Offline title',
  offlineSince: (time: string) => `Last read at ${time}.`,
  offlineNoData: 'Nothing read yet.',
  loading: 'Loading…',
  loadFailed: 'Could not load.',
  tryAgain: 'Try Again',
  denied: 'Not allowed.',
};

function show(props: Partial<QueryStateNoticeProps> = {}) {
  const onRetry = vi.fn();
  render(
    <QueryStateNotice
      reachable
      hasData={false}
      isError={false}
      updatedAt={0}
      onRetry={onRetry}
      texts={texts}
      {...props}
    />,
  );
  return onRetry;
}

describe('QueryStateNotice', () => {
  it('shows the offline notice when the server cannot be reached, with when the data was read', () => {
    const updatedAt = Date.UTC(2024, 0, 2, 3, 4, 5);
    show({ reachable: false, hasData: true, updatedAt });
    expect(screen.getByRole('alert').textContent).toContain('Offline title');
    expect(
      screen.getByText(`Last read at ${new Date(updatedAt).toLocaleTimeString()}.`),
    ).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing was read yet when offline without data', () => {
    show({ reachable: false });
    expect(screen.getByText('Nothing read yet.')).not.toBeNull();
  });

  it('shows no offline notice when reachable', () => {
    show({ hasData: true });
    expect(screen.queryByText('Offline title')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows only the denied alert when the read is refused', () => {
    show({ reachable: true, denied: true, isError: true });
    expect(screen.getByRole('alert').textContent).toContain('Not allowed.');
    expect(screen.queryByText('Offline title')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the loading line without a retry button while loading', () => {
    show();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('shows the retry button only on error, and it calls back', () => {
    const onRetry = show({ isError: true });
    expect(screen.getByRole('status').textContent).toContain('Could not load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows nothing once there is data and the server answers', () => {
    const { container } = render(
      <QueryStateNotice
        reachable
        hasData
        isError={false}
        updatedAt={0}
        onRetry={() => {}}
        texts={texts}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
