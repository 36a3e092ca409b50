import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/lora/600.css';
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/600.css';
import './styles/theme.scss';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
