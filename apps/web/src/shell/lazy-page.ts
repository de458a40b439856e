import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** What every page receives from the route table. */
export type PageProps = { title: string };

export type PageModule = { default: ComponentType<PageProps> };

export type LazyPage = {
  readonly Component: LazyExoticComponent<ComponentType<PageProps>> | ComponentType<PageProps>;
  /** Forget a failed chunk load so the next render imports it again. */
  reset: () => void;
};

/**
 * React.lazy caches a rejected import for good, so "Try Again" after a failed chunk download would
 * only re-throw. This wrapper swaps in a fresh lazy component after a failure; a page that loaded
 * and then crashed keeps its module, so retrying it does not download anything.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let failed = false;
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let Component = make();
  return {
    get Component() {
      return Component;
    },
    reset() {
      if (!failed) return;
      failed = false;
      Component = make();
    },
  };
}

/** A page bundled with the shell instead (the front door, /): it shows with the first render, with no chunk to wait for. */
export function eagerPage(Component: ComponentType<PageProps>): LazyPage {
  return { Component, reset: () => undefined };
}
