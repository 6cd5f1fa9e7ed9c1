import { expect, it } from 'vitest';
import { startTestServerForFile, validRfq } from '../test/harness';

// 07:30 UTC is 09:30 in Johannesburg, where the rest of the site tells the time.
const server = startTestServerForFile({ NODE_ENV: 'development' }, { clock: () => Date.parse('2026-12-06T07:30:00.000Z') });

it('shows when each e-mail was written in Johannesburg time, labelled SAST, on the list and on the e-mail', async () => {
  expect((await server.request('POST', '/api/rfq', { body: validRfq() })).status).toBe(201);
  const list = await server.request('GET', '/dev/mailbox');
  expect(list.text).toContain('<th scope="col">Written (SAST)</th>');
  expect(list.text).toContain('<td><span class="label" aria-hidden="true">Written: </span>2026-12-06 09:30 SAST</td>');
  expect(list.text).not.toContain('07:30');
  const id = /href="\/dev\/mailbox\/(\d+)"/.exec(list.text)![1];
  const mail = await server.request('GET', `/dev/mailbox/${id}`);
  expect(mail.text).toContain('<dt>Written</dt><dd>2026-12-06 09:30 SAST</dd>');
});

it('fits a 390 px phone: long addresses and subjects wrap, and the table becomes one block per e-mail on a narrow screen', async () => {
  const { text } = await server.request('GET', '/dev/mailbox');
  expect(text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(text).toContain('td,dd,h1,pre{overflow-wrap:anywhere}');
  expect(text).toMatch(/@media \(max-width:640px\)\{table,tbody,tr,td,caption\{display:block\}/);
  // Each cell's heading shows beside it there, hidden from assistive technology, which reads the column headings.
  expect(text).toContain('td .label{display:none;color:#475569}');
  expect(text).toMatch(/@media \(max-width:640px\)\{[^@]*td \.label\{display:inline\}/);
});
