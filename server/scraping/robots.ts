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
  regex: RegExp;
}

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

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`, 's');
}

/** The product token robots.txt groups are matched with: `ProcuraBot` of `ProcuraBot/1.0 (...)`. */
export function productToken(userAgent: string): string {
  return userAgent.split(/[/\s]/)[0]!.toLowerCase();
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
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
    lastWasAgent = false;
    if (!current) continue; // rules before any user-agent line belong to no group
    if (key === 'allow' || key === 'disallow') {
      if (value === '') continue; // an empty rule matches nothing
      const pattern = normalizeEncoding(value.startsWith('/') || value.startsWith('*') ? value : `/${value}`);
      current.rules.push({ allow: key === 'allow', pattern, regex: compile(pattern) });
    } else if (key === 'crawl-delay') {
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
        if (!rule.regex.test(path)) continue;
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
