import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { KitProvider } from '../KitProvider';

export interface KitRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The address the page is rendered at (for filters kept in the URL). */
  url?: string;
}

/** Renders inside what the app root provides: Mantine (test environment: no transitions), the kit's providers and a router. */
export function renderWithKit(ui: ReactElement, { url = '/', ...options }: KitRenderOptions = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <MantineProvider env="test">
        <KitProvider>{children}</KitProvider>
      </MantineProvider>
    </MemoryRouter>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
