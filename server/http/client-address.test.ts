import { describe, expect, it } from 'vitest';
import { clientAddress, isLoopback } from './client-address';

describe('clientAddress', () => {
  it('reads no header when no proxy is trusted', () => {
    expect(clientAddress('203.0.113.7', '::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
  });

  it('takes the address the nearest trusted proxy saw, counting hops from the right', () => {
    expect(clientAddress('198.51.100.1, 203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(clientAddress('198.51.100.1, 203.0.113.7, 10.0.0.1', '10.0.0.2', 2)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7,10.0.0.1', '10.0.0.2', 2)).toBe('203.0.113.7');
  });

  it('falls back to the leftmost hop when fewer proxies wrote than are trusted, and to the socket with no header', () => {
    expect(clientAddress('203.0.113.7', '10.0.0.2', 3)).toBe('203.0.113.7');
    expect(clientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
  });

  it('drops ports and IPv4-mapped prefixes', () => {
    expect(clientAddress('203.0.113.7:51234', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(clientAddress('[2001:DB8::1]:443', '10.0.0.2', 1)).toBe('2001:db8::1');
  });
});

describe('isLoopback', () => {
  it('knows this machine from anyone else', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', 'unknown', ''].map(isLoopback)).toEqual([false, false, false, false, false, false]);
  });
});
