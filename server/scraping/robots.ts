/**
 * robots.txt as Google's parser reads it (google/robotstxt, which its own tests check against
 * RFC 9309): groups of user-agent lines with their allow and disallow rules, the longest matching
 * rule deciding (allow on a tie), `*` and `$` in patterns. Where Google's parser departs from plain
 * RFC 9309, so does this one: a missing colon may be whitespace (`disallow /`); a key is known by
 * its start, common misspellings included (`useragent`, `disalow`); the name on a user-agent line
 * ends at its first character outside [a-zA-Z_-] (`FooBot/2.1` names FooBot); a rule is escaped
 * only where it is not ASCII, with escapes upper-cased and none decoded (`%62%61%7A` is not `baz`);
 * allowing `.../index.html` allows its directory `.../`; lines are cut at 16,663 bytes; a byte-order
 * mark, whole or partial, is skipped at the start only. Its own additions: the `Crawl-delay`
 * extension, `/robots.txt` always allowed, a rule not starting with `/` or `*` read as if it did, the
 * URL's escapes upper-cased as a rule's are, and caps on the rules kept and their length.
 */
export interface RobotsRules {
  /** Whether the path and query of a URL on this site may be fetched. */
  isAllowed(url: URL): boolean;
  /** Seconds to wait between requests that the matching group asks for, if any. */
  crawlDelaySeconds: number | null;
}

interface Rule {
  allow: boolean;
  pattern: string;
  /** For an allow of `.../index.htm(l)`, the directory it also allows: `.../$`. */
  directory?: string;
}

/** Most rules kept for one site, and the longest pattern kept: a longer one is cut, as Google cuts a long line. */
export const MAX_RULES = 5_000;
export const MAX_PATTERN_LENGTH = 2_048;
/** Google's kMaxLineLen less its terminating byte: what is past this on a line is not read. */
const MAX_LINE_BYTES = 2083 * 8 - 1;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

interface Group {
  /** Product tokens named, lower-cased. */
  agents: string[];
  /** Whether a `*` line names everyone. */
  global: boolean;
  rules: Rule[];
  crawlDelay: number | null;
}

type Key = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay';
/** Google knows a key by how it starts, and forgives these misspellings. */
const KEY_STARTS: [Key, string[]][] = [
  ['user-agent', ['user-agent', 'useragent', 'user agent']],
  ['allow', ['allow']],
  ['disallow', ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map']],
];

function keyOf(text: string): Key | null {
  const lower = text.toLowerCase();
  for (const [key, starts] of KEY_STARTS) if (starts.some((start) => lower.startsWith(start))) return key;
  return lower === 'crawl-delay' ? 'crawl-delay' : null;
}

const isAsciiSpace = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d);

/**
 * Google strips ASCII whitespace only: a byte such as 0xA0 belongs to the value. A loop, not a
 * regular expression, whose `\s+$` would take quadratic time on a long line of spaces.
 */
