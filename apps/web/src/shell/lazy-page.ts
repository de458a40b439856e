import { createElement, lazy } from 'react';
import type { ComponentType } from 'react';
import type { PageProps } from '../components/page-props.ts';

export type PageModule = { default: ComponentType<PageProps> };

export type LazyPage = {
  /** The same component for the page's whole life: it renders the page, or suspends while its chunk downloads. */
  readonly Component: ComponentType<PageProps>;
  /** Start downloading the page now (the render then waits for the same download); settles once it is in or failed. */
  preload: () => Promise<void>;
  /** Forget a failed chunk load so the next render imports it again. */
  reset: () => void;
};

/**
 * The page downloads under way, each settling once its page is in or failed. The web tests wait for them before a test
 * file's environment ends (src/test/setup.ts): a page a test's last render began to import must not finish importing
 * after the file's jsdom is gone (Vitest then fails whichever test runs next in that worker).
 */
export const pageDownloads = new Set<Promise<void>>();

/**
 * A page in its own chunk. Once the chunk is in, the page renders as itself, with nothing to suspend for: a first render
 * that waited for a preloaded page (main.tsx) shows it at once instead of the spinner, which React would then keep on
 * screen for 300 ms at least (its throttle of Suspense reveals). Until then it renders through React.lazy, which only
 * ever shows the spinner: the module is in (`loaded`) before the lazy component resolves, so the lazy one never mounts
 * and the switch loses no state.
 *
 * React.lazy caches a rejected import for good, so "Try Again" after a failed chunk download would only re-throw: after a
 * failure `reset` makes a fresh lazy component. A page that loaded and then crashed keeps its module, so retrying it does
 * not download anything.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType<PageProps> | null = null;
  let failed = false;
  // One download for an early preload and the render that follows.
  let download: Promise<PageModule> | null = null;
  const start = () => {
    if (download) return download;
    download = load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
    const settled = download.then(
      () => undefined,
      () => undefined,
    );
    pageDownloads.add(settled);
    void settled.then(() => pageDownloads.delete(settled));
    return download;
  };
  let Lazy = lazy(start);
  function Page(props: PageProps) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return {
    Component: Page,
    preload() {
      // A failure is the render's to show, with its retry.
      return start().then(
        () => undefined,
        () => undefined,
      );
    },
    reset() {
      if (!failed) return;
      failed = false;
      download = null;
      Lazy = lazy(start);
    },
  };
}

/** A page bundled with the shell instead (the front door, /): it shows with the first render, with no chunk to wait for. */
export function eagerPage(Component: ComponentType<PageProps>): LazyPage {
  return { Component, preload: () => Promise.resolve(), reset: () => undefined };
}
