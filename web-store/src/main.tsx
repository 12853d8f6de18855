// First: the styles components import beside themselves build on it and must follow it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from './lib/config';
import { forgetLegacyShipping } from './lib/shipping-info';
import { installContextMenuGuard } from './app/context-menu';
import { App } from './app/app';

if (config.disableContextMenu) installContextMenuGuard(document);
// Older versions kept the last student's details in localStorage for good: drop them on start.
forgetLegacyShipping();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
