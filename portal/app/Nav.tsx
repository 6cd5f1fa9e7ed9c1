import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useToast } from '../components/ui/toast';
import type { StaffRole } from '../../contract/schemas/staff';
import { useStaffSession } from '../lib/staff-session';

/** Spec 2: the navigation variants and their links. */
export const NAV_VARIANTS = {
  main: [
    { href: '/', label: 'Home' },
    { href: '/demo', label: 'Book Demo' },
    { href: '/about', label: 'About' },
    { href: '/api-registration', label: 'API Access' },
  ],
  business: [
    { href: '/', label: 'Home' },
    { href: '/api-registration', label: 'API Access' },
  ],
  widget: [
    { href: '/', label: 'Home' },
    { href: '/widget-demo', label: 'Widget Demo' },
    { href: '/widget-configurator', label: 'Configurator' },
    { href: '/embed-demo', label: 'Embed Examples' },
  ],
  data: [
    { href: '/', label: 'Home' },
    { href: '/docs', label: 'Documentation' },
  ],
  admin: [
    { href: '/', label: 'Home' },
    { href: '/admin', label: 'Admin Dashboard' },
    { href: '/analytics-test', label: 'Analytics' },
    { href: '/scraper', label: 'Scraper' },
  ],
} as const;

export type NavVariant = keyof typeof NAV_VARIANTS;

/** What a section's added links are called, for a screen reader's list of them. */
const SECTION_NAMES: Record<NavVariant, string> = { main: 'Main', business: 'Business', widget: 'Widget', data: 'Data', admin: 'Staff' };

const MAIN_HREFS: string[] = NAV_VARIANTS.main.map((l) => l.href);

/** The sales pages add their own two to the admin links. */
const SALES_LINKS = [
  { href: '/customer-dashboard', label: 'Customer dashboard' },
  { href: '/internal-analytics', label: 'Internal analytics' },
] as const;
const SALES_PAGES: string[] = SALES_LINKS.map((l) => l.href);

/** The staff pages each role may open (the routes' gates say the same). */
const STAFF_LINKS: Record<StaffRole, readonly { href: string; label: string }[]> = {
  admin: [...NAV_VARIANTS.admin.slice(1), ...SALES_LINKS],
  sales: SALES_LINKS,
};

/** A staff page's links: once someone is signed in, the pages their role opens; before, the section's. */
function staffLinks(role: StaffRole | undefined, location: string) {
  if (role) return [NAV_VARIANTS.admin[0], ...STAFF_LINKS[role]];
  return [...NAV_VARIANTS.admin, ...(SALES_PAGES.includes(location) ? SALES_LINKS : [])];
}

/**
 * More links than fit the page's widest content row (a signed-in admin's nine, their name and
 * Sign out measure some 1,450 px against 1,120): they stay in the menu at every width.
 */
const CROWDED = 9;

const WIDGET_PAGES = ['/widget-demo', '/widget-configurator', '/embed-demo', '/embed-benefits'];
const DATA_PAGES = ['/docs', '/api-docs', '/documentation', '/data-product-kit'];
const ADMIN_PAGES = ['/admin', '/analytics-test', '/scraper'];

/** The navigation a page shows: its section's links. */
export function navVariantFor(path: string): NavVariant {
  if (WIDGET_PAGES.includes(path)) return 'widget';
  if (DATA_PAGES.includes(path)) return 'data';
  if (ADMIN_PAGES.includes(path) || SALES_PAGES.includes(path) || path.startsWith('/staff/')) return 'admin';
  if (path === '/api-registration' || path === '/partners') return 'business';
  return 'main';
}

/** On staff pages: who is signed in, and Sign out (the session ends on the server). */
function StaffMenu() {
  const { user, setUser } = useStaffSession();
  const [pending, setPending] = useState(false);
  const toast = useToast();
  if (!user) return null;
  const signOut = async () => {
    setPending(true);
    try {
      // The API client loads with staff pages; the navigation every page shows stays small.
      const { staffApi } = await import('../lib/api');
      await staffApi().staff.signOut();
      setUser(null);
    } catch {
      toast({ title: 'Not signed out', description: 'Procura could not be reached. Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="nav-staff">
      <span className="small">{user.name}</span>
      <button type="button" className="button button-secondary" onClick={signOut} disabled={pending}>
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
    </li>
  );
}

/**
 * Sticky navigation, one for every page: the main links, then the links of the page's section
 * (each section's variant) added after them. Highlights the current route; a menu button on small screens.
 */
export function Nav({ variant = 'main' }: { variant?: NavVariant }) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const { user } = useStaffSession();
  // A new page, or signing in or out, closes the menu.
  useEffect(() => setOpen(false), [location, user]);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and gives focus back to its button, as a disclosure does.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  // On staff pages: once someone is signed in, only the pages their role can open.
  const sectionLinks = variant === 'admin' ? staffLinks(user?.role, location) : NAV_VARIANTS[variant];
  const section = sectionLinks.filter((l) => !MAIN_HREFS.includes(l.href));
  const links = NAV_VARIANTS.main.length + section.length;
  // The name and Sign out take the room of two links more.
  const crowded = links + (variant === 'admin' && user ? 2 : 0) > CROWDED;
  const item = (link: { href: string; label: string }) => (
    <li key={link.href}>
      <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}>
        {link.label}
      </Link>
    </li>
  );
  return (
    <header className="nav">
      <div className="container nav-inner">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          Procura
        </Link>
        {/* Many links fold into the menu button on screens narrower than they need; more than fit the widest page, on every screen. */}
        <nav aria-label="Main" data-many={links > 5 || undefined} data-crowded={crowded || undefined}>
          <button
            type="button"
            ref={toggle}
            className="icon-button nav-toggle"
            aria-expanded={open}
            aria-controls="nav-links"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '×' : '☰'}
          </button>
          <ul id="nav-links" className="nav-links" data-open={open}>
            {NAV_VARIANTS.main.map(item)}
            {section.length > 0 ? (
              <li className="nav-section">
                <ul className="nav-section-links" aria-label={SECTION_NAMES[variant]}>
                  {section.map(item)}
                </ul>
              </li>
            ) : null}
            {variant === 'admin' ? <StaffMenu /> : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
