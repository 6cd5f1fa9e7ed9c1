/**
 * The house's rules (docs/architecture.md), checked by `npm run check:layers`, which `npm test`
 * runs: a rule broken fails the build. Exceptions are named here with their reason.
 * @type {import('dependency-cruiser').IConfiguration}
 */
/**
 * The modules that read other resources' rows by design: the mail sender (mail-sender/) renders
 * each e-mail from the rows its payload names (a request, its quotes, a partner, a demo booking)
 * and its worker fans a request's leads out, a read model kept in one folder on the top floor;
 * the scraper's approval writes a supplier through the catalogue import's own statements, so an
 * approved find and an imported one are stored alike.
 */
const READ_MODELS = ['^server/mail-sender/', '^server/scraping/import-path\\.ts$'];

/**
 * What the mail vocabulary (mail/: the outbox's messages and rows, the guard of who may be
 * e-mailed, its unsubscribe pages) may import: the ground floor, the routers' deps and errors, and
 * the rate limiter its link pages are limited by (limits/ writes no e-mail and imports only the
 * ground floor). Every service that writes e-mail imports mail/, so mail/ importing any of them
 * would be a loop.
 */
const MAIL_MAY_IMPORT = ['^server/(mail|db|lib|domain|limits)/', '^server/(deps|errors|config)\\.ts$'];

/** A repository at any depth of a resource's folder (the import engine's sits in `catalogue/import/`). */
const REPOSITORY_PATH = '^server/[^/]+/.+\\.repository\\.ts$';

/**
 * Repositories of a mechanism every kind of signed-in person shares rather than of one resource:
 * the sessions of staff and of suppliers' users, stored alike and named by their kind, so each
 * kind's service stores its sessions through it.
 */
const SHARED_REPOSITORIES = '^server/http/sessions\\.repository\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes a module half-initialised when it is first read.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'sdk-imports-nothing-of-ours',
      severity: 'error',
      comment: 'sdk/ is the published package: it imports nothing of the application, not even its private contract.',
      from: { path: '^sdk/' },
      to: { path: '^(contract|server|portal|widget|e2e|examples|build|bench)/' },
    },
    {
      name: 'contract-imports-only-sdk',
      severity: 'error',
      comment: 'contract/ is what the portal and the server share beyond the package: schemas and clients, built on the sdk alone.',
      from: { path: '^contract/' },
      to: { path: '^(server|portal|widget|e2e|examples|build|bench)/' },
    },
    {
      name: 'widget-imports-only-sdk',
      severity: 'error',
      comment: 'The widget runs on partner sites: it imports the sdk and nothing else of ours (its shared controls, widget/ui/, are its own folder).',
      from: { path: '^widget/' },
      to: { path: '^(server|portal|e2e|examples)/' },
    },
    {
      name: 'shared-controls-import-only-the-sdk',
      severity: 'error',
      comment:
        "widget/ui/ holds the controls and helpers the widget's forms and the portal share (text fields, submit buttons, the combobox, a refused submission's field messages, the buttons' styles). The iframe builds them on @preact/compat and the portal on React, so they import the sdk and React's own modules, nothing else: not the widget's forms, not the portal, no other package.",
      from: { path: '^widget/ui/', pathNot: '\\.test\\.tsx?$' },
      to: { pathNot: ['^widget/ui/', '^sdk/', '^node_modules/(react|react-dom|@types/react)/'] },
    },
    {
      name: 'who-imports-the-shared-controls',
      severity: 'error',
      comment:
        "widget/ui/ is for the pages people fill in: the widget's forms and iframe page, and the portal (the journeys may import it to check what it renders). The loader partners paste stays free of any framework, and the sdk, contract and server render no controls.",
      from: { pathNot: ['^widget/(ui|app|embed)/', '^portal/', '^e2e/'] },
      to: { path: '^widget/ui/' },
    },
    {
      name: 'nothing-imports-the-server',
      severity: 'error',
      comment:
        'Only the server and its own tests read server/. Exception: the docs page test renders the OpenAPI document the server serves, so the page and the document cannot drift apart.',
      from: { pathNot: ['^server/', '^portal/features/docs/DocsPage\\.test\\.tsx$'] },
      to: { path: '^server/' },
    },
    {
      name: 'nothing-imports-the-portal',
      severity: 'error',
      comment: 'Only the portal reads portal/; the journeys may import it to check what it renders.',
      from: { pathNot: '^(portal|e2e)/' },
      to: { path: '^portal/' },
    },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'A portal feature never imports another: what two share lives in components/ or lib/.',
      from: { path: '^portal/features/([^/]+)/' },
      to: { path: '^portal/features/', pathNot: '^portal/features/$1/' },
    },
    {
      name: 'the-catalogue-is-below-its-users',
      severity: 'error',
      comment:
        'The catalogue holds the market and the price-list import engine that the admin console, the scraper and the supplier workspace all use; it never imports them back.',
      from: { path: '^server/catalogue/' },
      to: { path: '^server/(admin|scraping|supplier)/' },
    },
    {
      name: 'routers-never-read-repositories',
      severity: 'error',
      comment: 'A router parses, authorises and answers; what it reads or writes goes through its service.',
      from: { path: '\\.router\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'services-keep-to-their-resource',
      severity: 'error',
      comment:
        "A service reads another resource's data through that resource's service, never its repository. The folder is the resource: requests/ is one aggregate (a request, its quotes and orders, their paperwork, the suppliers' leads and answers, the buyer's data requests over them), written and read together in one transaction, so its sub-folders share its repositories.",
      from: { path: '^server/([^/]+)/', pathNot: ['\\.test\\.ts$', '\\.repository\\.ts$', ...READ_MODELS] },
      to: { path: REPOSITORY_PATH, pathNot: ['^server/$1/', SHARED_REPOSITORIES] },
    },
    {
      name: 'mail-imports-no-producer',
      severity: 'error',
      comment:
        'The services that write e-mail import mail/ for its vocabulary; mail/ imports none of them, nor the sender that renders and sends what they wrote.',
      from: { path: '^server/mail/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/', pathNot: MAIL_MAY_IMPORT },
    },
    {
      name: 'only-the-wiring-imports-the-sender',
      severity: 'error',
      comment:
        "The mail sender (mail-sender/) reads the producers' rows, so a producer importing it would be a loop: only the app, the command line and the tests, which wire or drive the whole server, import it.",
      from: { path: '^server/', pathNot: ['^server/mail-sender/', '^server/(app|cli)\\.ts$', '\\.test\\.ts$', '^server/test/'] },
      to: { path: '^server/mail-sender/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph, unfollowed, so a rule can name which packages a folder may use.
    exclude: { path: '(^|/)dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
