import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './index.css';
import { App } from './app/App.tsx';
import { preloadPageAt } from './routes.tsx';

preloadPageAt(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
