import { Link } from 'wouter';
import { staffApi } from '../../lib/api';
import { useStaffSession } from '../../lib/staff-session';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { LoadedAnalytics } from './AnalyticsView';
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
      <LoadedAnalytics load={load} inline />
      {user?.role === 'admin' ? <ShareLinks /> : null}
    </div>
  );
}
