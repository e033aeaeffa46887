import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { KitProvider } from '@valuation/ui';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { useConfirmLeave } from './use-leave-guard';

const MESSAGE = '有未保存的修改，确定离开此页吗？';

function Editor({ dirty }: { dirty: boolean }) {
  useConfirmLeave(dirty, MESSAGE);
  return <Link to="/elsewhere">别处</Link>;
}

function renderAt(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/editor', element: <Editor dirty={dirty} /> },
      { path: '/elsewhere', element: <p>别处页面</p> },
    ],
    { initialEntries: ['/editor'] },
  );
  render(
    <MantineProvider env="test">
      <KitProvider>
        <RouterProvider router={router} />
      </KitProvider>
    </MantineProvider>,
  );
  return router;
}

describe('leaving a page with edits not saved', () => {
  it('asks first: staying keeps the page, leaving goes on', async () => {
    const router = renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: '别处' }));
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
    // Staying resets the blocker once the dialog's answer arrives; only then does a new click ask again.
    await waitFor(() => expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['unblocked']));
    expect(router.state.location.pathname).toBe('/editor');

    fireEvent.click(screen.getByRole('link', { name: '别处' }));
    fireEvent.click(await screen.findByRole('button', { name: '离开' }));
    expect(await screen.findByText('别处页面')).toBeTruthy();
  });

  it('goes without asking when nothing is held', async () => {
    renderAt(false);
    fireEvent.click(screen.getByRole('link', { name: '别处' }));
    expect(await screen.findByText('别处页面')).toBeTruthy();
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});
