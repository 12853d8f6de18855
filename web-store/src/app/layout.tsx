import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Brand, Nav } from './nav';
import { Footer } from './footer';

export function Layout() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
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
