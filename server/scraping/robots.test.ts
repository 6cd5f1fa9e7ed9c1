import { describe, expect, it } from 'vitest';
import { ALLOW_ALL, DISALLOW_ALL, MAX_PATTERN_LENGTH, MAX_RULES, parseRobots, patternMatches, productToken } from './robots';

const UA = 'ProcuraBot/1.0 (+https://procura.co.za/bot)';
const allowed = (robots: string, path: string) => parseRobots(robots, UA).isAllowed(new URL(path, 'https://dir.example.co.za'));

describe('robots.txt', () => {
  it('takes the product token from the user agent', () => {
    expect(productToken(UA)).toBe('procurabot');
  });

  it('obeys the * group when no group names ProcuraBot', () => {
    const robots = 'User-agent: *\nDisallow: /private\n';
    expect(allowed(robots, '/private')).toBe(false);
    expect(allowed(robots, '/private/list?page=2')).toBe(false);
    expect(allowed(robots, '/privateer')).toBe(false);
    expect(allowed(robots, '/suppliers')).toBe(true);
  });

  it('obeys only the group that names ProcuraBot when there is one, in any case and with a version', () => {
    const robots = ['User-agent: *', 'Disallow: /', '', 'User-agent: procurabot/2.0', 'Disallow: /admin'].join('\n');
    expect(allowed(robots, '/suppliers')).toBe(true);
    expect(allowed(robots, '/admin/x')).toBe(false);
    expect(allowed('User-agent: OtherBot\nDisallow: /\n', '/anything')).toBe(true);
  });

  it('lets consecutive user-agent lines share a group and merges groups for the same agent', () => {
    const robots = ['User-agent: Googlebot', 'User-agent: ProcuraBot', 'Disallow: /a', '', 'User-agent: ProcuraBot', 'Disallow: /b'].join('\n');
    expect(allowed(robots, '/a')).toBe(false);
    expect(allowed(robots, '/b')).toBe(false);
    expect(allowed(robots, '/c')).toBe(true);
  });

  it('lets the longest matching rule decide, allow winning a tie', () => {
    const robots = ['User-agent: *', 'Disallow: /suppliers', 'Allow: /suppliers/public', 'Disallow: /x', 'Allow: /x'].join('\n');
    expect(allowed(robots, '/suppliers/hidden')).toBe(false);
    expect(allowed(robots, '/suppliers/public/page-1')).toBe(true);
    expect(allowed(robots, '/x')).toBe(true);
  });

  it('reads * and $ in patterns and matches the query', () => {
    const robots = ['User-agent: *', 'Disallow: /*.pdf$', 'Disallow: /*?sort=', 'Disallow: /exact$'].join('\n');
    expect(allowed(robots, '/files/list.pdf')).toBe(false);
    expect(allowed(robots, '/files/list.pdf?x=1')).toBe(true);
    expect(allowed(robots, '/suppliers?sort=name')).toBe(false);
    expect(allowed(robots, '/suppliers?page=2')).toBe(true);
    expect(allowed(robots, '/exact')).toBe(false);
    expect(allowed(robots, '/exactly')).toBe(true);
  });

  it('compares percent-encoded and plain paths alike', () => {
    const robots = 'User-agent: *\nDisallow: /caf%C3%A9\nDisallow: /%7Euser\n';
    expect(allowed(robots, '/café/menu')).toBe(false);
    expect(allowed(robots, '/~user/home')).toBe(false);
  });

  it('ignores comments, empty disallows and rules outside a group, and always allows /robots.txt', () => {
    const robots = ['Disallow: /early', '# a comment', 'User-agent: * # everyone', 'Disallow:', 'Disallow: / # all'].join('\n');
    expect(allowed(robots, '/early')).toBe(false);
    expect(allowed(robots, '/robots.txt')).toBe(true);
    expect(allowed('User-agent: *\nDisallow:\n', '/anything')).toBe(true);
  });

  it('reads Crawl-delay of the chosen group', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 2.5\n', UA).crawlDelaySeconds).toBe(2.5);
    expect(parseRobots('User-agent: *\nCrawl-delay: 9\n\nUser-agent: ProcuraBot\nCrawl-delay: 3\n', UA).crawlDelaySeconds).toBe(3);
    expect(parseRobots('User-agent: *\nCrawl-delay: soon\n', UA).crawlDelaySeconds).toBeNull();
    expect(parseRobots('User-agent: *\nDisallow: /x\n', UA).crawlDelaySeconds).toBeNull();
  });

  it('matches hostile wildcard patterns without backtracking', () => {
    // A backtracking matcher takes longer than any test timeout on these; this one answers at once.
    const stars = `Disallow: /${'*a'.repeat(12)}*b`;
    const robots = `User-agent: *\n${stars}\nDisallow: /${'*a'.repeat(40)}*b$\n`;
    expect(allowed(robots, `/${'a'.repeat(2_000)}`)).toBe(true);
    expect(allowed(robots, `/${'a'.repeat(2_000)}b`)).toBe(false);
    expect(patternMatches(`/${'*a'.repeat(40)}*b$`, `/${'a'.repeat(5_000)}c`)).toBe(false);
  });

  it('matches stars and the end anchor as RFC 9309 reads them', () => {
    expect(patternMatches('/a*b*c', '/axxbyyc/more')).toBe(true);
    expect(patternMatches('/a*b*c$', '/axxbyyc/more')).toBe(false);
    expect(patternMatches('/a*b*c$', '/abcbc')).toBe(true);
    expect(patternMatches('/*.pdf$', '/files/x.pdf')).toBe(true);
    expect(patternMatches('/*.pdf$', '/files/x.pdf?x=1')).toBe(false);
    expect(patternMatches('/x$', '/x')).toBe(true);
    expect(patternMatches('*', '/anything')).toBe(true);
    expect(patternMatches('/ab*ab$', '/ab')).toBe(false);
  });

  it('ends a group of user agents only at a rule: a Sitemap line between them does not split it', () => {
    const robots = ['User-agent: ProcuraBot', 'Sitemap: https://dir.example.co.za/sitemap.xml', 'User-agent: *', 'Disallow: /'].join('\n');
    expect(allowed(robots, '/suppliers')).toBe(false);
  });

  it('keeps at most its caps of rules and pattern length', () => {
    const many = ['User-agent: *', ...Array.from({ length: MAX_RULES }, (_, i) => `Allow: /keep${i}`), 'Disallow: /dropped'].join('\n');
    expect(allowed(many, '/dropped')).toBe(true);
    expect(allowed(`User-agent: *\nDisallow: /${'x'.repeat(MAX_PATTERN_LENGTH)}\n`, `/${'x'.repeat(MAX_PATTERN_LENGTH)}`)).toBe(true);
  });

  it('allows everything without a robots.txt and nothing when it cannot be read', () => {
    expect(ALLOW_ALL.isAllowed(new URL('https://a.example/x'))).toBe(true);
    expect(DISALLOW_ALL.isAllowed(new URL('https://a.example/x'))).toBe(false);
  });
});
