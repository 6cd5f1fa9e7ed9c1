/** The reason a supplier line with the wrong number of fields is refused: it names both forms a line may take. */
export const wrongFieldCount = (found: number) =>
  `Expected 7 fields (name | email | category | location | rating | specialties | responseTime) or 12 (with vatNumber | registeredAddress | bbeeLevel | bbeeEvidence | bbeeExpiresOn), found ${found}`;

/**
 * Supplier lines as a staff member pastes them (name | email | category | location | rating |
 * specialties | responseTime), each wrong in one way, beside the reason the import gives for it word
 * for word. Blank optional fields are fine: the Atlantis line is refused for its city alone.
 */
const FAULTY_SUPPLIER_LINES: [line: string, reason: string][] = [
  ['Widget World | sales@widgets.example | widgets | Durban | 4 | | 24h', 'Unknown category "widgets"'],
  ['Atlantis Supply | sales@atlantis.example | sanitizers | Atlantis | | | ', 'Unknown city "Atlantis"'],
  ['No Email | not-an-address | sanitizers | Durban | 4 | | 24h', '"not-an-address" is not a valid e-mail address'],
  ['Too Good | sales@too-good.example | sanitizers | Durban | 7 | | 24h', 'Rating must be a number from 1 to 5, not "7"'],
  ['Short | sales@short.example | sanitizers', wrongFieldCount(3)],
];

/** The faulty lines' text, to paste. */
export const faultyLines = () => FAULTY_SUPPLIER_LINES.map(([line]) => line);

/** The reasons for the faulty lines, numbered as they stand from line `first` on. */
export const faultyLineReasons = (first: number) => FAULTY_SUPPLIER_LINES.map(([, reason], i) => ({ line: first + i, reason }));
