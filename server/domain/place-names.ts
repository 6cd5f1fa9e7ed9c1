/**
 * The other names South Africans give the cities Procura knows, each naming one city of the
 * catalogue by its id. A name is listed only when it points at that one city:
 *
 * - `other`: short forms and nicknames in everyday use (Joburg, Jozi, JHB, Durbs, PE, PMB, Bloem);
 * - `former`: the name a city had before it was renamed (Port Elizabeth became Gqeberha in 2021,
 *   Pietersburg Polokwane in 2005, Nelspruit Mbombela in 2009, Witbank Emalahleni, Mafikeng
 *   Mahikeng in 2010, Umtata Mthatha in 2004);
 * - `municipality`: the municipality whose seat the city is (Tshwane, eThekwini, Nelson Mandela
 *   Bay, Buffalo City, Mangaung, Msunduzi, Drakenstein, uMhlathuze);
 * - `area`: suburbs and townships inside the metropolitan municipality of the city. A suburb whose
 *   name another city also has (Rosebank, Observatory, Berea, Morningside, Brooklyn, Hillcrest,
 *   Claremont, Wynberg, Walmer, Constantia, Kloof, Inanda) is left out, as are towns of a metro that are
 *   places of their own (Kariega, Despatch, Botshabelo) and Centurion, which is a city here.
 *
 * Postal codes are not read: Procura holds no postal-code data, and a guessed range would send
 * an order to the wrong city. Admin imports name a supplier's city by its own name only.
 */

/** How a place name relates to its city; the location suggestions say it in words. */
export type PlaceNameKind = 'other' | 'former' | 'municipality' | 'area';

export interface PlaceName {
  name: string;
  cityId: string;
  kind: PlaceNameKind;
}

const names = (cityId: string, kind: PlaceNameKind, list: string[]): PlaceName[] => list.map((name) => ({ name, cityId, kind }));

export const PLACE_NAMES: readonly PlaceName[] = [
  ...names('johannesburg', 'other', ['Joburg', "Jo'burg", 'Jozi', 'JHB', 'eGoli']),
  ...names('johannesburg', 'area', [
    'Sandton',
    'Soweto',
    'Randburg',
    'Roodepoort',
    'Midrand',
    'Fourways',
    'Bryanston',
    'Rivonia',
    'Sunninghill',
    'Braamfontein',
    'Melville',
    'Parktown',
    'Houghton',
    'Alexandra',
    'Lenasia',
    'Diepsloot',
    'Northcliff',
    'Auckland Park',
    'Orange Farm',
  ]),
  ...names('pretoria', 'other', ['PTA']),
  ...names('pretoria', 'municipality', ['Tshwane']),
  ...names('pretoria', 'area', [
    'Hatfield',
    'Arcadia',
    'Menlyn',
    'Mamelodi',
    'Soshanguve',
    'Atteridgeville',
    'Garsfontein',
    'Lynnwood',
    'Waterkloof',
    'Silverton',
    'Akasia',
    'Hammanskraal',
  ]),
  ...names('cape-town', 'other', ['CPT', 'Mother City', 'Kaapstad']),
  ...names('cape-town', 'area', [
    'Sea Point',
    'Camps Bay',
    'Hout Bay',
    'Woodstock',
    'Rondebosch',
    'Muizenberg',
    'Fish Hoek',
    'Bellville',
    'Durbanville',
    'Parow',
    'Goodwood',
    'Milnerton',
    'Table View',
    'Blouberg',
    'Century City',
    'Brackenfell',
    'Kuils River',
    'Kraaifontein',
    'Somerset West',
    'Khayelitsha',
    'Mitchells Plain',
    'Gugulethu',
  ]),
  ...names('durban', 'other', ['Durbs', 'DBN']),
  ...names('durban', 'municipality', ['eThekwini']),
  ...names('durban', 'area', [
    'Umhlanga',
    'La Lucia',
    'Westville',
    'Pinetown',
    'Queensburgh',
    'Chatsworth',
    'Umlazi',
    'KwaMashu',
    'Amanzimtoti',
    'Isipingo',
    'Tongaat',
    'Verulam',
  ]),
  ...names('gqeberha', 'other', ['PE', 'NMB']),
  ...names('gqeberha', 'former', ['Port Elizabeth']),
  ...names('gqeberha', 'municipality', ['Nelson Mandela Bay']),
  ...names('gqeberha', 'area', ['Summerstrand', 'Humewood', 'Newton Park', 'Motherwell']),
  ...names('bloemfontein', 'other', ['Bloem']),
  ...names('bloemfontein', 'municipality', ['Mangaung']),
  ...names('east-london', 'municipality', ['Buffalo City']),
  ...names('east-london', 'area', ['Mdantsane', 'Beacon Bay', 'Gonubie']),
  ...names('polokwane', 'former', ['Pietersburg']),
  ...names('mbombela', 'former', ['Nelspruit']),
  ...names('pietermaritzburg', 'other', ['PMB', 'Maritzburg']),
  ...names('pietermaritzburg', 'municipality', ['Msunduzi']),
  ...names('emalahleni', 'former', ['Witbank']),
  ...names('mahikeng', 'former', ['Mafikeng', 'Mafeking']),
  ...names('mthatha', 'former', ['Umtata']),
  ...names('stellenbosch', 'other', ['Stellies']),
  ...names('paarl', 'municipality', ['Drakenstein']),
  ...names('richards-bay', 'municipality', ['uMhlathuze']),
];

/** Short names of provinces, read where a province's own name would be. */
export const PROVINCE_NAMES: readonly { name: string; province: string }[] = [{ name: 'KZN', province: 'KwaZulu-Natal' }];

/** What a location suggestion says of the name the buyer typed, when it is not the city's own. */
export function placeNameNote(place: Pick<PlaceName, 'name' | 'kind'>): string {
  switch (place.kind) {
    case 'other':
      return `Also called ${place.name}`;
    case 'former':
      return `Formerly ${place.name}`;
    case 'municipality':
      return `${place.name} municipality`;
    case 'area':
      return `Includes ${place.name}`;
  }
}
