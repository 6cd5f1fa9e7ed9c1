/**
 * Every error code the API answers with, grouped by the module that raises it, each with the one
 * HTTP status it always has: a code means one thing and one status everywhere, so a client can
 * branch on the code alone. {@link ApiError} accepts only these codes, each only with its status
 * (the compiler refuses anything else), and the OpenAPI document lists them in its error schema.
 * A new code is added here first, in the group of the module that raises it.
 */
export const ERROR_CODES = {
  /** The request itself, before any resource: parsing, limits, origins, the server's state. */
  http: {
    validation_error: 400,
    bad_request: 400,
    invalid_json: 400,
    request_aborted: 400,
    invalid_idempotency_key: 400,
    unauthorized: 401,
    bad_origin: 403,
    not_found: 404,
    method_not_allowed: 405,
    request_timeout: 408,
    payload_too_large: 413,
    unsupported_media_type: 415,
    rate_limited: 429,
    headers_too_large: 431,
    internal_error: 500,
    not_implemented: 501,
    not_ready: 503,
    database_unavailable: 503,
  },
  /** Staff accounts, sign-in and set-password links. */
  staff: {
    invalid_token: 400,
    invalid_credentials: 401,
    forbidden: 403,
  },
  /** The ledger, the month-end close and payouts. */
  billing: {
    month_not_closable: 409,
    payout_not_found: 404,
    payout_paid: 409,
    vat_number_missing: 409,
    fee_not_found: 404,
    fee_reversed: 409,
    invoice_not_found: 404,
    statement_not_found: 404,
  },
  /** Quote requests. */
  rfq: {
    rfq_not_found: 404,
    idempotency_key_reused: 422,
  },
  /** A buyer's actions on a request's quotes through a tracking token. */
  quotes: {
    quote_not_found: 404,
    purchase_order_not_found: 404,
    paperwork_busy: 503,
    quote_expired: 409,
    quote_withdrawn: 409,
    quote_accepted: 409,
    rfq_awarded: 409,
    rfq_closed: 409,
    rfq_anonymised: 409,
    line_awarded: 409,
    not_a_basket: 409,
    nothing_to_split: 409,
    demo_request: 409,
    /** An acceptance that waits for an approver of the buyer's company: nothing else of the request can be ordered meanwhile. */
    awaiting_approval: 409,
  },
  /** A buyer company's colleagues and the approvals of orders above a requester's limit. */
  buyerCompany: {
    colleague_not_found: 404,
    colleague_exists: 409,
    colleague_kept: 409,
    approval_not_found: 404,
    approval_decided: 409,
  },
  /** The accepted supplier's confirm or withdraw link. */
  supplierResponses: {
    response_not_found: 404,
    order_answered: 409,
    /** A confirmation or withdrawal of a quote the buyer has not accepted. */
    not_accepted: 409,
  },
  /** The supplier's word that an order was delivered and the buyer's receipt of it. */
  deliveries: {
    /** Delivery marked on an order its supplier has not confirmed (or none is left to mark). */
    order_not_confirmed: 409,
    /** A different delivery day for an order already marked delivered. */
    delivery_recorded: 409,
    /** A receipt for a quote the buyer has not ordered from. */
    not_ordered: 409,
    /** A different receipt for an order whose receipt is recorded. */
    receipt_recorded: 409,
  },
  /** The supplier workspace's people: sign-in links, sessions and colleagues. */
  supplier: {
    /** Another supplier's person answers the same as one that does not exist. */
    user_not_found: 404,
    /** Another supplier's invitation answers the same as one that does not exist. */
    invitation_not_found: 404,
    /** Staff only: a colleague's invitation of another supplier's person answers as any other. */
    email_taken: 409,
    user_disabled: 409,
    not_yourself: 409,
  },
  /** A supplier's leads and its firm-up or withdrawal of one. */
  supplierLeads: {
    /** Another supplier's lead answers the same as one that does not exist. */
    lead_not_found: 404,
    not_firmable: 409,
    not_declinable: 409,
    /** A basket line id that is not a line of the lead's quote. */
    line_not_found: 404,
    /** A basket line already ordered, from this supplier or another, or withdrawn. */
    line_not_open: 409,
  },
  /** A supplier's own price list. */
  supplierOffers: {
    /** Another supplier's offer answers the same as one that does not exist. */
    offer_not_found: 404,
    offer_exists: 409,
  },
  /** The widget's script. */
  embed: {
    widget_unavailable: 503,
  },
  /** Partner keys, hosts and data API tiers. */
  partners: {
    invalid_api_key: 401,
    partner_id_required: 401,
    partner_mismatch: 403,
    product_not_in_tier: 403,
    partner_not_found: 404,
    host_not_found: 404,
    host_exists: 409,
    host_limit: 409,
  },
  /** Bulk imports and supplier standing. */
  admin: {
    invalid_lines: 400,
    no_lines: 400,
    too_many_lines: 400,
    /** The path names a supplier that does not exist. */
    supplier_not_found: 404,
  },
  /** Businesses applying to supply, and staff's decisions on them. */
  supplierApplications: {
    application_not_found: 404,
    application_decided: 409,
    /** The business is on Procura with people who sign in for it: a colleague invites, or they sign in. */
    supplier_has_users: 409,
  },
  /** Prospects, their CSV and share links. */
  sales: {
    invalid_csv: 400,
    prospect_not_found: 404,
    share_link_not_found: 404,
    prospect_contacted: 409,
  },
  /** Buyers' data request links. */
  privacy: {
    link_expired: 410,
  },
  /** The supplier crawler and its review list. */
  scraping: {
    url_refused: 400,
    no_directories: 400,
    no_supplier_sites: 400,
    crawl_running: 409,
    not_running: 409,
    already_decided: 409,
    supplier_exists: 409,
    supplier_not_approved: 409,
    /** A found product's supplier was removed after the product was found: approve it for another. */
    product_supplier_missing: 409,
    shutting_down: 503,
  },
} as const satisfies Record<string, Record<string, number>>;

type Groups = typeof ERROR_CODES;

/** A module that raises errors. */
export type ErrorModule = keyof Groups;

/** The codes of one module, e.g. `ErrorCodeOf<'scraping'>`. */
export type ErrorCodeOf<M extends ErrorModule> = keyof Groups[M] & string;

/** Every error code the API answers with. */
export type ErrorCode = { [M in ErrorModule]: ErrorCodeOf<M> }[ErrorModule];

/** The one status a code is answered with. */
export type ErrorStatus<C extends ErrorCode> = { [M in ErrorModule]: C extends keyof Groups[M] ? Groups[M][C] : never }[ErrorModule];

/** Every code with its status, in the order of {@link ERROR_CODES}. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze(Object.assign({}, ...Object.values(ERROR_CODES)) as Record<ErrorCode, number>);

/** Every code, in the order of {@link ERROR_CODES}. */
export const ALL_ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
