import { Link } from 'wouter';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { useStaffSession } from '../../lib/staff-session';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { AnalyticsView } from './AnalyticsView';
import { errorMessage } from '../../lib/api-errors';
import { ShareLinks } from './ShareLinks';
import '../../styles/sales.css';

/** /internal-analytics: the Internal Analytics Dashboard (sales and admin staff; admins share it). */
export default function InternalAnalyticsPage() {
  usePageTitle('Internal Analytics Dashboard');
  const { user } = useStaffSession();
  const load = useLoad((signal) => staffApi().sales.analytics({ signal }), []);
  return (
    <div className="container page stack sales">
      <div className="hero-with-action">
        <div>
          <h1>Internal Analytics Dashboard</h1>
          <p className="muted">Outreach, daily activity and performance, counted from the activity log.</p>
        </div>
        <Link href="/customer-dashboard" className="button button-secondary">
          Customer dashboard
        </Link>
      </div>
      {load.status === 'error' ? <ErrorAlert title="The dashboard could not be loaded" message={errorMessage(load.error)} inline /> : null}
      {load.data ? (
        <AnalyticsView dashboard={load.data} />
      ) : load.status === 'error' ? null : (
        <p className="muted" role="status">
          Loading the dashboard…
        </p>
      )}
      {user?.role === 'admin' ? <ShareLinks /> : null}
    </div>
  );
}
