// The Content-Security-Policy forbids eval, which zod tries once, as its first object schema is
// made, to compile parsers (the browser then reports the refusal as a policy violation). Parsing
// works the same without. zod reads its settings from this global when it loads (the way two
// copies of zod share them), so setting it here, before any chunk that holds zod runs, turns the
// attempt off without loading zod with every page. Imported first by main.tsx.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
