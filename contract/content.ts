/**
 * What Procura says about itself that no database row can back: the company's details and the
 * marketing claims. Each is stated once, here; the portal's pages and the server's PDFs read it
 * from this file, and every figure a page shows beside them is counted from the database.
 *
 * Not part of the published package's entries.
 *
 * @module
 */
import { MIN_GROUP_RFQS, MIN_GROUP_SUPPLIERS, PERSONAL_DATA_RETENTION } from './data-api';

/** The company behind Procura, as its pages, footer and certificates name it. */
export const COMPANY = {
  name: 'Procura (Pty) Ltd',
  tradingName: 'Procura',
  /** Companies and Intellectual Property Commission (CIPC) registration. */
  registrationNumber: '2024/512387/07',
  registeredIn: 'South Africa',
  address: '44 Stanley Avenue, Milpark, Johannesburg, 2092',
  email: 'hello@procura.co.za',
  partnersEmail: 'partners@procura.co.za',
  salesEmail: 'sales@procura.co.za',
  privacyEmail: 'privacy@procura.co.za',
  phone: '+27 10 446 0200',
  supportHours: 'Monday-Friday 8AM-5PM',
  founded: 2024,
  /** POPIA section 55: the person who answers for how Procura handles personal information. */
  informationOfficer: {
    title: 'Information Officer',
    email: 'privacy@procura.co.za',
    phone: '+27 10 446 0200',
    address: '44 Stanley Avenue, Milpark, Johannesburg, 2092',
  },
} as const;

/** The privacy policy's revision and date; a cookie choice records the revision it answers. */
export const PRIVACY_POLICY = { revision: 1, date: '24 November 2026' };

/**
 * Claims no data can back yet: each is worded as what it is (an estimate or a standard), shown
 * with this wording wherever it appears, and no page states another figure for the same thing.
 */
export const CLAIMS = {
  savings: {
    figure: '15-25%',
    label: 'estimated saving',
    text: 'Our estimate of what a buyer saves on a typical order by comparing several quotes instead of taking the first one. It is not a measured average.',
  },
  timeReduction: {
    figure: '85%',
    label: 'less time collecting quotes',
    text: 'Our estimate of the time saved against phoning and e-mailing suppliers one by one.',
  },
  deliverySuccess: {
    figure: '98%',
    label: 'delivery standard',
    text: 'The share of orders we expect suppliers to deliver as quoted: the standard we hold them to, not a measured rate.',
  },
} as const;

/**
 * How pages show counts of activity (quotes sent, requests in the market data): over a period
 * long enough to mean something, and only from `minimum` on, so no page puts a handful beside a
 * price or a promise; below it a page leaves the figure out, or says what it will count.
 */
export const ACTIVITY_FIGURES = { minimum: 100 } as const;

/** The roadmap the Global Vision page shows. */
export const VISION_PHASES = [
  {
    id: 'south-africa',
    period: '2025',
    title: 'South Africa',
    text: 'Every metro and regional town, with suppliers of cleaning, hygiene and maintenance supplies quoting from their own price lists.',
  },
  {
    id: 'africa',
    period: '2026-2027',
    title: 'Africa',
    text: 'Neighbouring markets in the Southern African Development Community, then East and West Africa, with prices in local currency and cross-border delivery.',
  },
  {
    id: 'global',
    period: '2028+',
    title: 'Global',
    text: 'Procurement for any business anywhere: the same quote request, matched with suppliers who deliver to it.',
  },
] as const;

/**
 * The compliance certificate's checklists: what Procura does under each law, each point true of
 * the product as built (docs/security.md has the detail).
 */
export const COMPLIANCE_CHECKLISTS = [
  {
    id: 'popia',
    title: 'POPIA (South Africa)',
    items: [
      'Personal information is collected for one purpose: a quote request (e-mail address, and an optional name and company).',
      'It goes only to the suppliers who quote on that request, and is never sold or used for marketing.',
      `A buyer’s e-mail addresses, name and company are deleted ${PERSONAL_DATA_RETENTION}.`,
      'When the buyer accepts a quote, that supplier receives the buyer’s contact and company size with the order.',
      'Every quote e-mail can be unsubscribed from in one step, and “this wasn’t me” stops e-mails to an address typed by someone else.',
      `Requests, access and corrections go to the information officer at ${COMPANY.privacyEmail}.`,
    ],
  },
  {
    id: 'gdpr',
    title: 'GDPR (European Union)',
    items: [
      'Site usage analytics run only after consent, which can be withdrawn at any time from the footer.',
      'Data minimisation: the market data keeps no e-mail, name or company.',
      `Storage limitation: personal data is kept until ${PERSONAL_DATA_RETENTION}.`,
      'Rights of access, rectification and erasure are honoured on request by e-mail.',
    ],
  },
  {
    id: 'ccpa',
    title: 'CCPA (California)',
    items: [
      'Personal information is not sold or shared for cross-context advertising.',
      'No marketing or advertising cookies are set.',
      'The right to know and the right to delete are honoured on request by e-mail.',
    ],
  },
] as const;

/** The data quality standards the certificate states. */
export const DATA_QUALITY_STANDARDS = [
  'Every quote is priced from the supplier’s own dated price list, and shows that date.',
  'Suppliers with poor ratings or on-time records are never matched with buyers.',
  `Market figures over fewer than ${MIN_GROUP_RFQS} requests or ${MIN_GROUP_SUPPLIERS} suppliers are withheld, so none points to a buyer or supplier.`,
  'Every figure on our pages is counted from the database, and is at most a minute old.',
] as const;
