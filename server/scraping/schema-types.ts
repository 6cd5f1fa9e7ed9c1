/**
 * The schema.org vocabulary the page extraction (extract.ts) reads: which item types are a
 * supplier, a product or an offer, and the relations through which an organisation on a page is
 * not a listed supplier.
 */

/** A schema.org item as JSON-LD writes it; microdata is read into the same shape. */
export type SchemaNode = { [key: string]: unknown };
type Node = SchemaNode;

// schema.org's Organization and the LocalBusiness subtypes a supplier directory lists.
const ORGANIZATION_TYPES = new Set(
  [
    'Organization',
    'Corporation',
    'LocalBusiness',
    'OnlineBusiness',
    'OnlineStore',
    'NGO',
    'Project',
    'SportsOrganization',
    'Store',
    'AutoPartsStore',
    'BikeStore',
    'BookStore',
    'ClothingStore',
    'ComputerStore',
    'ConvenienceStore',
    'DepartmentStore',
    'ElectronicsStore',
    'Florist',
    'FurnitureStore',
    'GardenStore',
    'GroceryStore',
    'HardwareStore',
    'HobbyShop',
    'HomeGoodsStore',
    'JewelryStore',
    'LiquorStore',
    'MensClothingStore',
    'MobilePhoneStore',
    'MovieRentalStore',
    'MusicStore',
    'OfficeEquipmentStore',
    'OutletStore',
    'PawnShop',
    'PetStore',
    'ShoeStore',
    'SportingGoodsStore',
    'TireShop',
    'ToyStore',
    'WholesaleStore',
    'HomeAndConstructionBusiness',
    'Electrician',
    'GeneralContractor',
    'HVACBusiness',
    'HousePainter',
    'Locksmith',
    'MovingCompany',
    'Plumber',
    'RoofingContractor',
    'ProfessionalService',
    'DryCleaningOrLaundry',
    'EmergencyService',
    'EmploymentAgency',
    'AutomotiveBusiness',
    'AutoRepair',
    'AutoWash',
    'HealthAndBeautyBusiness',
    'MedicalBusiness',
    'MedicalClinic',
    'Pharmacy',
    'FoodEstablishment',
    'FinancialService',
    'LegalService',
    'Notary',
    'RealEstateAgent',
    'SelfStorage',
    'TravelAgency',
    'EntertainmentBusiness',
    'LodgingBusiness',
    'RecyclingCenter',
    'ShoppingCenter',
    'ChildCare',
    'AnimalShelter',
    'Manufacturer',
  ].map((t) => t.toLowerCase()),
);

// Relations through which an organisation is not a listed supplier: the site's publisher, a
// product's brand or seller, an author's employer.
export const NOT_LISTED_THROUGH = new Set([
  'publisher',
  'author',
  'creator',
  'contributor',
  'editor',
  'producer',
  'brand',
  'manufacturer',
  'seller',
  'offeredBy',
  'sponsor',
  'funder',
  'copyrightHolder',
  'parentOrganization',
  'memberOf',
  'member',
  'worksFor',
  'affiliation',
  'alumniOf',
  'sourceOrganization',
  'provider',
  'isPartOf',
  'mainEntityOfPage',
]);

export const shortType = (t: string) =>
  t
    .replace(/^https?:\/\/schema\.org\//i, '')
    .replace(/^schema:/i, '')
    .trim();

export function typesOf(node: Node): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((t): t is string => typeof t === 'string').map(shortType);
}

export const isOrganization = (types: string[]) => types.some((t) => ORGANIZATION_TYPES.has(t.toLowerCase()));
export const isProduct = (types: string[]) =>
  types.some((t) => t.toLowerCase() === 'product' || t.toLowerCase() === 'productmodel' || t.toLowerCase() === 'individualproduct');
export const isOffer = (types: string[]) => types.some((t) => t.toLowerCase() === 'offer' || t.toLowerCase() === 'aggregateoffer');
