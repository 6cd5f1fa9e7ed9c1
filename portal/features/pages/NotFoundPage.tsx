import { PageNotFound } from '../../components/ui/not-found';
import { usePageMeta } from '../../lib/use-page-title';

export default function NotFoundPage() {
  // The head never repeats the missing path: a 404 page names the site, not what was asked for.
  usePageMeta({ title: 'Page Not Found', description: 'This page does not exist on Procura.', canonicalPath: '/' });
  return <PageNotFound />;
}
