import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsentBanner } from '../features/consent/ConsentBanner';
import type { ConsentRecord } from '../features/consent/consent-store';
import NotFoundPage from '../features/pages/NotFoundPage';
import { ToastProvider } from '../components/ui/toast';
import { ConsentContext } from '../lib/consent-context';
import { StaffSessionContext } from '../lib/staff-session';
import type { StaffRole, StaffUser } from '../../sdk/schemas/staff';
import { Footer } from './Footer';
import { Nav, navVariantFor } from './Nav';

const HomePage = lazy(() => import('../features/rfq/HomePage'));
const QuoteSuccessPage = lazy(() => import('../features/quotes/QuoteSuccessPage'));
const QuoteTrackingPage = lazy(() => import('../features/tracking/QuoteTrackingPage'));
const WidgetConfiguratorPage = lazy(() => import('../features/widget/WidgetConfiguratorPage'));
const WidgetDemoPage = lazy(() => import('../features/widget/WidgetDemoPage'));
const EmbedDemoPage = lazy(() => import('../features/widget/EmbedDemoPage'));
const EmbedBenefitsPage = lazy(() => import('../features/widget/EmbedBenefitsPage'));
const ApiRegistrationPage = lazy(() => import('../features/partners/ApiRegistrationPage'));
const PartnerAreaPage = lazy(() => import('../features/partners/PartnerAreaPage'));
const DocsPage = lazy(() => import('../features/docs/DocsPage'));
const DataProductKitPage = lazy(() => import('../features/docs/DataProductKitPage'));
const TermsPage = lazy(() => import('../features/pages/TermsPage'));
// The staff gate and its client load only with a staff page, never with the buyer's pages.
const StaffGate = lazy(() => import('../features/staff/StaffGate'));
const StaffSignInPage = lazy(() => import('../features/staff/SignInPage'));
const StaffSetPasswordPage = lazy(() => import('../features/staff/SetPasswordPage'));
const ScraperPage = lazy(() => import('../features/scraper/ScraperPage'));
const BotPage = lazy(() => import('../features/scraper/BotPage'));

/** A page for signed-in staff of `roles`; signed out, the sign-in form stands in its place. */
function staffPage(roles: readonly StaffRole[], Page: ComponentType) {
  return function StaffOnlyPage() {
    return (
      <StaffGate roles={roles}>
        <Page />
      </StaffGate>
    );
  };
}

const AdminScraperPage = staffPage(['admin'], ScraperPage);

function PageLoading() {
  return (
    <div className="container page" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton" style={{ height: '2rem', width: '40%' }} />
    </div>
  );
}

/** The portal: navigation, the routes (spec 2; paths.json lists the ones built), footer, toasts, consent. */
export function App() {
  const [consent, setConsent] = useState<ConsentRecord | null>(null);
  const [preferencesRequested, setPreferencesRequested] = useState(0);
  const onConsentChange = useCallback((record: ConsentRecord) => setConsent(record), []);
  const [location] = useLocation();
  const [staffUser, setStaffUser] = useState<StaffUser | null | undefined>(undefined);
  const staffSession = useMemo(() => ({ user: staffUser, setUser: setStaffUser }), [staffUser]);
  return (
    <StaffSessionContext.Provider value={staffSession}>
    <ConsentContext.Provider value={consent}>
      <ToastProvider>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Nav variant={navVariantFor(location)} />
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/quote-success" component={QuoteSuccessPage} />
              <Route path="/quote/:token" component={QuoteTrackingPage} />
              <Route path="/widget-configurator" component={WidgetConfiguratorPage} />
              <Route path="/widget-demo" component={WidgetDemoPage} />
              <Route path="/embed-demo" component={EmbedDemoPage} />
              <Route path="/embed-benefits" component={EmbedBenefitsPage} />
              <Route path="/api-registration" component={ApiRegistrationPage} />
              <Route path="/partners" component={PartnerAreaPage} />
              <Route path="/docs" component={DocsPage} />
              <Route path="/api-docs" component={DocsPage} />
              <Route path="/documentation" component={DocsPage} />
              <Route path="/data-product-kit" component={DataProductKitPage} />
              <Route path="/terms" component={TermsPage} />
              <Route path="/staff/sign-in" component={StaffSignInPage} />
              <Route path="/staff/set-password" component={StaffSetPasswordPage} />
              <Route path="/scraper" component={AdminScraperPage} />
              <Route path="/bot" component={BotPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </main>
        <Footer onPrivacySettings={() => setPreferencesRequested((n) => n + 1)} />
        <ConsentBanner onConsentChange={onConsentChange} preferencesRequested={preferencesRequested} />
      </ToastProvider>
    </ConsentContext.Provider>
    </StaffSessionContext.Provider>
  );
}
