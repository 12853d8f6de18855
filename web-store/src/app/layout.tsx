import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Loading } from '../components/query-state';
import { Brand, Nav } from './nav';
import { Footer } from './footer';
import { useRouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

/** Pages whose main content is the product grid: keyboard users may jump straight to it. */
const GRID_PAGES = /^\/(home|products)(\/|$)/;

export function Layout() {
  useRouteFocus();
  return (
    <>
      <Shell>
        <Outlet />
      </Shell>
      <ScrollRestoration />
    </>
  );
}

/**
 * What the router shows while the first page's code is still loading (a screen loaded on demand):
 * the same header and footer around a loading message, instead of an empty page.
 */
export function LayoutLoading() {
  return (
    <Shell>
      <Loading />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="app">
      {GRID_PAGES.test(pathname) && <SkipLink target="products">Skip to products</SkipLink>}
      <SkipLink target="main">Skip to content</SkipLink>
      <header className="header">
        <Brand />
        <Nav />
      </header>
      <main id="main" className="main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
