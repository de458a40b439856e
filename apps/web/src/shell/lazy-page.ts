import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageProps } from '../components/page-props.ts';

export type PageModule = { default: ComponentType<PageProps> };

export type LazyPage = {
  readonly Component: LazyExoticComponent<ComponentType<PageProps>> | ComponentType<PageProps>;
  /** Start downloading the page now (the render then waits for the same download). */
  preload: () => void;
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
  // One download for an early preload and the render that follows.
  let download: Promise<PageModule> | null = null;
  const start = () =>
    (download ??= load().catch((error: unknown) => {
      failed = true;
      throw error;
    }));
  const make = () => lazy(start);
  let Component = make();
  return {
    get Component() {
      return Component;
    },
    preload() {
      // A failure is the render's to show, with its retry.
      start().catch(() => undefined);
    },
    reset() {
      if (!failed) return;
      failed = false;
      download = null;
      Component = make();
    },
  };
}

/** A page bundled with the shell instead (the front door, /): it shows with the first render, with no chunk to wait for. */
export function eagerPage(Component: ComponentType<PageProps>): LazyPage {
  return { Component, preload: () => undefined, reset: () => undefined };
}