function stripAscii(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiSpace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** `[key, value]` of a line, with its comment gone; the colon may be whitespace if the line is two words. */
function keyAndValue(line: string): [string, string] | null {
  const hash = line.indexOf('#');
  const text = stripAscii(hash < 0 ? line : line.slice(0, hash));
  let separator = text.indexOf(':');
  if (separator < 0) {
    separator = text.search(/[ \t]/);
    if (separator < 0 || /[ \t]/.test(text.slice(separator).replace(/^[ \t]+/, ''))) return null;
  }
  const key = stripAscii(text.slice(0, separator));
  return key === '' ? null : [key, stripAscii(text.slice(separator + 1))];
}

/** Google's escaping of a rule: bytes outside ASCII percent-encoded, existing escapes upper-cased, nothing decoded. */
function escapePattern(bytes: string): string {
  return bytes.replace(/%([0-9a-fA-F]{2})|[\x80-\xff]/g, (match, hex: string | undefined) =>
    hex ? `%${hex.toUpperCase()}` : `%${match.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Whether a rule's pattern (`*` for any run of characters, `$` at the end for the end of the path)
 * matches the start of `path`. Linear in practice and never worse than the pattern's length times
 * the path's: the parts between stars are found left to right, each at its first place after the
 * last (the first place is always the best for a pattern whose only wildcard is `*`), so a hostile
 * pattern such as `/*a*a*a*a*a*b` cannot make it backtrack.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const parts = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = parts[0]!;
  if (parts.length === 1) return anchored ? path === first : path.startsWith(first);
  if (!path.startsWith(first)) return false;
  let at = first.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const found = path.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  const last = parts[parts.length - 1]!;
  return anchored ? path.length - last.length >= at && path.endsWith(last) : path.indexOf(last, at) >= 0;
}

/**
 * The product token at the start of a name, as Google reads a user-agent line: up to the first
 * character outside [a-zA-Z_-].
 * @example productToken('ProcuraBot/1.0 (+https://procura.co.za/bot)') // 'ProcuraBot'
 */
export function productToken(name: string): string {
  return /^[A-Za-z_-]*/.exec(name)![0];
}

/** The body's bytes, one character each (latin1), as Google's parser reads them; a string is read as its UTF-8. */
function bodyBytes(body: string | Uint8Array): string {
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return buffer.toString('latin1');
}

function parseGroups(body: string | Uint8Array): Group[] {
  let text = bodyBytes(body);
  let mark = 0;
  while (mark < BYTE_ORDER_MARK.length && text.charCodeAt(mark) === BYTE_ORDER_MARK[mark]) mark++;
  text = text.slice(mark);
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  let rules = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const pair = keyAndValue(line.slice(0, MAX_LINE_BYTES));
    if (!pair) continue;
    const [keyText, value] = pair;
    const key = keyOf(keyText);
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], global: false, rules: [], crawlDelay: null };
        groups.push(current);
      }
      // Google: a star followed by a space and more still names everyone.
      if (/^\*(?:[ \t\n\v\f\r]|$)/.test(value)) current.global = true;
      else current.agents.push(productToken(value).toLowerCase());
      lastWasAgent = true;
      continue;
    }
    // As Google's parser reads RFC 9309: only a rule ends a group's list of user agents; other
    // lines (Sitemap, Crawl-delay, anything unknown) neither start a group nor end that list.
    if (key === 'allow' || key === 'disallow') {
      lastWasAgent = false;
      if (!current) continue; // rules before any user-agent line belong to no group
      if (value === '') continue; // an empty rule matches nothing
      if (rules >= MAX_RULES) continue;
      const pattern = escapePattern(value.startsWith('/') || value.startsWith('*') ? value : `/${value}`).slice(0, MAX_PATTERN_LENGTH);
      const rule: Rule = { allow: key === 'allow', pattern };
      // Google: an allowed index.htm or index.html allows its directory too, and only that.
      const slash = pattern.lastIndexOf('/');
      if (rule.allow && pattern.startsWith('/index.htm', slash)) rule.directory = `${pattern.slice(0, slash + 1)}$`;
      current.rules.push(rule);
      rules++;
    } else if (current && key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return groups;
}

/** How many characters of a rule match `path`, -1 for none: the longest match decides. */
function matchLength(rule: Rule, path: string): number {
  if (patternMatches(rule.pattern, path)) return rule.pattern.length;
  return rule.directory && patternMatches(rule.directory, path) ? rule.directory.length : -1;
}

/**
 * Reads robots.txt, its bytes as served (a string is read as UTF-8), for the crawler whose product
 * token is `agent`; matched whole and in any case against the name on each user-agent line.
 * @example parseRobots('User-agent: *\nDisallow: /private', 'ProcuraBot').isAllowed(new URL('https://x.example/private/a')) // false
 */
export function parseRobots(body: string | Uint8Array, agent: string): RobotsRules {
  const token = agent.toLowerCase();
  const groups = parseGroups(body);
  let chosen = groups.filter((g) => g.agents.includes(token));
  if (chosen.length === 0) chosen = groups.filter((g) => g.global);
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== null);
  return {
    crawlDelaySeconds: delays.length ? Math.max(...delays) : null,
    isAllowed(url: URL): boolean {
      // A URL's path is escaped already; its escapes are upper-cased as a rule's are.
      const path = `${url.pathname}${url.search}`.replace(/%[0-9a-fA-F]{2}/g, (hex) => hex.toUpperCase());
      if (path === '/robots.txt') return true;
      let allow = -1;
      let disallow = -1;
      for (const rule of rules) {
        const length = matchLength(rule, path);
        if (rule.allow) allow = Math.max(allow, length);
        else disallow = Math.max(disallow, length);
      }
      return disallow <= allow;
    },
  };
}

/** A site whose robots.txt is missing (4xx): everything may be fetched. */
export const ALLOW_ALL: RobotsRules = { crawlDelaySeconds: null, isAllowed: () => true };

/** A site whose robots.txt could not be read (5xx, unreachable): nothing may be fetched. */
export const DISALLOW_ALL: RobotsRules = { crawlDelaySeconds: null, isAllowed: (url) => url.pathname === '/robots.txt' };
