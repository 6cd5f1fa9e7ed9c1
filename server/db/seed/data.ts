/**
 * Reference data Procura ships with: the 25 cities it delivers to, the sectors it serves, the
 * product categories and the 16-item starter catalogue. Reference prices are rand per unit and
 * seed the suppliers' price lists; the prices buyers see are those lists, not these figures.
 */
import type { CatalogueItem } from '../../domain/market';

export interface CitySeed {
  id: string;
  name: string;
  province: string;
  latitude: number;
  longitude: number;
}

export const CITIES: CitySeed[] = [
  { id: 'johannesburg', name: 'Johannesburg', province: 'Gauteng', latitude: -26.2041, longitude: 28.0473 },
  { id: 'cape-town', name: 'Cape Town', province: 'Western Cape', latitude: -33.9249, longitude: 18.4241 },
  { id: 'durban', name: 'Durban', province: 'KwaZulu-Natal', latitude: -29.8587, longitude: 31.0218 },
  { id: 'pretoria', name: 'Pretoria', province: 'Gauteng', latitude: -25.7479, longitude: 28.2293 },
  { id: 'gqeberha', name: 'Gqeberha', province: 'Eastern Cape', latitude: -33.9608, longitude: 25.6022 },
  { id: 'bloemfontein', name: 'Bloemfontein', province: 'Free State', latitude: -29.0852, longitude: 26.1596 },
  { id: 'east-london', name: 'East London', province: 'Eastern Cape', latitude: -33.0153, longitude: 27.9116 },
  { id: 'polokwane', name: 'Polokwane', province: 'Limpopo', latitude: -23.9045, longitude: 29.4689 },
  { id: 'mbombela', name: 'Mbombela', province: 'Mpumalanga', latitude: -25.4753, longitude: 30.9694 },
  { id: 'pietermaritzburg', name: 'Pietermaritzburg', province: 'KwaZulu-Natal', latitude: -29.6006, longitude: 30.3794 },
  { id: 'centurion', name: 'Centurion', province: 'Gauteng', latitude: -25.8603, longitude: 28.1894 },
  { id: 'benoni', name: 'Benoni', province: 'Gauteng', latitude: -26.1885, longitude: 28.3208 },
  { id: 'vereeniging', name: 'Vereeniging', province: 'Gauteng', latitude: -26.6731, longitude: 27.9261 },
  { id: 'stellenbosch', name: 'Stellenbosch', province: 'Western Cape', latitude: -33.9321, longitude: 18.8602 },
  { id: 'paarl', name: 'Paarl', province: 'Western Cape', latitude: -33.7342, longitude: 18.9621 },
  { id: 'george', name: 'George', province: 'Western Cape', latitude: -33.963, longitude: 22.4617 },
  { id: 'richards-bay', name: 'Richards Bay', province: 'KwaZulu-Natal', latitude: -28.783, longitude: 32.0377 },
  { id: 'newcastle', name: 'Newcastle', province: 'KwaZulu-Natal', latitude: -27.758, longitude: 29.9318 },
  { id: 'mthatha', name: 'Mthatha', province: 'Eastern Cape', latitude: -31.5889, longitude: 28.7844 },
  { id: 'welkom', name: 'Welkom', province: 'Free State', latitude: -27.9774, longitude: 26.7351 },
  { id: 'emalahleni', name: 'Emalahleni', province: 'Mpumalanga', latitude: -25.8713, longitude: 29.2332 },
  { id: 'rustenburg', name: 'Rustenburg', province: 'North West', latitude: -25.6676, longitude: 27.2421 },
  { id: 'mahikeng', name: 'Mahikeng', province: 'North West', latitude: -25.856, longitude: 25.6403 },
  { id: 'kimberley', name: 'Kimberley', province: 'Northern Cape', latitude: -28.7282, longitude: 24.7499 },
  { id: 'upington', name: 'Upington', province: 'Northern Cape', latitude: -28.4478, longitude: 21.2561 },
];

/** The sectors Procura serves. */
export const SECTORS: { id: string; name: string }[] = [
  { id: 'cleaning', name: 'Cleaning' },
  { id: 'industrial-chemicals', name: 'Industrial Chemicals' },
  { id: 'safety', name: 'Safety' },
  { id: 'office', name: 'Office' },
  { id: 'maintenance', name: 'Maintenance' },
  { id: 'packaging', name: 'Packaging' },
  { id: 'catering', name: 'Catering' },
  { id: 'electrical', name: 'Electrical' },
  { id: 'plumbing', name: 'Plumbing' },
  { id: 'construction', name: 'Construction' },
];

