import { useState } from 'react';
import { formatDateTime } from '../../../sdk/format';
import { Link } from 'wouter';
import { ANALYTICS_SESSION_KEY } from '../../../contract/analytics-rules';
import { globalPrivacyControl } from '../../lib/analytics';
import { useConsent, useConsentControls } from '../../lib/consent-context';
import { usePageTitle } from '../../lib/use-page-title';
import { clearConsent, CONSENT_STORAGE_KEY } from './consent-store';
import './consent.css';

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function PrivacySignals({ gpc, sessionId }: { gpc: boolean; sessionId: string | null }) {
  return (
    <>
      <dt>Global Privacy Control</dt>
      <dd>{gpc ? 'On: Procura sends no analytics from this browser, whatever the choice.' : 'Off'}</dd>
      <dt>Analytics session id</dt>
      <dd>{sessionId ? 'Stored (sent with analytics events)' : 'None stored'}</dd>
    </>
  );
}

/**
 * /privacy-test (the spec's placeholder, made useful): what this browser has stored about the
 * cookie choice, whether it sends Global Privacy Control, and a way to clear both.
 */
export default function PrivacyTestPage() {
  usePageTitle('Privacy check');
  const consent = useConsent();
  const { openPreferences, forgotten } = useConsentControls();
  const [, setCleared] = useState(0);
  const raw = stored(CONSENT_STORAGE_KEY);
  const sessionId = stored(ANALYTICS_SESSION_KEY);
  const gpc = globalPrivacyControl();
  const clear = () => {
    clearConsent();
    // Forgetting the choice stops analytics, which removes the session id too.
    forgotten();
    setCleared((n) => n + 1);
  };
  return (
    <div className="container page prose">
      <h1>Privacy check</h1>
      <p className="muted">What this browser holds about your cookie choice. Nothing here leaves your browser.</p>
      <section className="card" aria-labelledby="stored-choice">
        <h2 id="stored-choice" className="card-title">
          Your stored choice
        </h2>
        {consent ? (
          <dl className="record">
            <dt>Site usage analytics</dt>
            <dd>{consent.analytics ? 'Allowed' : 'Refused'}</dd>
            <dt>Essential cookies</dt>
            <dd>Always active</dd>
            <dt>Marketing cookies</dt>
            <dd>Not used</dd>
            <dt>Chosen</dt>
            <dd>{formatDateTime(consent.timestamp)}</dd>
            <dt>Policy revision</dt>
            <dd>{consent.revision}</dd>
            <dt>Consent ID</dt>
            <dd>
              <code className="consent-id">{consent.consentId ?? 'none (chosen before consent ids)'}</code>
            </dd>
            <PrivacySignals gpc={gpc} sessionId={sessionId} />
          </dl>
        ) : (
          <>
            <p>
              {raw
                ? 'A choice is stored, but for an earlier policy: the banner asks again.'
                : 'No choice is stored: the banner asks on every page until you choose.'}
            </p>
            <dl className="record">
              <PrivacySignals gpc={gpc} sessionId={sessionId} />
            </dl>
          </>
        )}
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={openPreferences}>
            Change my choice
          </button>
          <button type="button" className="button button-secondary" onClick={clear} disabled={!raw && !sessionId}>
            Clear my choice
          </button>
        </div>
      </section>
      <p>
        Read the <Link href="/privacy">privacy policy</Link>, or{' '}
        <Link href="/privacy/my-data">see and delete the data Procura holds for your e-mail address</Link>.
      </p>
    </div>
  );
}
