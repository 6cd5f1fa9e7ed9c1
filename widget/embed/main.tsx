import { createRoot } from 'react-dom/client';
import { parseConfigParam } from '../../sdk/embed/config';
import { palette } from '../theme';
import { EmbedApp } from './EmbedApp';
import '../styles/tokens.css';
import './widget.css';

const config = parseConfigParam(new URLSearchParams(location.search).get('config'), (message) => console.warn(message));
const root = document.documentElement;
root.dataset.theme = config.theme;
const colours = palette(config.primaryColor);
root.style.setProperty('--color-primary', colours.primary);
root.style.setProperty('--color-primary-hover', colours.primaryHover);
root.style.setProperty('--color-primary-soft', colours.primarySoft);
root.style.setProperty('--color-on-primary', colours.onPrimary);
if (config.companyName) document.title = `${config.companyName} · Request quotes`;

const mountPoint = document.getElementById('widget')!;
mountPoint.removeAttribute('aria-busy');
mountPoint.textContent = '';
createRoot(mountPoint).render(<EmbedApp config={config} />);
