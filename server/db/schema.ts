// Kept whole: the database's one type, as Kysely reads it, table by table; each table is a few
// lines.
import type { ColumnType, Generated } from 'kysely';

/** Every date-time column holds ISO 8601 text in UTC; every date column `YYYY-MM-DD`. */
type IsoText = string;

export interface CitiesTable {
  id: string;
  name: string;
  province: string;
  latitude: number;
  longitude: number;
  sort_order: number;
}

export interface SectorsTable {
  id: string;
  name: string;
  sort_order: number;
}

export interface CategoriesTable {
  id: string;
  name: string;
  sector_id: string;
  keywords: string; // JSON array of lower-case words
  sort_order: number;
}

export interface CatalogueItemsTable {
  id: string;
  name: string;
  description: string;
  unit: string;
  category_id: string;
  reference_price_cents: number;
  avg_delivery: string;
  unit_quantity: number | null;
  unit_description: string;
  keywords: string; // JSON array
  sort_order: number;
}

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  contact_person: string;
  email: string;
  phone: string;
  home_city_id: string;
  verified: number; // 0 | 1
  /** Hours the supplier usually takes to answer; null when its import line or page gave none. */
  response_time_hours: number | null;
  /** How lead e-mails go to the supplier: 0 each as it comes, or a digest every 15 or 60 minutes. */
  lead_digest_minutes: ColumnType<number, number | undefined, number>;
  dispatch_days: number;
  payment_terms: string;
  validity_days: number;
  price_list_date: string;
  /** The least one order may come to, excl. VAT, in cents; 0 when the supplier names none. */
  minimum_order_cents: ColumnType<number, number | undefined, number>;
  created_at: IsoText;
  /** JSON array of what the supplier specialises in. */
  specialties: ColumnType<string, string | undefined, string>;
  /** 10 digits starting with 4; null while none is on file. */
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  registered_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** The CIPC company registration number, YYYY/NNNNNN/NN; null while none is on file. */
  registration_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** B-BBEE level 1-8, 0 for non-compliant, null when none is stated. */
  bbee_level: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'certificate' or 'affidavit', with a level 1-8. */
  bbee_evidence: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last day (YYYY-MM-DD) the evidence counts. */
  bbee_expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The supplier's public page is `/suppliers/{slug}`: unique; null only until it is given one. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** The B-BBEE expiry date the one reminder e-mail was written for; null while none was. */
  bbee_reminded_for: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SupplierCategoriesTable {
  supplier_id: number;
  category_id: string;
  capacity_units: number;
  minimum_order_quantity: number;
  price_factor: number;
}

export interface SupplierCoverageTable {
  id: Generated<number>;
  supplier_id: number;
  scope: 'city' | 'province' | 'national';
  area: string; // city id, province name, or '' for national
  lead_days: number;
}

