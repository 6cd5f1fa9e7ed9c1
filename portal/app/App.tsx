import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsentBanner } from '../features/consent/ConsentBanner';
import type { ConsentRecord } from '../features/consent/consent-store';
import NotFoundPage from '../features/pages/NotFoundPage';
import { ToastProvider } from '../components/ui/toast';
import { ConsentContext, ConsentControlsContext } from '../lib/consent-context';
import { proveConsent, siteAnalytics } from '../lib/site-analytics';
import { StaffSessionContext } from '../lib/staff-session';
import type { StaffRole, StaffUser } from '../../contract/schemas/staff';
import { Footer } from './Footer';
import { Nav, navVariantFor } from './Nav';
import { PageLoading } from '../components/ui/page-loading';

const HomePage = lazy(() => import('../features/rfq/HomePage'));
const QuoteSuccessPage = lazy(() => import('../features/quotes/QuoteSuccessPage'));
const QuoteTrackingPage = lazy(() => import('../features/tracking/QuoteTrackingPage'));
const SupplierResponsePage = lazy(() => import('../features/supplier-responses/SupplierResponsePage'));
const SupplierWorkspacePage = lazy(() => import('../features/supplier/SupplierWorkspacePage'));
const SupplierSignInPage = lazy(() => import('../features/supplier/SupplierSignInPage'));
const AccountPage = lazy(() => import('../features/buyer/AccountPage'));
const BuyerSignInPage = lazy(() => import('../features/buyer/BuyerSignInPage'));
const WidgetConfiguratorPage = lazy(() => import('../features/widget/WidgetConfiguratorPage'));
const WidgetDemoPage = lazy(() => import('../features/widget/WidgetDemoPage'));
const EmbedDemoPage = lazy(() => import('../features/widget/EmbedDemoPage'));
const EmbedBenefitsPage = lazy(() => import('../features/widget/EmbedBenefitsPage'));
const ApiRegistrationPage = lazy(() => import('../features/partners/ApiRegistrationPage'));
const PartnerAreaPage = lazy(() => import('../features/partners/PartnerAreaPage'));
const DocsPage = lazy(() => import('../features/docs/DocsPage'));
const DataProductKitPage = lazy(() => import('../features/docs/DataProductKitPage'));
const TermsPage = lazy(() => import('../features/pages/TermsPage'));
const AboutPage = lazy(() => import('../features/pages/AboutPage'));
const VisionPage = lazy(() => import('../features/pages/VisionPage'));
const HowItWorksPage = lazy(() => import('../features/pages/HowItWorksPage'));
const SuppliersPage = lazy(() => import('../features/pages/SuppliersPage'));
const SupplierPage = lazy(() => import('../features/pages/SupplierPage'));
const JoinPage = lazy(() => import('../features/supplier-join/JoinPage'));
const CompliancePage = lazy(() => import('../features/pages/CompliancePage'));
const QuoteTrackerPage = lazy(() => import('../features/pages/QuoteTrackerPage'));
const DataPlatformPage = lazy(() => import('../features/pages/DataPlatformPage'));
// The staff gate and its client load only with a staff page, never with the buyer's pages.
const StaffGate = lazy(() => import('../features/staff/StaffGate'));
const StaffSignInPage = lazy(() => import('../features/staff/SignInPage'));
const StaffSetPasswordPage = lazy(() => import('../features/staff/SetPasswordPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const AdminSupplierPage = lazy(() => import('../features/admin/AdminSupplierPage'));
const DemoPage = lazy(() => import('../features/demo/DemoPage'));
const DemoSuccessPage = lazy(() => import('../features/demo/DemoSuccessPage'));
const CustomerDashboardPage = lazy(() => import('../features/sales/CustomerDashboardPage'));
const InternalAnalyticsPage = lazy(() => import('../features/sales/InternalAnalyticsPage'));
const SharedDashboardPage = lazy(() => import('../features/sales/SharedDashboardPage'));
const PrivacyPolicyPage = lazy(() => import('../features/privacy/PrivacyPolicyPage'));
const PrivacyCompliancePage = lazy(() => import('../features/privacy/PrivacyCompliancePage'));
const MyDataPage = lazy(() => import('../features/privacy/MyDataPage'));
const PrivacyTestPage = lazy(() => import('../features/consent/PrivacyTestPage'));
const AnalyticsStatusPage = lazy(() => import('../features/analytics/AnalyticsStatusPage'));
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

const AdminOnlyPage = staffPage(['admin'], AdminPage);
const AdminSupplierOnlyPage = staffPage(['admin'], AdminSupplierPage);
const SALES_ROLES = ['sales', 'admin'] as const;
const CustomerDashboard = staffPage(SALES_ROLES, CustomerDashboardPage);
const InternalAnalytics = staffPage(SALES_ROLES, InternalAnalyticsPage);
/** A share link's page, `/da_{token}` (wouter's patterns name whole segments only). */
const SHARE_LINK_PATH = /^\/da_(?<token>[^/]+)\/?$/;
const AnalyticsStaffPage = staffPage(['admin'], AnalyticsStatusPage);
const AdminScraperPage = staffPage(['admin'], ScraperPage);

/** The portal: navigation, the routes (app/paths.ts lists the ones built: the public pages of contract/public-pages.json, then paths.json), footer, toasts, consent. */
export function App() {
  const [consent, setConsent] = useState<ConsentRecord | null>(null);
  const [preferencesRequested, setPreferencesRequested] = useState(0);
  const onConsentChange = useCallback((record: ConsentRecord) => {
    setConsent(record);
    siteAnalytics.setConsent(record);
  }, []);
  // A cleared choice remounts the banner, which then finds none and asks again.
  const [bannerKey, setBannerKey] = useState(0);
  const consentControls = useMemo(
    () => ({
      openPreferences: () => setPreferencesRequested((n) => n + 1),
      forgotten: () => {
        setConsent(null);
        siteAnalytics.setConsent(null);
        setBannerKey((k) => k + 1);
      },
    }),
    [],
  );
  const [location] = useLocation();
  useEffect(() => siteAnalytics.pageView(location), [location]);
  // A new page opens at its top (the results page no longer opens where the home form was); an address with a fragment keeps its place.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  const [staffUser, setStaffUser] = useState<StaffUser | null | undefined>(undefined);
  const staffSession = useMemo(() => ({ user: staffUser, setUser: setStaffUser }), [staffUser]);
  return (
    <StaffSessionContext.Provider value={staffSession}>
      <ConsentContext.Provider value={consent}>
        <ConsentControlsContext.Provider value={consentControls}>
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
                  <Route path="/supplier-response/:token" component={SupplierResponsePage} />
                  <Route path="/supplier" component={SupplierWorkspacePage} />
                  <Route path="/supplier/sign-in" component={SupplierSignInPage} />
                  <Route path="/account" component={AccountPage} />
                  <Route path="/account/sign-in" component={BuyerSignInPage} />
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
                  <Route path="/about" component={AboutPage} />
                  <Route path="/vision" component={VisionPage} />
                  <Route path="/how-it-works" component={HowItWorksPage} />
                  <Route path="/suppliers" component={SuppliersPage} />
                  <Route path="/suppliers/join" component={JoinPage} />
                  <Route path="/suppliers/:slug" component={SupplierPage} />
                  <Route path="/compliance" component={CompliancePage} />
                  <Route path="/quote-tracker" component={QuoteTrackerPage} />
                  <Route path="/data-platform" component={DataPlatformPage} />
                  <Route path="/staff/sign-in" component={StaffSignInPage} />
                  <Route path="/staff/set-password" component={StaffSetPasswordPage} />
                  <Route path="/admin" component={AdminOnlyPage} />
                  <Route path="/admin/suppliers/:id" component={AdminSupplierOnlyPage} />
                  <Route path="/demo" component={DemoPage} />
                  <Route path="/demo-success" component={DemoSuccessPage} />
                  <Route path="/customer-dashboard" component={CustomerDashboard} />
                  <Route path="/internal-analytics" component={InternalAnalytics} />
                  <Route path={SHARE_LINK_PATH} component={SharedDashboardPage} />
                  <Route path="/privacy" component={PrivacyPolicyPage} />
                  <Route path="/privacy-policy" component={PrivacyPolicyPage} />
                  <Route path="/privacy-compliance" component={PrivacyCompliancePage} />
                  <Route path="/privacy/my-data" component={MyDataPage} />
                  <Route path="/privacy-test" component={PrivacyTestPage} />
                  <Route path="/analytics-test" component={AnalyticsStaffPage} />
                  <Route path="/scraper" component={AdminScraperPage} />
                  <Route path="/bot" component={BotPage} />
                  <Route component={NotFoundPage} />
                </Switch>
              </Suspense>
            </main>
            <Footer onPrivacySettings={consentControls.openPreferences} />
            <ConsentBanner key={bannerKey} onConsentChange={onConsentChange} onDecision={proveConsent} preferencesRequested={preferencesRequested} />
          </ToastProvider>
        </ConsentControlsContext.Provider>
      </ConsentContext.Provider>
    </StaffSessionContext.Provider>
  );
}
