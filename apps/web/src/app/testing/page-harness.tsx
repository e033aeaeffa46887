import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { KitProvider } from '@valuation/ui';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';

/** One call the page made: method, path, query and the JSON, form or multipart body. */
export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the server answers a call with: data (code 200), or a refusal with its message. */
export type Answer = { data: unknown } | { code: number; message: string };

export type AnswerFor = (call: SentCall) => Answer;

function parseBody(body: BodyInit | null | undefined): unknown {
  // A multipart body: its text fields (files are left out).
  if (body instanceof FormData) return Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'));
  if (typeof body !== 'string') return body instanceof URLSearchParams ? Object.fromEntries(body) : undefined;
  try {
    return JSON.parse(body);
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

/**
 * Answers the page's API calls by path (the browser's fetch is the one thing replaced) and keeps
 * every call made; a path without an answer fails the test with its name.
 */
export function answerApi(answers: Readonly<Record<string, AnswerFor | Answer>>): SentCall[] {
  const sent: SentCall[] = [];
  const fetchStub = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: SentCall = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body: parseBody(init.body) };
    sent.push(call);
    const entry = answers[url.pathname];
    if (!entry) throw new Error(`no answer for ${call.method} ${url.pathname}`);
    const answer = typeof entry === 'function' ? entry(call) : entry;
    const envelope = 'data' in answer ? { code: 200, message: 'success', data: answer.data } : { ...answer, data: null };
    return {
      ok: envelope.code === 200,
      status: envelope.code,
      headers: { get: () => null },
      json: async () => envelope,
    };
  };
  Object.assign(window, { fetch: fetchStub });
  return sent;
}

/** The address the page is at now (filters kept in the URL). */
let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}
export const pageLocation = () => currentLocation;

/** Renders a page as the app root does: Mantine, the kit's providers, notifications, react-query and a router at `url`. */
export function renderPage(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const queryClient = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <MantineProvider env="test">
          <KitProvider>
            <Notifications />
            <LocationProbe />
            {children}
          </KitProvider>
        </MantineProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper: Wrapper }), queryClient };
}