export interface OffersTable {
  id: Generated<number>;
  supplier_id: number;
  catalogue_item_id: string;
  unit_price_cents: number;
  minimum_order_quantity: number;
  tiers: string; // JSON [{ minQuantity, unitPriceCents }]
  /** 1 while the supplier has it in stock; an offer out of stock is not quoted. */
  in_stock: ColumnType<number, number | undefined, number>;
  /** The first and last South African day it may be quoted (YYYY-MM-DD, inclusive); null for no bound. */
  valid_from: ColumnType<string | null, string | null | undefined, string | null>;
  valid_until: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RfqsTable {
  id: string;
  product_name: string;
  product_description: string;
  quantity: number;
  unit: string;
  budget_range: string | null;
  supplier_count: number;
  matched_count: number;
  matching_message: string;
  delivery_location: string;
  city_id: string | null;
  catalogue_item_id: string | null;
  category_id: string;
  primary_email: string;
  additional_emails: string; // JSON array
  company_name: string | null;
  contact_name: string | null;
  embed_id: string | null;
  embed_source: string | null;
  /** The partner an embedded RFQ is credited to. */
  partner_id: string | null;
  /** The host name of the page that embedded the widget. */
  referrer_host: string | null;
  /**
   * 'uncredited', 'host' (from one of the partner's hosts, unpaid), 'pending' (quoted, waiting for the
   * buyer to show the address is theirs) or 'qualified' (paid for); null without a partner.
   */
  partner_credit: PartnerCredit | null;
  client_timestamp: string | null;
  created_at: IsoText;
  /** The data API's name for the RFQ: `r_` and 20 random hex digits, unrelated to the id. */
  rfq_ref: string;
  /** 0-100, computed when the RFQ is stored (see domain/intent.ts). */
  intent_score: number;
  /** When the buyer's e-mails, name and company were deleted; null while they are kept. */
  personal_data_deleted_at: IsoText | null;
  /**
   * The street address the buyer gave when last accepting a quote; personal data, cleared with the
   * e-mail. Each purchase order keeps its own (a basket may have several).
   */
  delivery_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's phone number given at acceptance, in +27 form; personal data. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's purchase-order reference, when given at acceptance. */
  purchase_order_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's VAT number (10 digits starting with 4), when given at acceptance. */
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Employees, as the buyer stated it (`1-10` … `250+`); kept after the personal data goes. */
  company_size: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 for a request from the widget demo: told to no supplier, never accepted, in no figure. */
  demo: ColumnType<number, number | undefined, number>;
  /** Stored `open`, `awarded` or `closed`; `expired` is computed from the quotes' validity. */
  status: ColumnType<StoredRfqStatus, StoredRfqStatus | undefined, StoredRfqStatus>;
  /** The lines of a basket (`rfq_lines`); 0 for a single-product request. */
  line_count: ColumnType<number, number | undefined, number>;
  /** When the status last changed (awarded, closed, reopened by a withdrawal). */
  status_changed_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** The accepted quote while awarded. */
  awarded_quote_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type StoredRfqStatus = 'open' | 'awarded' | 'closed';
/** A quote's stored status; `expired` is computed from its validity. */
export type StoredQuoteStatus = 'offered' | 'awaiting_approval' | 'accepted' | 'not_selected' | 'declined' | 'confirmed' | 'withdrawn';

export interface PurchaseOrderCountersTable {
  year: number;
  last_number: number;
}

export interface PurchaseOrdersTable {
  id: Generated<number>;
  /** `PO-2026-000123`: sequential per year. */
  po_number: string;
  rfq_id: string;
  quote_id: number;
  /** The Johannesburg day it was issued. */
  issued_on: string;
  /** The supplier's name, address, VAT number and B-BBEE standing as they stood at issue (JSON). */
  supplier_json: string;
  /** Set when the supplier withdrew: the document is then the cancelled one. */
  cancelled_on: ColumnType<string | null, string | null | undefined, string | null>;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the buyer gave when accepting this quote (personal data, cleared with the request's). */
  delivery_address: ColumnType<string | null, string | null | undefined, string | null>;
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  purchase_order_reference: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** A basket order's lines, a JSON array of line numbers; null for one product. */
  line_nos: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Johannesburg day the supplier confirmed this order. */
  confirmed_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The issue day plus the quote's longest lead time (Johannesburg days): on time is on or before it. */
  promised_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The day the supplier says it delivered; null until it says so. */
  delivered_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the buyer was asked, once, to confirm receipt. */
  receipt_reminded_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** The buyer's tracking token for the one reminder's link; dropped once it is written, the receipt recorded or the buyer's data deleted. */
  receipt_tracking_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Johannesburg day the supplier marked the order delivered. */
  delivery_marked_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: IsoText;
}

/** The buyer's receipt of one order: it outlives the buyer's personal data, all but its comment. */
export interface OrderReceiptsTable {
  id: Generated<number>;
  purchase_order_id: number;
  supplier_id: number;
  received_on: string;
  /** 1 when received on or before the order's promised day. */
  on_time: number;
  in_full: number;
  /** 1 to 5. */
  rating: number;
  comment: string | null;
  /** 0 for a receipt from the supplier's own e-mail domain: kept, never counted. */
  counted: ColumnType<number, number | undefined, number>;
  /** Why a receipt is not counted: `own_domain` or `not_confirmed` (at the time it was recorded); null when it counts. */
  not_counted_reason: ColumnType<NotCountedReason | null, NotCountedReason | null | undefined, NotCountedReason | null>;
  created_at: IsoText;
}

/** Why a kept receipt is not counted in its supplier's record. */
export type NotCountedReason = 'own_domain' | 'not_confirmed';

export interface QuotesTable {
  id: Generated<number>;
  rfq_id: string;
  supplier_id: number;
  rank: number;
  pricing_basis: 'price-list' | 'category-estimate';
  list_unit_price_cents: number;
  unit_price_cents: number;
  discount_percent: number;
  total_cents: number;
  vat_rate: number;
  vat_cents: number;
  total_incl_vat_cents: number;
  minimum_order_quantity: number;
  lead_min_days: number;
  lead_max_days: number;
  payment_terms: string;
  validity_days: number;
  valid_until: string;
  price_list_date: string;
  notes: string;
  competitive_position: string;
  price_difference: number;
  quality_score: number;
  reliability_rating: number;
  risk_level: string;
  recommendation: string;
  tracking_secret_hash: string;
  /** Views by anyone but the buyer (`first_viewed_at`, `last_viewed_at` are theirs too). */
  view_count: ColumnType<number, number | undefined, number>;
  first_viewed_at: IsoText | null;
  last_viewed_at: IsoText | null;
  /** The buyer's own views: opened from their e-mail, or in the tab that sent the request. */
  own_view_count: ColumnType<number, number | undefined, number>;
  own_last_viewed_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  created_at: IsoText;
  status: ColumnType<StoredQuoteStatus, StoredQuoteStatus | undefined, StoredQuoteStatus>;
  /** The supplier's minimum order when it quoted, excl. VAT; a basket's split respects it. */
  minimum_order_cents: ColumnType<number, number | undefined, number>;
  /** When the buyer or the supplier last changed the status. */
  status_changed_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  accepted_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  withdrawal_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the accepted supplier's response secret. */
  response_secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's tracking token, sealed under the response secret (see lib/seal.ts). */
  buyer_link_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the supplier was told it was not selected. */
  courtesy_mailed_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** When the supplier made the quote firm from its workspace; null while it is indicative. */
  firmed_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
  /** The indicative unit price and total the quote was made with, kept once it is firmed. */
  indicative_unit_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  indicative_total_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** The supplier's note to the buyer, given when firming up. */
  supplier_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IdempotencyKeysTable {
  key: string;
  request_hash: string;
  status_code: number;
  /** The answer, sealed under the Idempotency-Key (lib/seal.ts): the database alone cannot read its tokens or address. */
  response_body: string;
  created_at: IsoText;
  /** The request answered, so that deleting its buyer's data deletes the record. */
  rfq_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** Where an e-mail is on its way out; see server/mail/outbox.ts. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'held' | 'dead';

export interface OutboxTable {
  id: Generated<number>;
  /** The Message-ID header, fixed when the row is written, so a repeat send is recognisable. */
  message_id: string;
  kind: string;
  recipient: string;
  /** Lower is sent first. */
  priority: number;
  /** JSON: what the template needs, read when the e-mail is rendered. */
  payload: string;
  status: OutboxStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: IsoText;
  last_error: string | null;
  /** When the current run of failed attempts began; null while none has failed since it was (re)queued. */
  failing_since: IsoText | null;
  sent_at: IsoText | null;
  created_at: IsoText;
}

export interface WidgetLoadsTable {
  partner_id: string;
  embed_id: string;
  referrer_host: string;
  day: string; // YYYY-MM-DD
  loads: number;
  compact: number;
  theme: string;
  hide_procura_branding: number;
}

export interface PartnersTable {
  id: string;
  company_name: string;
  contact_email: string;
  contact_name: string;
  website: string;
  business_type: string;
  integration_type: string;
  monthly_traffic: string;
  use_case: string;
  tier: string;
  key_hash: string;
  key_prefix: string;
  key_created_at: IsoText;
  created_at: IsoText;
  /** When the partner was deleted: key and contact details gone, the id kept for counts. */
  deleted_at: ColumnType<IsoText | null, IsoText | null | undefined, IsoText | null>;
}

export type PartnerCredit = 'uncredited' | 'host' | 'pending' | 'qualified';

export interface PartnerHostsTable {
  partner_id: string;
  host: string;
  created_at: IsoText;
}

export interface PartnerCreditsTable {
  partner_id: string;
  /** HMAC of the buyer's address under `meta.partner_credit_key`. */
  buyer_key: string;
  expires_at: IsoText;
}

export interface RateLimitWindowsTable {
  bucket: string;
  /** A hash of what is counted: a client address, a partner id. */
  subject: string;
  window_key: string;
  hits: number;
  expires_at: IsoText;
}

export type StaffRole = 'admin' | 'sales';

export interface StaffUsersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  role: StaffRole;
  /** argon2id, PHC string; null until the person sets a password through their link. */
  password_hash: string | null;
  disabled_at: IsoText | null;
  created_at: IsoText;
  last_sign_in_at: IsoText | null;
  /** The last sign-in or signed-in call; an account unused for 24 months is deleted. */
  last_used_at: IsoText | null;
  /** When the one e-mail saying the account will be deleted was written; cleared by a use. */
  expiry_warned_at: IsoText | null;
}

/** One-time links of every kind of person: a supplier's people sign in with theirs, staff set a password. */
export interface SignInLinksTable {
  /** SHA-256 of the link's token. */
  token_hash: string;
  /** Whose link it is: `supplier` (owner_id is a supplier_users id) or `staff` (a staff_users id). */
  kind: string;
  owner_id: number;
  created_at: IsoText;
  expires_at: IsoText;
  used_at: IsoText | null;
}

export interface StaffSessionsTable {
  /** SHA-256 of the session id the cookie carries. */
  id_hash: string;
  staff_id: number;
  created_at: IsoText;
  last_seen_at: IsoText;
  /** The session's hard end, 7 days after sign-in. */
  expires_at: IsoText;
}

export interface StaffAuditTable {
  id: Generated<number>;
  /** Null for a write made on the command line. */
  staff_id: number | null;
  action: string;
  rows: number;
  detail: string;
  created_at: IsoText;
}

/** The sales pipeline; statuses, tiers and sources are the sdk's (schemas/sales.ts). */
export interface ProspectsTable {
  id: Generated<number>;
  company: string;
  contact: string;
  phone: string;
  email: string;
  tier: string;
  status: string;
  /** The Johannesburg date of the last status change, YYYY-MM-DD. */
  last_contact: string | null;
  next_action: string;
  notes: string;
  estimated_value_cents: number;
  industry: string;
  conversion_probability: number;
  actual_response: string;
  call_notes: string;
  source: string;
  owner_id: number | null;
  created_at: IsoText;
  updated_at: IsoText;
}

/** One thing a salesperson did; every outreach counter is counted from these rows. */
export interface SalesActivitiesTable {
  id: Generated<number>;
  /** Kept when the prospect is deleted (ids are never reused): the work still counts. */
  prospect_id: number;
  staff_id: number;
  kind: string;
  note: string;
  occurred_at: IsoText;
  /** The Johannesburg date it counts for, YYYY-MM-DD. */
  day: string;
}

export interface DemoRequestsTable {
  id: Generated<number>;
  prospect_id: number | null;
  company_name: string;
  contact_person: string;
  email: string;
  phone: string;
  monthly_spend: string | null;
  current_suppliers: string;
  pain_points: string;
  created_at: IsoText;
}

/** Read-only links to the analytics dashboard. */
export interface ShareLinksTable {
  id: Generated<number>;
  /** SHA-256 of the token the link carries. */
  token_hash: string;
  created_by: number;
  created_at: IsoText;
  expires_at: IsoText;
  revoked_at: IsoText | null;
}

/** One product of a basket. */
export interface RfqLinesTable {
  rfq_id: string;
  /** The line's place in the basket, from 0. */
  line_no: number;
  product_name: string;
  /** The buyer's free text; cleared with the request's personal data. */
  product_description: ColumnType<string, string | undefined, string>;
  quantity: number;
  unit: string;
  catalogue_item_id: string | null;
  category_id: string;
}

/** How a basket quote prices one line. */
export interface QuoteLinesTable {
  quote_id: number;
  line_no: number;
  rfq_id: string;
  pricing_basis: 'price-list' | 'category-estimate';
  list_unit_price_cents: number;
  unit_price_cents: number;
  discount_percent: number;
  total_cents: number;
  minimum_order_quantity: number;
  lead_min_days: number;
  lead_max_days: number;
  /** `offered`; `accepted` once awarded to this quote; `not_selected` once awarded to another. */
  status: ColumnType<QuoteLineStatus, QuoteLineStatus | undefined, QuoteLineStatus>;
  /** When its supplier made the line's price firm; null while indicative. */
  firmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The indicative unit price the firm one replaced; null until firmed. */
  indicative_unit_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** When its supplier withdrew the line, before or after an order of it; null otherwise. */
  withdrawn_at: ColumnType<string | null, string | null | undefined, string | null>;
  withdrawal_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `withdrawn`: its supplier withdrew it (before an order, or from an order of it), so it is not offered again. */
export type QuoteLineStatus = 'offered' | 'accepted' | 'not_selected' | 'withdrawn';

/** A bigint of cents: a number from SQLite, a string from PostgreSQL; read it with Number(). */
type Cents = ColumnType<number | string, number, number>;

export type LedgerKind = 'success_fee' | 'fee_reversal' | 'partner_credit' | 'partner_payout';

/** One money line of the append-only ledger: never updated or deleted. */
export interface LedgerLinesTable {
  id: Generated<number>;
  kind: LedgerKind;
  /** Positive; the kind says which way it goes. */
  amount_cents: Cents;
  /** The VAT on a success fee or its reversal; null where none applies. */
  vat_cents: Cents | null;
  /** A success fee's order value excl. VAT. */
  basis_cents: Cents | null;
  supplier_id: number | null;
  partner_id: string | null;
  rfq_id: string | null;
  purchase_order_id: number | null;
  po_number: string | null;
  payout_id: number | null;
  /** Why staff reversed a success fee; null on every other line. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Johannesburg day it was written: the month it closes in. */
  on_day: string;
  created_at: IsoText;
}

export interface MonthClosesTable {
  /** `YYYY-MM`, a Johannesburg month. */
  month: string;
  closed_at: IsoText;
  /** `staff:{id}` or `cli`. */
  closed_by: string;
}

/** An invoice to a supplier or a statement to a partner, as issued. */
export interface BillingDocumentsTable {
  id: Generated<number>;
  kind: 'invoice' | 'statement';
  /** `INV-2026-000123` or `ST-2026-000045`: sequential per series and year. */
  number: string;
  month: string;
  supplier_id: number | null;
  partner_id: string | null;
  issued_on: string;
  subtotal_cents: Cents;
  vat_cents: Cents;
  total_cents: Cents;
  /** A statement's balance below the minimum payout carried in from the month before. */
  brought_forward_cents: ColumnType<number | string, number | undefined, number>;
  /** A statement's balance below the minimum payout, carried to the next month. */
  carried_forward_cents: ColumnType<number | string, number | undefined, number>;
  /** The parties as they stood at issue (JSON: Procura's name, address and VAT number, and the supplier's or partner's); null before they were kept. */
  parties_json: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: IsoText;
}

/** The ledger lines an invoice or statement sums: each line on one document. */
export interface BillingDocumentLinesTable {
  document_id: number;
  ledger_line_id: number;
}

export interface DocumentCountersTable {
  series: 'INV' | 'ST';
  year: number;
  last_number: number;
}

/** What a statement makes payable to a partner: due until staff record it paid. */
export interface PartnerPayoutsTable {
  id: Generated<number>;
  statement_id: number;
  partner_id: string;
  amount_cents: Cents;
  due_on: string;
  paid_on: string | null;
  bank_reference: string | null;
  created_at: IsoText;
}

export interface DB {
  purchase_orders: PurchaseOrdersTable;
  order_receipts: OrderReceiptsTable;
  purchase_order_counters: PurchaseOrderCountersTable;
  ledger_lines: LedgerLinesTable;
  month_closes: MonthClosesTable;
  billing_documents: BillingDocumentsTable;
  billing_document_lines: BillingDocumentLinesTable;
  document_counters: DocumentCountersTable;
  partner_payouts: PartnerPayoutsTable;
  cities: CitiesTable;
  sectors: SectorsTable;
  categories: CategoriesTable;
  catalogue_items: CatalogueItemsTable;
  suppliers: SuppliersTable;
  supplier_categories: SupplierCategoriesTable;
  supplier_coverage: SupplierCoverageTable;
  offers: OffersTable;
  rfqs: RfqsTable;
  widget_loads: WidgetLoadsTable;
  partners: PartnersTable;
  rate_limit_windows: RateLimitWindowsTable;
  staff_users: StaffUsersTable;
  sign_in_links: SignInLinksTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  supplier_users: SupplierUsersTable;
  supplier_invitations: SupplierInvitationsTable;
  supplier_sessions: SupplierSessionsTable;
  buyer_accounts: BuyerAccountsTable;
  supplier_applications: SupplierApplicationsTable;
  buyer_sessions: BuyerSessionsTable;
  buyer_profiles: BuyerProfilesTable;
  buyer_approvals: BuyerApprovalsTable;
  supplier_audit: SupplierAuditTable;
  prospects: ProspectsTable;
  sales_activities: SalesActivitiesTable;
  demo_requests: DemoRequestsTable;
  share_links: ShareLinksTable;
  partner_hosts: PartnerHostsTable;
  partner_credits: PartnerCreditsTable;
  quotes: QuotesTable;
  rfq_lines: RfqLinesTable;
  quote_lines: QuoteLinesTable;
  idempotency_keys: IdempotencyKeysTable;
  meta: MetaTable;
  outbox: OutboxTable;
  mail_suppressions: MailSuppressionsTable;
  mail_links: MailLinksTable;
  supplier_mail_stops: SupplierMailStopsTable;
  supplier_stop_links: SupplierStopLinksTable;
  address_counts: AddressCountsTable;
  sign_in_failures: SignInFailuresTable;
  scrape_sessions: ScrapeSessionsTable;
  scrape_pages: ScrapePagesTable;
  scrape_items: ScrapeItemsTable;
  scrape_directories: ScrapeDirectoriesTable;
  analytics_events: AnalyticsEventsTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_daily: AnalyticsDailyTable;
  consent_records: ConsentRecordsTable;
  data_requests: DataRequestsTable;
}

/** Addresses that asked for no more buyer e-mails, by hash. */
export interface MailSuppressionsTable {
  address_hash: string;
  reason: 'unsubscribe' | 'not-me';
  created_at: IsoText;
}

/** A listed business that asked for no more e-mails, by the hash of its address, until it joins. */
export interface SupplierMailStopsTable {
  address_hash: string;
  created_at: IsoText;
}

/** The stop links in e-mails to a listed business with no workspace user: the hash of the random token, and whose it is. */
export interface SupplierStopLinksTable {
  token_hash: string;
  supplier_id: number;
  address_hash: string;
  masked_address: string;
  created_at: IsoText;
}

/** The unsubscribe links in buyer e-mails: the hash of the random token, and whose it is. */
export interface MailLinksTable {
  token_hash: string;
  address_hash: string;
  /** Shown on the link's page, so its reader knows which address it is about. */
  masked_address: string;
  created_at: IsoText;
}

/** One buyer e-mail received, or one request sent, by an address; kept 24 hours. */
/** Failed staff sign-ins in a row for one subject (an account or a client address, hashed). */
export interface SignInFailuresTable {
  subject: string;
  failures: number;
  last_failure_at: IsoText;
  /** The earliest the subject may try again. */
  next_attempt_at: IsoText;
}

/** What the mail guard counts of one mailbox in ten minutes (`slot`: their UTC start, `YYYY-MM-DDTHH:M`). */
export interface AddressCountsTable {
  address_hash: string;
  slot: string;
  requests: Generated<number>;
  quote_emails: Generated<number>;
  data_requests: Generated<number>;
  registration_emails: Generated<number>;
}

export type ScrapeKind = 'url' | 'directories' | 'products' | 'sample';
export type ScrapeStatus = 'running' | 'completed' | 'stopped' | 'failed' | 'interrupted';
export type ScrapeDecision = 'pending' | 'approved' | 'rejected';
export type DuplicateReason = 'email' | 'domain' | 'name' | 'product';

/** A crawl. `running` is 1 while it runs, else null: a unique index allows one running crawl. */
export interface ScrapeSessionsTable {
  id: Generated<number>;
  kind: ScrapeKind;
  status: ScrapeStatus;
  running: 1 | null;
  start_urls: string; // JSON array
  pages_planned: ColumnType<number, number | undefined, number>;
  pages_done: ColumnType<number, number | undefined, number>;
  pages_failed: ColumnType<number, number | undefined, number>;
  stop_requested: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** The runner (one per server process) working on it. */
  owner: string;
  heartbeat_at: IsoText;
  started_at: IsoText;
  finished_at: IsoText | null;
}

export interface ScrapePagesTable {
  id: Generated<number>;
  session_id: number;
  url: string;
  supplier_id: number | null;
  status: 'pending' | 'done' | 'failed';
  error: string | null;
  suppliers_found: ColumnType<number, number | undefined, number>;
  products_found: ColumnType<number, number | undefined, number>;
  fetched_at: IsoText | null;
}

/** A supplier or product a crawl found, in the review list. */
export interface ScrapeItemsTable {
  id: Generated<number>;
  session_id: number;
  kind: 'supplier' | 'product';
  source_url: string;
  name: string;
  name_key: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  domain: string | null;
  city_id: string | null;
  city_text: string | null;
  province: string | null;
  category_id: string | null;
  catalogue_item_id: string | null;
  price_cents: number | null;
  currency: string | null;
  unit: string | null;
  sku: string | null;
  seller_name: string | null;
  details: string; // JSON: address, keywords, schema.org types, data source
  notes: string; // JSON array of sentences
  failures: string; // JSON array: the automatic checks it failed
  duplicate_of_item_id: number | null;
  duplicate_of_supplier_id: number | null;
  duplicate_reason: DuplicateReason | null;
  decision: ScrapeDecision;
  /** 'checks' when the automatic checks rejected it, else who decided. */
  decided_by: string | null;
  decided_at: IsoText | null;
  supplier_id: number | null;
  created_at: IsoText;
}

export interface ScrapeDirectoriesTable {
  url: string;
  added_at: IsoText;
}

/** One consented visitor's event; raw rows are kept 30 days (see server/analytics). */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  /** YYYY-MM-DD (UTC) of `occurred_at`: the day whose salt hashed the session. */
  day: string;
  occurred_at: IsoText;
  /** SHA-256 of the session id under the day's salt; the salt is deleted when the day ends. */
  session_hash: string;
  type: 'page-view' | 'product-interest' | 'form-interaction' | 'quote-request';
  device: 'mobile' | 'tablet' | 'desktop';
  /** A route pattern (`/quote/:token`), never a path with an id or a query string. */
  path: string | null;
  time_spent_ms: number | null;
  /** A catalogue product's name, never typed text. */
  product_name: string | null;
  category: string | null;
  quantity: number | null;
  price_viewed_cents: number | null;
  form_action: 'start' | 'field_change' | 'submit' | null;
  field_name: string | null;
  estimated_value_cents: number | null;
  /** A city of Procura's list, never typed text. */
  city: string | null;
}

/** The salt of one day's session hashes. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
  created_at: IsoText;
}

/** A finished day's figures, kept after its raw events are deleted. */
export interface AnalyticsDailyTable {
  day: string;
  metric: string;
  key: string;
  value: number;
}

/** Proof of one cookie choice; kept 3 years. */
export interface ConsentRecordsTable {
  id: Generated<number>;
  /** Random, made by the browser and kept in its stored choice; shown in the preferences. */
  consent_id: string;
  analytics: number; // 0 | 1
  revision: number;
  global_privacy_control: number; // 0 | 1
  /** The time the browser stored the choice. */
  decided_at: IsoText;
  recorded_at: IsoText;
}

/** A buyer's request to see and delete their data; the link works one hour. */
export interface DataRequestsTable {
  /** SHA-256 of the link's token. */
  token_hash: string;
  /** Lower-cased; deleted with the row once the link has expired or been used. */
  email: string;
  created_at: IsoText;
  expires_at: IsoText;
  used_at: IsoText | null;
}

/** A supplier's person, who signs in with one-time links. */
export interface SupplierUsersTable {
  id: Generated<number>;
  supplier_id: number;
  /** Lower-cased; deleted with the row. */
  email: string;
  name: string;
  disabled_at: IsoText | null;
  created_at: IsoText;
  last_sign_in_at: IsoText | null;
  /** The last sign-in or signed-in call; an account unused for 24 months is deleted. */
  last_used_at: IsoText | null;
  /** When the one e-mail saying the account will be deleted was written; cleared by a use. */
  expiry_warned_at: IsoText | null;
}

/**
 * Someone a supplier's team invited: shown in its list as invited until a person of that supplier
 * with the address has signed in. The same for an address that could be added and one that
 * belongs to another supplier's person, whom nothing was sent.
 */
export interface SupplierInvitationsTable {
  id: Generated<number>;
  supplier_id: number;
  /** Lower-cased; deleted with the row. */
  email: string;
  name: string;
  created_at: IsoText;
}

/** A buyer who signs in to see their requests: one per address that made a request. */
export interface BuyerAccountsTable {
  id: Generated<number>;
  /** Lower-cased; deleted with the row. */
  email: string;
  created_at: IsoText;
  last_sign_in_at: IsoText | null;
  /** The last sign-in or signed-in call; an account unused for 24 months is deleted. */
  last_used_at: IsoText | null;
  /** When the one e-mail saying the account will be deleted was written; cleared by a use. */
  expiry_warned_at: IsoText | null;
  /** The company's first user; null when this account is it. */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  role: ColumnType<BuyerRole, BuyerRole | undefined, BuyerRole>;
  /** The name a colleague was invited by. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  /** A requester's limit per order, incl. VAT; null: none. */
  spending_limit_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An approver invites colleagues and approves what waits; a requester's orders above a limit wait. */
export type BuyerRole = 'approver' | 'requester';

/** An acceptance above its requester's limit, held until an approver decides. */
export interface BuyerApprovalsTable {
  id: Generated<number>;
  /** The company's first user's account id. */
  company_id: number;
  requester_account_id: number | null;
  rfq_id: string;
  kind: 'accept' | 'split';
  /** `[{ quoteId, lineNos }]`, lineNos null for one product. */
  awards_json: string;
  /** The buyer's order details; null once decided. */
  order_details_json: string | null;
  /** The tracking token the acceptance was made with; null once decided. */
  tracking_token: string | null;
  total_incl_vat_cents: number;
  /** `expired`: closed unordered, decided by no one, once its quotes' validity ended or its request's personal data was deleted. */
  status: ColumnType<'waiting' | 'approved' | 'rejected' | 'expired', 'waiting' | undefined, 'waiting' | 'approved' | 'rejected' | 'expired'>;
  reason: string | null;
  requested_at: IsoText;
  decided_at: IsoText | null;
  decided_by_account_id: number | null;
}

/** A buyer account's saved details, personal data deleted with the account. */
export interface BuyerProfilesTable {
  buyer_account_id: number;
  company_name: string | null;
  contact_name: string | null;
  /** In +27 form. */
  phone: string | null;
  vat_number: string | null;
  /** `[{ label, deliveryAddress, city }]`. */
  addresses_json: string;
  default_purchase_order_prefix: string | null;
  updated_at: IsoText;
}

export interface BuyerSessionsTable {
  /** SHA-256 of the session id the cookie carries. */
  id_hash: string;
  buyer_account_id: number;
  created_at: IsoText;
  last_seen_at: IsoText;
  expires_at: IsoText;
}

export interface SupplierSessionsTable {
  /** SHA-256 of the session id the cookie carries. */
  id_hash: string;
  supplier_user_id: number;
  created_at: IsoText;
  last_seen_at: IsoText;
  expires_at: IsoText;
}

export interface SupplierAuditTable {
  id: Generated<number>;
  supplier_id: number;
  supplier_user_id: number;
  action: string;
  rows: number;
  detail: string;
  created_at: IsoText;
}

/** A business's application to supply through Procura, until staff decide it (and after). */
export interface SupplierApplicationsTable {
  id: Generated<number>;
  company_name: string;
  trading_name: string | null;
  /** CIPC's YYYY/NNNNNN/NN. */
  registration_number: string;
  /** 10 digits starting with 4, or null. */
  vat_number: string | null;
  /** 1-8, 0 for non-compliant, null when none was given. */
  bbee_level: number | null;
  /** The last day (YYYY-MM-DD) the B-BBEE certificate counts, with a level 1-8. */
  bbee_expires_on: string | null;
  contact_name: string;
  /** Lower-cased; deleted with the row. */
  email: string;
  /** +27 form. */
  phone: string;
  city_id: string;
  /** JSON array of category ids. */
  categories: string;
  website: string | null;
  status: 'unverified' | 'pending' | 'approved' | 'rejected';
  /** The supplier the application claims to be, once verified, and by which key. */
  claim_supplier_id: number | null;
  claim_reason: 'registrationNumber' | 'vatNumber' | 'websiteDomain' | null;
  /** The supplier it was approved as. */
  supplier_id: number | null;
  rejection_reason: string | null;
  created_at: IsoText;
  verified_at: IsoText | null;
  decided_at: IsoText | null;
}
