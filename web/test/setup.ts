import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '../i18n';
import { loadAntdLocale } from '../i18n/antd-locale';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { fakeMatchMedia } from './media';

// antd measures and listens to the viewport; jsdom has neither matchMedia nor ResizeObserver.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: fakeMatchMedia(() => false),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// CodeMirror measures text through ranges, which jsdom lays out nowhere: empty boxes keep it quiet.
if (typeof Range !== 'undefined' && !('getClientRects' in Range.prototype)) {
  const empty = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) };
  Object.assign(Range.prototype, {
    getClientRects: () => Object.assign([], { item: () => null }),
    getBoundingClientRect: () => empty,
  });
}

// React's development build captures a stack trace (an Error) for each of the first 10,000 elements of a
// render, only to print owner stacks in its warnings: 7 % of the web tests' CPU. Pinning its counter above
// the limit keeps the warnings (without owner stacks). Harmless if a React version renames the field.
const reactInternals = (React as unknown as Record<string, unknown>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && typeof reactInternals === 'object' && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });
}

// jsdom does not implement pseudo-element styles and logs an error for every antd call that asks.
// Files share one jsdom per worker (isolate: false): wrap it once, not once per file.
const plainStyles = Symbol.for('folio.plainComputedStyle');
if (!(plainStyles in window)) {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  Object.defineProperty(window, plainStyles, { value: true });
}

// Tests get none of antd's CSS (test/render.tsx) except the one rule that some `hidden: false` checks need:
// antd hides what it keeps mounted (a closed drawer, dropdown, tab pane) with a class ending in `-hidden`.
if (!document.getElementById('folio-test-antd-hidden')) {
  const style = document.createElement('style');
  style.id = 'folio-test-antd-hidden';
  // Not the classes whose `-hidden` means something else in antd's CSS: a hidden required mark (the label's
  // ::before only), the tabs' overflow menu (moved aside), a spinner fading out, a splitter bar.
  const other = ':not([class*="required-mark-hidden"]):not([class*="nav-operations-hidden"]):not([class*="ant-spin"]):not([class*="ant-splitter"])';
  style.textContent = `[class*="ant-"][class$="-hidden"]${other}, [class*="ant-"][class*="-hidden "]${other} { display: none; }`;
  document.head.append(style);
}

// A role query asks jsdom for the computed style of every ancestor of every candidate, a third of the web
// tests' time. Queries find hidden elements too; a test that means "shown to the person" says `hidden: false`
// (absence checks only get stricter: an element hidden but present still counts).
// A screen's first lazy chunk can take seconds on a busy machine: waits for a state allow 10 s (a test
// that passes only waits as long as the state takes to appear).
configure({ defaultHidden: true, asyncUtilTimeout: 10_000 });

// The app loads a language's texts when it needs them (i18n/index.ts); tests switch freely, so both are in.
i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, true);
await loadAntdLocale('zh-CN');

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  // Files share one document (isolate: false): what antd appends to <body> itself (its measuring textarea,
  // portals of dialogs that closed late) must not reach the next file's queries.
  document.body.replaceChildren();
  // antd's CSS, from a test that renders without TestProviders (which sends it nowhere, test/render.tsx):
  // jsdom would match its rules on every getComputedStyle of every later file in this worker.
  for (const style of document.head.querySelectorAll('style[data-css-hash], style[data-token-hash]')) style.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
