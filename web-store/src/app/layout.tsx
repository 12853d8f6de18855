import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Brand, Nav } from './nav';
import { Footer } from './footer';
import { useRouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

/** Pages whose main content is the product grid: keyboard users may jump straight to it. */
const GRID_PAGES = /^\/(home|products)(\/|$)/;

export function Layout() {
  const { pathname } = useLocation();
  useRouteFocus();
  return (
    <div className="app">
      {GRID_PAGES.test(pathname) && <SkipLink target="products">Skip to products</SkipLink>}
      <SkipLink target="main">Skip to content</SkipLink>
      <header className="header">
        <Brand />
        <Nav />
      </header>
      <main id="main" className="main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
