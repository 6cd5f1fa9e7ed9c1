import { useParams } from 'wouter';
import { formatDate } from '../../../sdk/format';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { PageNotFound } from '../../components/ui/not-found';
import { LoadedAnalytics } from './AnalyticsView';
import { isNotFound } from '../../lib/api-errors';
import '../../styles/sales.css';

/** /da_{token}: the Internal Analytics Dashboard through a share link, read-only and signed out. */
export default function SharedDashboardPage() {
  const { token = '' } = useParams<{ token: string }>();
  const load = useLoad((signal) => staffApi().sales.sharedDashboard(token, { signal }), [token]);
  const gone = load.status === 'error' && isNotFound(load.error);
  usePageTitle(gone ? 'Page Not Found' : 'Internal Analytics Dashboard (shared)');
  // A revoked or expired link is a page that no longer exists, as the server said when serving it.
  if (gone) return <PageNotFound />;
  return (
    <div className="container page stack sales">
      <div className="hero">
        <h1>Internal Analytics Dashboard</h1>
        <p className="notice">
          A read-only view Procura shared with you{load.data?.expiresAt ? `, until ${formatDate(load.data.expiresAt)}` : ''}. It shows the sales team's
          progress; it holds nobody's contact details.
        </p>
      </div>
      <LoadedAnalytics load={load} />
    </div>
  );
}
