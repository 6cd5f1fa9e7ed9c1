// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BotPage from './BotPage';

describe('/bot', () => {
  it('names the user agent, the robots.txt rules it keeps, its pace and whom to write to', () => {
    render(<BotPage />);
    expect(screen.getByRole('heading', { name: 'ProcuraBot', level: 1 })).toBeTruthy();
    expect(screen.getByText('ProcuraBot/1.0 (+http://localhost:3000/bot)')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'What it does',
      'How to recognise it',
      'robots.txt',
      'How fast it goes',
      'Contact',
    ]);
    expect(screen.getByText(/User-agent: ProcuraBot\s+Disallow: \//)).toBeTruthy();
    expect(document.body.textContent).toContain('At most one request every second to one site');
    expect(document.body.textContent).toContain('At most 50 pages in one crawl.');
    expect(document.body.textContent).toContain('It waits 10 seconds for a page, reads at most 2 MB of it');
    expect(document.body.textContent).toContain('A site asking for more than 60 seconds between requests is not crawled at all.');
    expect(screen.getByRole('link', { name: 'hello@procura.co.za' }).getAttribute('href')).toBe('mailto:hello@procura.co.za?subject=ProcuraBot');
  });
});
