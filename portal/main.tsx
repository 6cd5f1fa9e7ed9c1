import './lib/no-eval';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { embeddedFigures, SiteFiguresProvider } from './lib/site-figures';
import { embeddedPageData, PageDataProvider } from './lib/page-data';
import { keepTypedFields } from './lib/typed-before-start';
import '../widget/styles/tokens.css';
import './styles/base.css';
import './styles/pages.css';
import './styles/site.css';

const root = document.getElementById('root')!;
// The figures and data a server-rendered page was rendered with: hydration must see the same numbers.
const tree = (
  <StrictMode>
    <SiteFiguresProvider initial={embeddedFigures()}>
      <PageDataProvider initial={embeddedPageData()}>
        <App />
      </PageDataProvider>
    </SiteFiguresProvider>
  </StrictMode>
);
// A page rendered on the server is hydrated in place; any other arrives as the empty shell.
if (root.firstChild) {
  // What the visitor typed while the script loaded, which hydration would set back to the rendered values.
  keepTypedFields(root);
  hydrateRoot(root, tree);
} else createRoot(root).render(tree);
