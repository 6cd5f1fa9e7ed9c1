import { describe, expect, it } from 'vitest';
import { ALLOW_ALL, DISALLOW_ALL, MAX_PATTERN_LENGTH, MAX_RULES, parseRobots, patternMatches, productToken } from './robots';

const UA = 'ProcuraBot/1.0 (+https://procura.co.za/bot)';
const BOT = productToken(UA);
const allowed = (robots: string, path: string) => parseRobots(robots, BOT).isAllowed(new URL(path, 'https://dir.example.co.za'));

describe('robots.txt', () => {
  it('takes the product token from the user agent', () => {
    expect(productToken(UA)).toBe('ProcuraBot');
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

  it('compares escaped paths in either case, and never decodes an escape', () => {
    const robots = 'User-agent: *\nDisallow: /caf%c3%a9\nDisallow: /%7Euser\nDisallow: /tea\n';
    expect(allowed(robots, '/café/menu')).toBe(false);
    expect(allowed(robots, '/caf%c3%a9/menu')).toBe(false);
    expect(allowed(robots, '/~user/home')).toBe(true);
    expect(allowed(robots, '/%7euser/home')).toBe(false);
    expect(allowed(robots, '/%74ea')).toBe(true);
  });

  it('ignores comments, empty disallows and rules outside a group, and always allows /robots.txt', () => {
    const robots = ['Disallow: /early', '# a comment', 'User-agent: * # everyone', 'Disallow:', 'Disallow: / # all'].join('\n');
    expect(allowed(robots, '/early')).toBe(false);
    expect(allowed(robots, '/robots.txt')).toBe(true);
    expect(allowed('User-agent: *\nDisallow:\n', '/anything')).toBe(true);
  });

  it('reads Crawl-delay of the chosen group', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 2.5\n', BOT).crawlDelaySeconds).toBe(2.5);
    expect(parseRobots('User-agent: *\nCrawl-delay: 9\n\nUser-agent: ProcuraBot\nCrawl-delay: 3\n', BOT).crawlDelaySeconds).toBe(3);
    expect(parseRobots('User-agent: *\nCrawl-delay: soon\n', BOT).crawlDelaySeconds).toBeNull();
    expect(parseRobots('User-agent: *\nDisallow: /x\n', BOT).crawlDelaySeconds).toBeNull();
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

  it('keeps at most its cap of rules and cuts a pattern at its cap of length', () => {
    const many = ['User-agent: *', ...Array.from({ length: MAX_RULES }, (_, i) => `Allow: /keep${i}`), 'Disallow: /dropped'].join('\n');
    expect(allowed(many, '/dropped')).toBe(true);
    const long = `/${'x'.repeat(MAX_PATTERN_LENGTH - 1)}`;
    expect(allowed(`User-agent: *\nDisallow: ${long}yz\n`, `${long}-anything`)).toBe(false);
    expect(allowed(`User-agent: *\nDisallow: ${long}yz\n`, long.slice(0, -1))).toBe(true);
  });

  it('allows everything without a robots.txt and nothing when it cannot be read', () => {
    expect(ALLOW_ALL.isAllowed(new URL('https://a.example/x'))).toBe(true);
    expect(DISALLOW_ALL.isAllowed(new URL('https://a.example/x'))).toBe(false);
  });
});

/**
 * The cases of Google's own parser tests (google/robotstxt, robots_test.cc), each named after its
 * test there. `agent` is what Google's tests pass as the user agent: the product token obeyed.
 */
describe('as Google reads it', () => {
  const googleAllows = (robots: string | Uint8Array, agent: string, url: string) => parseRobots(robots, agent).isAllowed(new URL(url));
  /** Google's expectations for each URL, compared as one map so that a failure names every URL that differs. */
  const decisions = (robots: string | Uint8Array, agent: string, expected: Record<string, boolean>) => {
    const rules = parseRobots(robots, agent);
    expect(Object.fromEntries(Object.keys(expected).map((url) => [url, rules.isAllowed(new URL(url))]))).toEqual(expected);
  };
  const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => Buffer.from(part as string)));

  it('GoogleOnly_SystemTest', () => {
    expect(googleAllows('', 'FooBot', 'http://foo.bar/')).toBe(true);
    expect(googleAllows('user-agent: FooBot\ndisallow: /\n', '', 'http://foo.bar/')).toBe(true);
    expect(googleAllows('user-agent: FooBot\ndisallow: /\n', 'FooBot', 'http://foo.bar/')).toBe(false);
  });

  it('ID_LineSyntax_Line: a key and its value may be parted by whitespace where the colon is missing', () => {
    const url = 'http://foo.bar/x/y';
    expect(googleAllows('user-agent: FooBot\ndisallow: /\n', 'FooBot', url)).toBe(false);
    expect(googleAllows('foo: FooBot\nbar: /\n', 'FooBot', url)).toBe(true);
    expect(googleAllows('user-agent FooBot\ndisallow /\n', 'FooBot', url)).toBe(false);
    // Only a line of exactly two words is read so: three are not a key and its value.
    expect(googleAllows('user-agent FooBot\ndisallow / x\n', 'FooBot', url)).toBe(true);
  });

  it('ID_LineSyntax_Groups', () => {
    const robots = [
      'allow: /foo/bar/',
      '',
      'user-agent: FooBot',
      'disallow: /',
      'allow: /x/',
      'user-agent: BarBot',
      'disallow: /',
      'allow: /y/',
      '',
      '',
      'allow: /w/',
      'user-agent: BazBot',
      '',
      'user-agent: FooBot',
      'allow: /z/',
      'disallow: /',
    ].join('\n');
    decisions(robots, 'FooBot', { 'http://foo.bar/x/b': true, 'http://foo.bar/z/d': true, 'http://foo.bar/y/c': false, 'http://foo.bar/foo/bar/': false });
    decisions(robots, 'BarBot', { 'http://foo.bar/y/c': true, 'http://foo.bar/w/a': true, 'http://foo.bar/z/d': false, 'http://foo.bar/foo/bar/': false });
    decisions(robots, 'BazBot', { 'http://foo.bar/z/d': true, 'http://foo.bar/foo/bar/': false });
  });

  it('ID_LineSyntax_Groups_OtherRules', () => {
    for (const other of ['Sitemap: https://foo.bar/sitemap', 'Invalid-Unknown-Line: unknown']) {
      const robots = `User-agent: BarBot\n${other}\nUser-agent: *\nDisallow: /\n`;
      expect(googleAllows(robots, 'FooBot', 'http://foo.bar/')).toBe(false);
      expect(googleAllows(robots, 'BarBot', 'http://foo.bar/')).toBe(false);
    }
  });

  it('ID_REPLineNamesCaseInsensitive', () => {
    for (const [ua, allow, disallow] of [
      ['USER-AGENT', 'ALLOW', 'DISALLOW'],
      ['user-agent', 'allow', 'disallow'],
      ['uSeR-aGeNt', 'AlLoW', 'dIsAlLoW'],
    ]) {
      decisions(`${ua}: FooBot\n${allow}: /x/\n${disallow}: /\n`, 'FooBot', { 'http://foo.bar/x/y': true, 'http://foo.bar/a/b': false });
    }
  });

  it('ID_VerifyValidUserAgentsToObey: a product token is [a-zA-Z_-] only', () => {
    const validToObey = (name: string) => name.length > 0 && productToken(name) === name;
    expect(['Foobot', 'Foobot-Bar', 'Foo_Bar'].map(validToObey)).toEqual([true, true, true]);
    expect(['', 'ツ', 'Foobot*', ' Foobot ', 'Foobot/2.1', 'Foobot Bar'].map(validToObey)).toEqual([false, false, false, false, false, false]);
  });

  it('ID_UserAgentValueCaseInsensitive', () => {
    for (const line of ['User-Agent: FOO BAR', 'User-Agent: foo bar', 'User-Agent: FoO bAr']) {
      for (const agent of ['Foo', 'foo']) {
        decisions(`${line}\nAllow: /x/\nDisallow: /\n`, agent, { 'http://foo.bar/x/y': true, 'http://foo.bar/a/b': false });
      }
    }
  });

  it('GoogleOnly_AcceptUserAgentUpToFirstSpace', () => {
    const robots = 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
    expect(googleAllows(robots, 'Foo', 'http://foo.bar/x/y')).toBe(true);
    // "Foo Bar" is no product token, so no user-agent line names it and the * group applies.
    expect(googleAllows(robots, 'Foo Bar', 'http://foo.bar/x/y')).toBe(false);
    // The name on the line ends at its first character outside [a-zA-Z_-], a version or a star.
    expect(googleAllows('User-agent: *\nDisallow: /\nUser-agent: FooBot/2.1 extra\nAllow: /\n', 'FooBot', 'http://foo.bar/x')).toBe(true);
    expect(googleAllows('User-agent: *\nDisallow: /\nUser-agent: FooBot*\nAllow: /\n', 'FooBot', 'http://foo.bar/x')).toBe(true);
    // A star followed by a space and more is still the * group.
    expect(googleAllows('User-agent: * everyone\nDisallow: /\n', 'FooBot', 'http://foo.bar/x')).toBe(false);
  });

  it('ID_GlobalGroups_Secondary', () => {
    const url = 'http://foo.bar/x/y';
    const global = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
    expect(googleAllows('', 'FooBot', url)).toBe(true);
    expect(googleAllows(global, 'FooBot', url)).toBe(false);
    expect(googleAllows(global, 'BarBot', url)).toBe(true);
    expect(googleAllows('user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n', 'QuxBot', url)).toBe(true);
  });

  it('ID_AllowDisallow_Value_CaseSensitive', () => {
    expect(googleAllows('user-agent: FooBot\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/y')).toBe(false);
    expect(googleAllows('user-agent: FooBot\ndisallow: /X/\n', 'FooBot', 'http://foo.bar/x/y')).toBe(true);
  });

  it('ID_LongestMatch', () => {
    const url = 'http://foo.bar/x/page.html';
    expect(googleAllows('user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', 'FooBot', url)).toBe(false);
    decisions('user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', { [url]: true, 'http://foo.bar/x/': false });
    expect(googleAllows('user-agent: FooBot\ndisallow: \nallow: \n', 'FooBot', url)).toBe(true);
    expect(googleAllows('user-agent: FooBot\ndisallow: /\nallow: /\n', 'FooBot', url)).toBe(true);
    decisions('user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', { 'http://foo.bar/x': false, 'http://foo.bar/x/': true });
    expect(googleAllows('user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n', 'FooBot', url)).toBe(true);
    decisions('user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', { 'http://foo.bar/page.html': false, 'http://foo.bar/page': true });
    decisions('user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', { [url]: true, 'http://foo.bar/x/y.html': false });
    decisions('User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', { 'http://foo.bar/x/page': true, 'http://foo.bar/y/page': false });
  });

  it('ID_Encoding: rules are escaped as Google escapes them and compared with the escaped URL', () => {
    expect(
      googleAllows(
        'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
        'FooBot',
        'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par',
      ),
    ).toBe(true);
    // Google's test also passes the URL /foo/bar/ツ unescaped, which it then does not match: a URL
    // object's path is always escaped, as Google asks of its callers, so only the escaped form is here.
    expect(new URL('http://foo.bar/foo/bar/ツ').pathname).toBe('/foo/bar/%E3%83%84');
    expect(googleAllows('User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84')).toBe(true);
    expect(googleAllows('User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84')).toBe(true);
    // Escaped unreserved characters are not decoded: %62%61%7A matches itself, never baz.
    decisions('User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', 'FooBot', {
      'http://foo.bar/foo/bar/baz': false,
      'http://foo.bar/foo/bar/%62%61%7A': true,
    });
  });

  it('ID_SpecialCharacters', () => {
    decisions('User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n', 'FooBot', {
      'http://foo.bar/foo/bar/quz': false,
      'http://foo.bar/foo/quz': true,
      'http://foo.bar/foo//quz': true,
      'http://foo.bar/foo/bax/quz': true,
    });
    decisions('User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n', 'FooBot', {
      'http://foo.bar/foo/bar': false,
      'http://foo.bar/foo/bar/qux': true,
      'http://foo.bar/foo/bar/': true,
      'http://foo.bar/foo/bar/baz': true,
    });
    decisions('User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n', 'FooBot', {
      'http://foo.bar/foo/bar': true,
      'http://foo.bar/foo/quz': false,
    });
  });

  it('GoogleOnly_IndexHTMLisDirectory: allowing index.html allows its directory', () => {
    decisions('User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n', 'foobot', {
      'http://foo.com/allowed-slash/': true,
      'http://foo.com/allowed-slash/index.htm': false,
      'http://foo.com/allowed-slash/index.html': true,
      'http://foo.com/anyother-url': false,
    });
  });

  it('GoogleOnly_LineTooLong: a rule past the limit is cut, not dropped', () => {
    const kMaxLineLen = 2083 * 8;
    const longLine = (fill: string, key: string) => `/x/${fill.repeat(kMaxLineLen - '/x/'.length - key.length + 1 - '/x/'.length)}`;
    const cutDisallow = longLine('a', 'disallow: ');
    decisions(`user-agent: FooBot\ndisallow: ${cutDisallow}/qux\n`, 'FooBot', {
      'http://foo.bar/fux': true,
      [`http://foo.bar${cutDisallow}/fux`]: false,
    });
    const [a, b] = [longLine('a', 'allow: '), longLine('b', 'allow: ')];
    decisions(`user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`, 'FooBot', {
      'http://foo.bar/': false,
      [`http://foo.bar${a}/qux`]: true,
      [`http://foo.bar${b}/fux`]: true,
    });
  });

  it('cuts every line at 16,663 bytes, as Google does, whatever comes after', () => {
    const robots = `User-agent: FooBot\nDisallow${' '.repeat(2083 * 8)}: /\n`;
    expect(googleAllows(robots, 'FooBot', 'http://foo.bar/x')).toBe(true);
  });

  it('GoogleOnly_DocumentationChecks', () => {
    const group = (allow: string) => `user-agent: FooBot\ndisallow: /\nallow: ${allow}\n`;
    const fish = {
      'http://foo.bar/bar': false,
      'http://foo.bar/fish': true,
      'http://foo.bar/fish.html': true,
      'http://foo.bar/fish/salmon.html': true,
      'http://foo.bar/fishheads': true,
      'http://foo.bar/fishheads/yummy.html': true,
      'http://foo.bar/fish.html?id=anything': true,
      'http://foo.bar/Fish.asp': false,
      'http://foo.bar/catfish': false,
      'http://foo.bar/?id=fish': false,
    };
    decisions(group('/fish'), 'FooBot', fish);
    decisions(group('/fish*'), 'FooBot', fish);
    decisions(group('/fish/'), 'FooBot', {
      'http://foo.bar/bar': false,
      'http://foo.bar/fish/': true,
      'http://foo.bar/fish/salmon': true,
      'http://foo.bar/fish/?salmon': true,
      'http://foo.bar/fish/salmon.html': true,
      'http://foo.bar/fish/?id=anything': true,
      'http://foo.bar/fish': false,
      'http://foo.bar/fish.html': false,
      'http://foo.bar/Fish/Salmon.html': false,
    });
    decisions(group('/*.php'), 'FooBot', {
      'http://foo.bar/bar': false,
      'http://foo.bar/filename.php': true,
      'http://foo.bar/folder/filename.php': true,
      'http://foo.bar/folder/filename.php?parameters': true,
      'http://foo.bar//folder/any.php.file.html': true,
      'http://foo.bar/filename.php/': true,
      'http://foo.bar/index?f=filename.php/': true,
      'http://foo.bar/php/': false,
      'http://foo.bar/index?php': false,
      'http://foo.bar/windows.PHP': false,
    });
    decisions(group('/*.php$'), 'FooBot', {
      'http://foo.bar/bar': false,
      'http://foo.bar/filename.php': true,
      'http://foo.bar/folder/filename.php': true,
      'http://foo.bar/filename.php?parameters': false,
      'http://foo.bar/filename.php/': false,
      'http://foo.bar/filename.php5': false,
      'http://foo.bar/php/': false,
      'http://foo.bar/filename?php': false,
      'http://foo.bar/aaaphpaaa': false,
      'http://foo.bar//windows.PHP': false,
    });
    decisions(group('/fish*.php'), 'FooBot', {
      'http://foo.bar/bar': false,
      'http://foo.bar/fish.php': true,
      'http://foo.bar/fishheads/catfish.php?parameters': true,
      'http://foo.bar/Fish.PHP': false,
    });
    expect(googleAllows('user-agent: FooBot\nallow: /p\ndisallow: /\n', 'FooBot', 'http://example.com/page')).toBe(true);
    expect(googleAllows('user-agent: FooBot\nallow: /folder\ndisallow: /folder\n', 'FooBot', 'http://example.com/folder/page')).toBe(true);
    expect(googleAllows('user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n', 'FooBot', 'http://example.com/page.htm')).toBe(false);
    decisions('user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', { 'http://example.com/': true, 'http://example.com/page.html': false });
  });

  it('ID_LinesNumbersAreCountedCorrectly: every kind of line ending', () => {
    const lines = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'];
    const files = [
      `${lines.join('\n')}\n`,
      `${lines.join('\r\n')}\r\n`,
      `${lines.join('\r')}\r`,
      lines.join('\n'),
      'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
    ];
    for (const file of files) {
      decisions(file, 'bar', { 'http://foo.bar/some/path': false });
      decisions(file, 'foo', { 'http://foo.bar/other': true });
    }
  });

  it('ID_UTF8ByteOrderMarkIsSkipped: a whole or partial mark at the start only', () => {
    // Google's test counts the lines it reads; a Disallow line makes reading it visible here.
    const rules = 'User-Agent: foo\nDisallow: /AnyValue\n';
    const url = 'http://foo.bar/AnyValue';
    expect(googleAllows(bytes([0xef, 0xbb, 0xbf], rules), 'foo', url)).toBe(false);
    expect(googleAllows(bytes([0xef, 0xbb], rules), 'foo', url)).toBe(false);
    expect(googleAllows(bytes([0xef], rules), 'foo', url)).toBe(false);
    // Not a mark: the first line is unreadable, so the rule stands outside any group.
    expect(googleAllows(bytes([0xef, 0x11, 0xbf], rules), 'foo', url)).toBe(true);
    // A mark inside the file spoils the line it begins.
    expect(googleAllows(bytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Disallow: /AnyValue\n'), 'foo', url)).toBe(true);
    expect(googleAllows('User-Agent: foo\n\uFEFFDisallow: /AnyValue\n', 'foo', url)).toBe(true);
  });

  it('LinesNumbersAreCountedCorrectly (reporting_robots_test.cc): a key is known by its start, common misspellings included', () => {
    decisions('User-Agent bar # no\nDisallow: /\n', 'bar', { 'http://foo.bar/x': false });
    decisions('useragent: baz\ndisallaw: /some\n', 'baz', { 'http://foo.bar/some': false, 'http://foo.bar/other': true });
    decisions('user agent: baz\ndissallow: /a\ndissalow: /b\ndisalow: /c\ndiasllow: /d\n', 'baz', {
      'http://foo.bar/a': false,
      'http://foo.bar/b': false,
      'http://foo.bar/c': false,
      'http://foo.bar/d': false,
      'http://foo.bar/e': true,
    });
    decisions('User-agents: baz\nAllowed: /a\nDisallowed: /\n', 'baz', { 'http://foo.bar/a': true, 'http://foo.bar/b': false });
  });

  it('TestMaybeEscapePattern: non-ASCII escaped and escapes upper-cased in a rule', () => {
    decisions('User-agent: *\nDisallow: /á\nDisallow: /%aa\n', 'FooBot', {
      'http://foo.bar/%C3%A1': false,
      'http://foo.bar/%AA': false,
      'http://foo.bar/a': true,
    });
  });

  it('TestGetPathParamsQuery: the path with its params and query, without the fragment', () => {
    decisions('User-agent: *\nDisallow: /a/b;p?c=d&e=f$\n', 'FooBot', {
      'http://www.example.com/a/b;p?c=d&e=f#fragment': false,
      'http://www.example.com/a/b;p?c=d': true,
    });
  });
});