export interface CategorySeed {
  id: string;
  name: string;
  sectorId: string;
  /** Lower-case words and phrases that place a free-text product in this category. */
  keywords: string[];
}

/** Product categories: the catalogue's and the market estimator's. */
export const CATEGORIES: CategorySeed[] = [
  {
    id: 'cleaning-supplies',
    name: 'Cleaning Supplies',
    sectorId: 'cleaning',
    keywords: ['cleaner', 'cleaning', 'floor', 'mop', 'bleach', 'all-purpose', 'all purpose', 'scourer', 'broom', 'bucket', 'sponge', 'polish'],
  },
  { id: 'sanitizers', name: 'Sanitizers', sectorId: 'cleaning', keywords: ['sanitizer', 'sanitizing', 'hand rub', 'hand gel', 'alcohol'] },
  { id: 'kitchen-cleaning', name: 'Kitchen Cleaning', sectorId: 'catering', keywords: ['dishwashing', 'dish', 'kitchen', 'oven', 'pot', 'rinse aid'] },
  {
    id: 'disinfectants',
    name: 'Disinfectants',
    sectorId: 'cleaning',
    keywords: ['disinfectant', 'disinfecting', 'antibacterial', 'germicidal', 'virucidal', 'hospital-grade', 'hospital grade'],
  },
  { id: 'glass-cleaners', name: 'Glass Cleaners', sectorId: 'cleaning', keywords: ['glass', 'window', 'mirror'] },
  {
    id: 'hygiene-products',
    name: 'Hygiene Products',
    sectorId: 'cleaning',
    keywords: ['toilet paper', 'toilet roll', 'tissue', 'paper towel', 'hand towel', 'towels', 'sanitary'],
  },
  { id: 'medical-supplies', name: 'Medical Supplies', sectorId: 'safety', keywords: ['mask', 'surgical', 'medical', 'first aid', 'bandage', 'apron', 'gown'] },
  { id: 'personal-care', name: 'Personal Care', sectorId: 'cleaning', keywords: ['soap', 'hand wash', 'handwash', 'lotion', 'shampoo', 'body wash'] },
  { id: 'laundry-care', name: 'Laundry Care', sectorId: 'cleaning', keywords: ['laundry', 'washing powder', 'fabric softener', 'detergent', 'stain remover'] },
  { id: 'geysers', name: 'Geysers', sectorId: 'plumbing', keywords: ['geyser', 'water heater', 'boiler', 'heat pump'] },
  { id: 'hygiene-equipment', name: 'Hygiene Equipment', sectorId: 'maintenance', keywords: ['dispenser', 'hand dryer', 'sanitary bin', 'bin', 'urinal'] },
  {
    id: 'safety-equipment',
    name: 'Safety Equipment',
    sectorId: 'safety',
    keywords: ['glove', 'goggles', 'helmet', 'hard hat', 'ppe', 'reflective', 'vest', 'safety boot', 'respirator', 'ear plug'],
  },
  { id: 'air-fresheners', name: 'Air Fresheners', sectorId: 'cleaning', keywords: ['air freshener', 'fragrance', 'deodoriser', 'deodorizer', 'odour', 'odor'] },
  { id: 'paper-products', name: 'Paper Products', sectorId: 'office', keywords: ['paper', 'a4', 'copy paper', 'printing', 'envelope', 'notebook'] },
  {
    id: 'industrial-chemicals',
    name: 'Industrial Chemicals',
    sectorId: 'industrial-chemicals',
    keywords: ['industrial', 'chemical', 'solvent', 'degreaser', 'caustic', 'acid'],
  },
  { id: 'eco-cleaning', name: 'Eco Cleaning', sectorId: 'cleaning', keywords: ['eco', 'biodegradable', 'green', 'natural', 'enzyme'] },
];

/** A catalogue item as the seed writes it: the market's item before it is normalised for matching. */
export type CatalogueItemSeed = Omit<CatalogueItem, 'matchName' | 'unit' | 'keywords' | 'sortOrder'> & {
  unit: 'litres' | 'packs' | 'pieces' | 'kg';
  /** Phrases that name this exact product in a buyer's words. */
  keywords: string[];
};

