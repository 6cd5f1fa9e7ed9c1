import { describe, expect, it } from 'vitest';
import { CITIES } from '../db/seed/data';
import { marketOf } from '../test/market';
import { nearPlaces, resolveLocation, unknownPlaceText } from './interpret';
import { PLACE_NAMES } from './place-names';
import { normalizePhrase } from './text';

const market = marketOf();
const cityOf = (text: string) => resolveLocation(market, text).city?.id ?? null;

describe('the names South Africans use for places', () => {
  it.each([
    ['Joburg', 'johannesburg'],
    ["Jo'burg", 'johannesburg'],
    ['Jozi', 'johannesburg'],
    ['JHB', 'johannesburg'],
    ['Jhb', 'johannesburg'],
    ['eGoli', 'johannesburg'],
    ['Sandton', 'johannesburg'],
    ['Soweto', 'johannesburg'],
    ['Randburg', 'johannesburg'],
    ['Tshwane', 'pretoria'],
    ['PTA', 'pretoria'],
    ['Centurion', 'centurion'],
    ['PE', 'gqeberha'],
    ['Port Elizabeth', 'gqeberha'],
    ['Gqeberha', 'gqeberha'],
    ['Nelson Mandela Bay', 'gqeberha'],
    ['Durbs', 'durban'],
    ['eThekwini', 'durban'],
    ['Umhlanga', 'durban'],
    ['PMB', 'pietermaritzburg'],
    ['Pietermaritzburg', 'pietermaritzburg'],
    ['Maritzburg', 'pietermaritzburg'],
    ['Bloem', 'bloemfontein'],
    ['Mangaung', 'bloemfontein'],
    ['East London', 'east-london'],
    ['Buffalo City', 'east-london'],
    ['CPT', 'cape-town'],
    ['Cape Town', 'cape-town'],
    ['Mother City', 'cape-town'],
    ['Kaapstad', 'cape-town'],
    ['Polokwane', 'polokwane'],
    ['Pietersburg', 'polokwane'],
    ['Mbombela', 'mbombela'],
    ['Nelspruit', 'mbombela'],
    ['Witbank', 'emalahleni'],
    ['Mafikeng', 'mahikeng'],
    ['Umtata', 'mthatha'],
  ])('%s is %s', (text, city) => {
    expect(cityOf(text)).toBe(city);
  });

  it('reads every listed name as its city, within an address too', () => {
    for (const place of PLACE_NAMES) {
      expect([place.name, cityOf(place.name)]).toEqual([place.name, place.cityId]);
      expect([place.name, cityOf(`Unit 4, 12 Main Road, ${place.name.toUpperCase()}`)]).toEqual([place.name, place.cityId]);
    }
  });

  it('lists names of known cities only, each once, none a city of its own', () => {
    const ids = new Set(CITIES.map((c) => c.id));
    const cityNames = new Set(CITIES.map((c) => normalizePhrase(c.name)));
    const seen = new Set<string>();
    for (const place of PLACE_NAMES) {
      const name = normalizePhrase(place.name);
      expect([place.name, ids.has(place.cityId), cityNames.has(name), seen.has(name)]).toEqual([place.name, true, false, false]);
      seen.add(name);
    }
  });

  it('matches whole names only, and the longest name wins', () => {
    expect(cityOf('Durbanville')).toBe('cape-town');
    expect(cityOf('Peppercorn Road')).toBeNull();
    expect(cityOf('Sandton, Johannesburg')).toBe('johannesburg');
    expect(cityOf('Centurion, Pretoria')).toBe('centurion');
    expect(cityOf('Durban North')).toBe('durban');
  });

  it('reads short province names where a province is meant', () => {
    expect(resolveLocation(market, 'Ladysmith, KZN')).toEqual({ city: null, province: 'KwaZulu-Natal' });
    expect(resolveLocation(market, 'Knysna, Western Cape')).toEqual({ city: null, province: 'Western Cape' });
  });

  it('matches nothing for text that names no place, postal codes included', () => {
    for (const text of ['Atlantis', 'Knysna', 'Narnia', '2196', 'my office']) {
      expect([text, resolveLocation(market, text)]).toEqual([text, { city: null, province: null }]);
    }
  });
});

describe('what an unknown place is told', () => {
  it('finds the cities a misspelt name comes close to, through any of their names', () => {
    const near = (text: string) => nearPlaces(market, text, 3).map((n) => [n.city.id, n.via?.name ?? null]);
    expect(near('Johanesburg')).toEqual([['johannesburg', null]]);
    expect(near('Joburgg')).toEqual([['johannesburg', 'Joburg']]);
    expect(near('Pretora')).toEqual([['pretoria', null]]);
    expect(near('Sandtn office park')).toEqual([['johannesburg', 'Sandton']]);
    expect(near('Atlantis')).toEqual([]);
    expect(near('PX')).toEqual([]);
  });

  it('names those cities in the field message, or says how to name a town', () => {
    expect(unknownPlaceText(market, 'Johanesburg')).toBe(
      'Please enter a delivery location we know: did you mean Johannesburg, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape)',
    );
    expect(unknownPlaceText(market, 'Atlantis')).toBe(
      'Please enter a delivery location we know: a city, or a town with its province (e.g. Knysna, Western Cape)',
    );
  });
});
