import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Switch } from '../../components/ui/switch';
import { globalPrivacyControl } from '../../lib/analytics';
import { readConsent, saveConsent, type ConsentRecord } from './consent-store';

export interface ConsentBannerProps {
  /** Told the stored choice on load, and every new choice. */
  onConsentChange(record: ConsentRecord): void;
  /** Told each new choice only, to keep it as proof. */
  onDecision?(record: ConsentRecord): void;
  /** Opens the preferences from elsewhere (the footer's "Privacy settings"). */
  preferencesRequested: number;
}

function CookiePreferences({
  initial,
  consentId,
  onSave,
  onCancel,
}: {
  initial: boolean;
  consentId: string | undefined;
  onSave(analytics: boolean): void;
  onCancel(): void;
}) {
  const gpc = globalPrivacyControl();
  const [analytics, setAnalytics] = useState(initial);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
      if (e.key === 'Tab' && dialog.current) {
        const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, input')].filter((el) => !el.hasAttribute('disabled'));
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onCancel]);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="cookie-preferences-title" ref={dialog}>
        <h2 id="cookie-preferences-title">Cookie Preferences</h2>
        <p className="muted small">Choose what Procura may collect. You can change this any time from the footer.</p>
        <div className="pref">
          <div>
            <h3>Essential cookies</h3>
            <p className="small muted">Needed for basic functionality, security and user authentication.</p>
          </div>
          <span className="badge badge-success">Always Active</span>
        </div>
        <div className="pref">
          <div>
            <h3 id="pref-analytics">Site Usage Analytics</h3>
            <p id="pref-analytics-text" className="small muted">
              Popular pages, time on site, device type and city-level location.
            </p>
          </div>
          <Switch checked={analytics} onChange={setAnalytics} labelledBy="pref-analytics" describedBy="pref-analytics-text" />
        </div>
        {gpc ? (
          <p className="notice small" role="note">
            Your browser sends Global Privacy Control, so Procura sends no analytics from it, whatever you choose here.
          </p>
        ) : null}
        <div className="pref">
          <div>
            <h3>Marketing cookies</h3>
            <p className="small muted">Procura does not use marketing or advertising cookies.</p>
          </div>
          <span className="badge">Disabled</span>
        </div>
        <div className="reassure">
          <strong>Your privacy is protected</strong>
          <ul>
            <li>No names, e-mails or personal details are collected</li>
            <li>Information is made anonymous quickly</li>
            <li>Your data can be deleted anytime</li>
            <li>We follow strict privacy laws</li>
          </ul>
        </div>
        {consentId ? (
          <p className="small muted">
            Your consent ID: <code className="consent-id">{consentId}</code>. Quote it if you ask us about your choice.
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button-secondary" onClick={() => onSave(analytics)}>
            Save Preferences
          </button>
          <button type="button" className="button" onClick={() => onSave(true)}>
            Accept All Analytics
          </button>
        </div>
        <button type="button" className="icon-button modal-close" aria-label="Close cookie preferences" onClick={onCancel}>
          ×
        </button>
      </div>
    </div>
  );
}

/**
 * Spec 2 and 4: the banner shows while no choice is stored; a stored choice is passed to the
 * parent instead. Each save stores the record, tells the parent and closes banner and modal; the
 * close icon hides the banner for this page view without saving; Cancel closes only the modal.
 */
export function ConsentBanner({ onConsentChange, onDecision, preferencesRequested }: ConsentBannerProps) {
  const [stored, setStored] = useState<ConsentRecord | null>(null);
  const [bannerOpen, setBannerOpen] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);

  // The choice lives in this browser's storage, which a page rendered on the server cannot see:
  // the banner is decided before the browser first paints the page, never in the server's HTML.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored choice is read once, before the first paint; a new onConsentChange from the parent must not read it again
  useLayoutEffect(() => {
    const found = readConsent();
    setStored(found);
    setBannerOpen(found === null);
    if (found) onConsentChange(found);
  }, []);
  useEffect(() => {
    if (preferencesRequested > 0) setModalOpen(true);
  }, [preferencesRequested]);
  const banner = useRef<HTMLElement>(null);
  // The banner is fixed over the foot of the screen: a field the keyboard moves to under it is
  // scrolled up to sit above it, as it would sit above a phone's keyboard.
  useEffect(() => {
    if (!bannerOpen) return;
    const reveal = (e: FocusEvent) => {
      const el = e.target as Element | null;
      if (!banner.current || !el || banner.current.contains(el) || typeof el.getBoundingClientRect !== 'function') return;
      const hidden = el.getBoundingClientRect().bottom - banner.current.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy(0, hidden + 16);
    };
    document.addEventListener('focusin', reveal);
    return () => document.removeEventListener('focusin', reveal);
  }, [bannerOpen]);

  const save = (analytics: boolean) => {
    const record = saveConsent(analytics);
    setStored(record);
    onConsentChange(record);
    onDecision?.(record);
    setBannerOpen(false);
    setModalOpen(false);
  };

  return (
    <>
      {bannerOpen ? (
        <section className="consent-banner" aria-labelledby="consent-title" ref={banner}>
          <div className="container consent-inner">
            <div className="consent-text">
              <h2 id="consent-title">
                Help Us Improve <span className="badge badge-success">Privacy First</span>
              </h2>
              <p className="small muted">
                We collect no personal information, only basic usage patterns that help us make Procura better. You can change your choice any time.
              </p>
            </div>
            <div className="consent-actions">
              <button type="button" className="button" onClick={() => save(true)}>
                Sure, Help Improve
              </button>
              <button type="button" className="button button-secondary" onClick={() => save(false)}>
                No Thanks
              </button>
              <button type="button" className="button button-ghost" onClick={() => setModalOpen(true)}>
                More Options
              </button>
            </div>
            <button type="button" className="icon-button consent-close" aria-label="Close privacy banner" onClick={() => setBannerOpen(false)}>
              ×
            </button>
          </div>
        </section>
      ) : null}
      {modalOpen ? (
        <CookiePreferences initial={stored?.analytics ?? false} consentId={stored?.consentId} onSave={save} onCancel={() => setModalOpen(false)} />
      ) : null}
    </>
  );
}
