/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines with their allow and disallow rules,
 * the longest matching rule deciding (allow on a tie), `*` and `$` in patterns, and the widely
 * used `Crawl-delay` extension. The groups naming our product token apply, else the `*` groups.
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
}

/** Most rules kept for one site, and the longest pattern kept: what is past them is ignored. */
export const MAX_RULES = 5_000;
export const MAX_PATTERN_LENGTH = 2_048;
interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelay: number | null;
}

/** Upper-case percent escapes, unreserved characters decoded, anything else outside ASCII encoded. */
function normalizeEncoding(text: string): string {
  const encoded = text.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  return encoded.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`;
  });
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

/** The product token robots.txt groups are matched with: `ProcuraBot` of `ProcuraBot/1.0 (...)`. */
export function productToken(userAgent: string): string {
  return userAgent.split(/[/\s]/)[0]!.toLowerCase();
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  let rules = 0;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelay: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    // As Google's parser reads RFC 9309: only a rule ends a group's list of user agents; other
    // lines (Sitemap, Crawl-delay, anything unknown) neither start a group nor end that list.
    if (key === 'allow' || key === 'disallow') {
      lastWasAgent = false;
      if (!current) continue; // rules before any user-agent line belong to no group
      if (value === '') continue; // an empty rule matches nothing
      if (rules >= MAX_RULES || value.length > MAX_PATTERN_LENGTH) continue;
      const pattern = normalizeEncoding(value.startsWith('/') || value.startsWith('*') ? value : `/${value}`);
      current.rules.push({ allow: key === 'allow', pattern });
      rules++;
    } else if (current && key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return groups;
}

/**
 * Reads robots.txt for `userAgent`.
 * @example parseRobots('User-agent: *\nDisallow: /private', 'ProcuraBot/1.0').isAllowed(new URL('https://x.example/private/a')) // false
 */
export function parseRobots(text: string, userAgent: string): RobotsRules {
  const token = productToken(userAgent);
  const groups = parseGroups(text);
  const agentMatches = (agent: string) => agent !== '*' && productToken(agent) === token;
  let chosen = groups.filter((g) => g.agents.some(agentMatches));
  if (chosen.length === 0) chosen = groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== null);
  return {
    crawlDelaySeconds: delays.length ? Math.max(...delays) : null,
    isAllowed(url: URL): boolean {
      const path = normalizeEncoding(`${url.pathname}${url.search}`);
      if (path === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!patternMatches(rule.pattern, path)) continue;
        if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) {
          best = rule;
        }
      }
      return best ? best.allow : true;
    },
  };
}

/** A site whose robots.txt is missing (4xx): everything may be fetched. */
export const ALLOW_ALL: RobotsRules = { crawlDelaySeconds: null, isAllowed: () => true };

/** A site whose robots.txt could not be read (5xx, unreachable): nothing may be fetched. */
export const DISALLOW_ALL: RobotsRules = { crawlDelaySeconds: null, isAllowed: (url) => url.pathname === '/robots.txt' };
