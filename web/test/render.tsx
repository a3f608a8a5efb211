import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import type { QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppRoutes } from '../App';
import { createQueryClient } from '../api/query-client';
import { ApiBridge } from '../components/ApiBridge';
import { AppProviders } from '../components/AppProviders';
import { PageLoading } from '../components/PageLoading';
import ItemShow from '../routes/ItemShow';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** Where a screen under test sends someone: the probe tells the path, this tells that it left. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">elsewhere: {location.pathname}</p>;
}

/**
 * Motion off, and antd's zero-runtime mode: components skip generating their CSS in JS (the app ships it
 * at run time; tests never read it), which was a tenth of the web tests' CPU.
 */
const still: ThemeConfig = { token: { motion: false }, zeroRuntime: true };

/**
 * Where antd's generated CSS goes in tests: nowhere. jsdom matches every rule in the document on each
 * getComputedStyle, which role queries and user-event ask for every ancestor of every element, and with
 * files sharing one document (isolate: false) the rules of every file's components piled up in <head>.
 * No test reads antd's CSS: queries find hidden elements anyway (setup.ts) and jsdom lays nothing out.
 * `mock="server"` skips the rules; the theme's CSS variables, injected regardless, go to a detached node.
 */
const detachedStyles = document.createElement('div');
// antd looks its CSS-variable styles up in the container on every mount (Array.from(container.children));
// jsdom answers each index of an HTMLCollection through a Proxy, which made those lookups a tenth of the
// web tests' CPU. The container's children as a plain array, walked by sibling links, answer the same.
Object.defineProperty(detachedStyles, 'children', {
  get(this: Element) {
    const children: Element[] = [];
    for (let node = this.firstElementChild; node; node = node.nextElementSibling) children.push(node);
    return children;
  },
});

/**
 * The app's providers (query cache, antd's theme, locale and message context) with antd's motion off:
 * a dialog or menu is there, or gone, on the next render instead of after an animation that jsdom
 * plays on timers. The app's own theme nests inside and keeps its colours.
 */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StyleProvider mock="server" container={detachedStyles}>
      <ConfigProvider theme={still}>
        <AppProviders queryClient={queryClient}>{children}</AppProviders>
      </ConfigProvider>
    </StyleProvider>
  );
}

/** The test providers and the API bridge around an in-memory router at `path`. */
function renderInRouter(path: string, routes: ReactNode) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ApiBridge />
        {routes}
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
  return {
    ...utils,
    user,
    queryClient,
    location: () => screen.getByTestId('location').textContent,
  };
}

/** The whole app at `path`, every route, as the browser would show it: for tests about routing itself. */
export function renderApp(path: string) {
  return renderInRouter(path, <AppRoutes />);
}

/**
 * The screens under test on their routes (pattern → screen), as App.tsx routes them; any other
 * address shows a stub, so a test can follow where a screen sends someone without the whole app.
 */
export function renderScreen(path: string, screens: Record<string, ReactNode>) {
  return renderInRouter(
    path,
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {Object.entries(screens).map(([pattern, element]) => (
          <Route key={pattern} path={pattern} element={element} />
        ))}
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </Suspense>,
  );
}

/** App.tsx's fixed first segments: they win over a project's id or personal domain. */
const fixedPrefixes = ['/user/*', '/item/*', '/admin/*', '/message/*', '/attachment/*', '/team/*', '/page/*', '/p/*'];

/** The project view (`/:itemRef/:pageId?`), where the tool dialogs open; plus any other screens a test visits. */
export function renderProjectView(path: string, others: Record<string, ReactNode> = {}) {
  const stubs = Object.fromEntries(fixedPrefixes.map((prefix) => [prefix, <Elsewhere key={prefix} />]));
  return renderScreen(path, { ...stubs, ...others, '/:itemRef/:pageId?': <ItemShow /> });
}
