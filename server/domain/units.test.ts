import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../db/seed/data';
import { canonicalUnit, chooseUnit, conversionText, convertibleUnits } from './units';

const item = (id: string) => CATALOGUE.find((i) => i.id === id)!;

describe('units', () => {
  it('folds spellings of one unit together', () => {
    expect(['litres', 'liters', 'Litre', 'L', 'ltr'].map(canonicalUnit)).toEqual(['litres', 'litres', 'litres', 'litres', 'litres']);
    expect(['kg', 'kilograms', 'g', 'grams', 'pcs', 'container', 'boxes'].map(canonicalUnit)).toEqual(['kg', 'kg', 'g', 'g', 'pieces', 'containers', 'boxes']);
  });

  it('knows what each catalogue item converts to', () => {
    expect(Object.fromEntries(convertibleUnits(item('bleach-5l')))).toEqual({ litres: 1, ml: 0.001, containers: 5 });
    expect(Object.fromEntries(convertibleUnits(item('floor-cleaner')))).toEqual({ litres: 1, ml: 0.001, drums: 25 });
    expect(Object.fromEntries(convertibleUnits(item('laundry-powder')))).toEqual({ kg: 1, g: 0.001, bags: 10 });
    expect(Object.fromEntries(convertibleUnits(item('toilet-paper-48')))).toEqual({ packs: 1, rolls: 1 / 48, pieces: 1 / 48 });
    expect(Object.fromEntries(convertibleUnits(item('surgical-masks-50')))).toEqual({ packs: 1, boxes: 1, masks: 1 / 50, pieces: 1 / 50 });
    // A case of 20 packs: the pieces inside are not known.
    expect(Object.fromEntries(convertibleUnits(item('paper-hand-towels')))).toEqual({ packs: 1, cases: 1 });
    expect(Object.fromEntries(convertibleUnits(item('geyser-150l')))).toEqual({ pieces: 1 });
  });

  it('quotes in the unit asked for, or names the units it can', () => {
    const bleach = item('bleach-5l');
    expect(chooseUnit(bleach, undefined, 1800)).toEqual({ ok: true, unit: 'litres', factor: 1 });
    expect(chooseUnit(bleach, 'litres', 1800)).toEqual({ ok: true, unit: 'litres', factor: 1 });
    expect(chooseUnit(bleach, 'Containers', 1800)).toEqual({ ok: true, unit: 'containers', factor: 5 });
    expect(chooseUnit(bleach, 'boxes', 1800)).toEqual({
      ok: false,
      message: 'Household Bleach can be quoted in litres or containers (5 litres each), not boxes',
    });
    expect(chooseUnit(item('geyser-150l'), 'ml', 540_000)).toEqual({ ok: false, message: 'Electric Geyser 150L can be quoted in pieces, not ml' });
    // ml of something dear enough to price per ml to the cent.
    expect(chooseUnit(bleach, 'ml', 200_000)).toEqual({ ok: true, unit: 'ml', factor: 0.001 });
    expect(chooseUnit(null, 'boxes', 5000)).toEqual({ ok: true, unit: 'boxes', factor: 1 });
    expect(chooseUnit(null, undefined, 5000)).toEqual({ ok: true, unit: 'units', factor: 1 });
  });

  it("says how a converted unit relates to the item's own", () => {
    expect(conversionText('containers', 5, 'litres')).toBe('1 container = 5 litres');
    expect(conversionText('rolls', 1 / 48, 'packs')).toBe('48 rolls = 1 pack');
    expect(conversionText('ml', 0.001, 'litres')).toBe('1000 ml = 1 litre');
  });
});