export const CATALOGUE: CatalogueItemSeed[] = [
  {
    id: 'hand-sanitizer-70',
    name: 'Hand Sanitizer 70% Alcohol',
    description: 'Liquid hand sanitizer with 70% alcohol, refill for dispensers, sold in 5 L containers',
    unit: 'litres',
    categoryId: 'sanitizers',
    referencePriceCents: 8500,
    avgDelivery: '1-2 days',
    unitQuantity: 5,
    unitDescription: 'per litre, 5 L containers',
    keywords: ['hand sanitizer', 'liquid sanitizer', 'sanitizer refill', 'alcohol sanitizer'],
  },
  {
    id: 'sanitizer-gel-500ml',
    name: 'Hand Sanitizer Gel 500ml Pump',
    description: 'Alcohol hand sanitizer gel in a 500 ml pump bottle for desks and reception',
    unit: 'pieces',
    categoryId: 'sanitizers',
    referencePriceCents: 4500,
    avgDelivery: '1-2 days',
    unitQuantity: null,
    unitDescription: 'per 500 ml pump bottle',
    keywords: ['sanitizer gel', 'gel sanitizer', 'pump bottle', 'sanitizer pump'],
  },
  {
    id: 'dishwashing-liquid',
    name: 'Dishwashing Liquid Concentrate',
    description: 'Concentrated dishwashing liquid for commercial kitchens, sold in 5 L containers',
    unit: 'litres',
    categoryId: 'kitchen-cleaning',
    referencePriceCents: 2800,
    avgDelivery: '1-2 days',
    unitQuantity: 5,
    unitDescription: 'per litre, 5 L containers',
    keywords: ['dishwashing liquid', 'dishwashing', 'dish soap', 'dish liquid', 'washing up liquid'],
  },
  {
    id: 'toilet-paper-48',
    name: 'Toilet Paper 2-Ply (48-pack)',
    description: '2-ply toilet paper, 48 rolls of 350 sheets per pack',
    unit: 'packs',
    categoryId: 'hygiene-products',
    referencePriceCents: 31000,
    avgDelivery: '2-3 days',
    unitQuantity: 48,
    unitDescription: 'per pack of 48 rolls',
    keywords: ['toilet paper', 'toilet roll', 'toilet tissue', 'loo roll'],
  },
  {
    id: 'surgical-masks-50',
    name: 'Surgical Face Masks 3-Ply (50-pack)',
    description: 'Disposable 3-ply surgical face masks with ear loops, 50 per box',
    unit: 'packs',
    categoryId: 'medical-supplies',
    referencePriceCents: 9500,
    avgDelivery: '2-3 days',
    unitQuantity: 50,
    unitDescription: 'per box of 50 masks',
    keywords: ['surgical mask', 'face mask', 'surgical face mask', 'disposable mask'],
  },
  {
    id: 'nitrile-gloves-100',
    name: 'Nitrile Examination Gloves (100-pack)',
    description: 'Powder-free nitrile examination gloves, sizes S to XL, 100 per box',
    unit: 'packs',
    categoryId: 'safety-equipment',
    referencePriceCents: 14500,
    avgDelivery: '2-3 days',
    unitQuantity: 100,
    unitDescription: 'per box of 100 gloves',
    keywords: ['nitrile glove', 'examination glove', 'nitrile'],
  },
  {
    id: 'bleach-5l',
    name: 'Household Bleach',
    description: 'Sodium hypochlorite bleach for cleaning and whitening, sold in 5 L containers',
    unit: 'litres',
    categoryId: 'cleaning-supplies',
    referencePriceCents: 1800,
    avgDelivery: '1-2 days',
    unitQuantity: 5,
    unitDescription: 'per litre, 5 L containers',
    keywords: ['bleach', 'hypochlorite'],
  },
  {
    id: 'geyser-150l',
    name: 'Electric Geyser 150L',
    description: '150 litre electric geyser, 3 kW element, SABS approved, installation not included',
    unit: 'pieces',
    categoryId: 'geysers',
    referencePriceCents: 540000,
    avgDelivery: '3-5 days',
    unitQuantity: null,
    unitDescription: 'per geyser',
    keywords: ['geyser', 'water heater', 'hot water cylinder'],
  },
  {
    id: 'soap-dispenser',
    name: 'Wall-Mounted Soap Dispenser',
    description: 'Wall-mounted 1 litre dispenser for liquid soap or sanitizer, lockable',
    unit: 'pieces',
    categoryId: 'hygiene-equipment',
    referencePriceCents: 26000,
    avgDelivery: '2-3 days',
    unitQuantity: null,
    unitDescription: 'per dispenser',
    keywords: ['soap dispenser', 'sanitizer dispenser', 'wall dispenser'],
  },
  {
    id: 'surface-disinfectant',
    name: 'Hospital-Grade Surface Disinfectant',
    description: 'Quaternary ammonium surface disinfectant for clinics and food areas, 5 L containers',
    unit: 'litres',
    categoryId: 'disinfectants',
    referencePriceCents: 6500,
    avgDelivery: '1-2 days',
    unitQuantity: 5,
    unitDescription: 'per litre, 5 L containers',
    keywords: ['surface disinfectant', 'disinfectant', 'hospital grade disinfectant'],
  },
  {
    id: 'glass-cleaner',
    name: 'Glass and Window Cleaner',
    description: 'Streak-free glass and window cleaner, sold in 5 L containers',
    unit: 'litres',
    categoryId: 'glass-cleaners',
    referencePriceCents: 3200,
    avgDelivery: '1-2 days',
    unitQuantity: 5,
    unitDescription: 'per litre, 5 L containers',
    keywords: ['glass cleaner', 'window cleaner', 'glass and window'],
  },
  {
    id: 'liquid-hand-soap',
    name: 'Liquid Hand Soap',
    description: 'Mild liquid hand soap for washrooms, sold in 5 L containers',
    unit: 'litres',
    categoryId: 'personal-care',
    referencePriceCents: 3000,
    avgDelivery: '1-2 days',
    unitQuantity: 5,
    unitDescription: 'per litre, 5 L containers',
    keywords: ['hand soap', 'liquid soap', 'hand wash', 'handwash'],
  },
  {
    id: 'laundry-powder',
    name: 'Laundry Detergent Powder',
    description: 'Automatic laundry detergent powder for commercial machines, 10 kg bags',
    unit: 'kg',
    categoryId: 'laundry-care',
    referencePriceCents: 3800,
    avgDelivery: '2-3 days',
    unitQuantity: 10,
    unitDescription: 'per kg, 10 kg bags',
    keywords: ['laundry detergent', 'washing powder', 'laundry powder'],
  },
  {
    id: 'floor-cleaner',
    name: 'All-Purpose Floor Cleaner',
    description: 'Pine-scented all-purpose floor and surface cleaner, sold in 25 L drums',
    unit: 'litres',
    categoryId: 'cleaning-supplies',
    referencePriceCents: 2200,
    avgDelivery: '1-2 days',
    unitQuantity: 25,
    unitDescription: 'per litre, 25 L drums',
    keywords: ['floor cleaner', 'all-purpose cleaner', 'all purpose cleaner', 'multi-surface cleaner'],
  },
  {
    id: 'air-freshener-300ml',
    name: 'Air Freshener Aerosol 300ml',
    description: 'Aerosol air freshener, assorted fragrances, 300 ml cans',
    unit: 'pieces',
    categoryId: 'air-fresheners',
    referencePriceCents: 4200,
    avgDelivery: '2-3 days',
    unitQuantity: null,
    unitDescription: 'per 300 ml can',
    keywords: ['air freshener', 'room spray', 'aerosol freshener'],
  },
  {
    id: 'paper-hand-towels',
    name: 'Paper Hand Towels (case of 20)',
    description: 'Interfold paper hand towels for wall dispensers, case of 20 packs of 150 sheets',
    unit: 'packs',
    categoryId: 'hygiene-products',
    referencePriceCents: 24000,
    avgDelivery: '2-3 days',
    unitQuantity: 20,
    unitDescription: 'per case of 20 packs',
    keywords: ['paper towel', 'hand towel', 'paper hand towel', 'interfold'],
  },
];

export const PAYMENT_TERMS = ['Net 30', 'Net 14', 'Net 60 (account customers)', '50% deposit, balance on delivery', 'Cash on delivery'];
